import type { Browser } from 'playwright-core';
import { collectErrors, launchBrowser, screenshot } from '../support/browser';
import { FIXTURE_BOOK, startCatalogueFixture } from './support/catalogue-fixture';
import { ensureBuilt, startFrontEnds, type RunningFrontEnds } from './support/front-ends';

describe('one cart for the shell and the remotes', () => {
  let browser: Browser;
  let frontEnds: RunningFrontEnds;
  let api: Awaited<ReturnType<typeof startCatalogueFixture>>;

  beforeAll(async () => {
    await ensureBuilt();
    api = await startCatalogueFixture();
    [browser, frontEnds] = await Promise.all([
      launchBrowser(),
      startFrontEnds({ apiBaseUrl: api.url }),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await frontEnds?.close();
    await api?.close();
  });

  it("updates the shell's badge at once when a book is added in the storefront, and keeps the cart over a reload", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${frontEnds.urls.shell}/`);

    const storefront = page.locator('[data-remote="storefront"]');
    const badge = page.getByRole('banner').getByTestId('cart-count');
    const add = storefront.getByRole('button', { name: `הוספת ${FIXTURE_BOOK.title} לסל` }).first();
    await add.waitFor();
    await expect(badge.count()).resolves.toBe(0);

    // The storefront's book card and the shell's header share one store: no reload, no event bus.
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await add.click();
    await badge.waitFor({ timeout: 2_000 });
    await expect(badge.textContent()).resolves.toBe('1');
    await storefront
      .getByRole('button', { name: `הסרת ${FIXTURE_BOOK.title} מהסל` })
      .first()
      .waitFor();
    expect(navigations).toBe(0);
    await screenshot(page, 'federation-cart-badge');

    const stored = await page.evaluate(() =>
      JSON.parse(window.localStorage.getItem('cart') ?? 'null'),
    );
    expect(stored).toEqual([
      { book: expect.objectContaining({ _id: FIXTURE_BOOK._id }), quantity: 1 },
    ]);

    // After a reload both sides restore the same cart.
    await page.reload();
    await badge.waitFor();
    await expect(badge.textContent()).resolves.toBe('1');
    await storefront
      .getByRole('button', { name: `הסרת ${FIXTURE_BOOK.title} מהסל` })
      .first()
      .waitFor();

    // Removing it in the storefront empties the shell's badge.
    await storefront
      .getByRole('button', { name: `הסרת ${FIXTURE_BOOK.title} מהסל` })
      .first()
      .click();
    await badge.waitFor({ state: 'detached', timeout: 2_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
