import type { RunningStack } from '@mechabrim/launcher';
import type { Browser } from 'playwright-core';
import { collectErrors, launchBrowser, screenshot } from '../support/browser';
import { borrowFederationStack } from './support/front-ends';

interface ApiBook {
  _id: string;
  title: string;
}

describe('one cart for the shell and the remotes', () => {
  let browser: Browser;
  let stack: RunningStack;

  beforeAll(async () => {
    [browser, stack] = await Promise.all([launchBrowser(), borrowFederationStack()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it("updates the shell's badge at once when a book is added in the storefront, and keeps the cart over a reload", async () => {
    // The home page's first pick: the demo catalogue's best seller, as the real API lists it.
    const {
      books: [book],
    } = (await (await fetch(`${stack.urls.api}/api/books?sort=sales&limit=1`)).json()) as {
      books: ApiBook[];
    };
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${stack.urls.shell}/`);

    const storefront = page.locator('[data-remote="storefront"]');
    const badge = page.getByRole('banner').getByTestId('cart-count');
    const add = storefront.getByRole('button', { name: `הוספת ${book?.title} לסל` }).first();
    const remove = storefront.getByRole('button', { name: `הסרת ${book?.title} מהסל` }).first();
    await add.waitFor();
    await expect(badge.count()).resolves.toBe(0);

    // The storefront's book card and the shell's header share one store: no reload, no event bus.
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await add.click();
    // No tighter wait than the default: a busy machine is slow to paint, and `navigations`
    // below is what shows the badge changed without a reload.
    await badge.waitFor();
    await expect(badge.textContent()).resolves.toBe('1');
    await remove.waitFor();
    expect(navigations).toBe(0);
    await screenshot(page, 'federation-cart-badge');

    const stored = await page.evaluate(() =>
      JSON.parse(window.localStorage.getItem('cart') ?? 'null'),
    );
    expect(stored).toEqual([{ book: expect.objectContaining({ _id: book?._id }), quantity: 1 }]);

    // After a reload both sides restore the same cart.
    await page.reload();
    await badge.waitFor();
    await expect(badge.textContent()).resolves.toBe('1');
    await remove.waitFor();

    // Removing it in the storefront empties the shell's badge.
    await remove.click();
    await badge.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
