import type { RunningStack } from '@mechabrim/launcher';
import { until } from '@mechabrim/testing';
import type { Browser, Page } from 'playwright-core';
import { collectCspViolations, collectErrors, launchBrowser, screenshot } from '../support/browser';
import { borrowFederationStack } from './support/front-ends';

/** `url` with its host swapped for `host` (same port and path). */
function onHost(url: string, host: string): string {
  const swapped = new URL(url);
  swapped.hostname = host;
  return swapped.href.replace(/\/$/, '');
}

/**
 * The store works at whatever address it is opened by: the page calls the API on its own origin
 * (the edge server proxies /api) and loads the remotes from its own host, so opened at
 * 127.0.0.1 (or a LAN address) it is not empty. And every page runs under the edge server's
 * Content-Security-Policy without a single violation.
 */
describe('the store at any address, under its security policy', () => {
  let browser: Browser;
  let stack: RunningStack;

  beforeAll(async () => {
    [browser, stack] = await Promise.all([launchBrowser(), borrowFederationStack()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function openPage(): Promise<{ page: Page; errors: string[]; violations: string[] }> {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const violations = await collectCspViolations(page);
    return { page, errors, violations };
  }

  for (const host of ['127.0.0.1', 'localhost']) {
    it(`opened at ${host}: categories and books arrive, from the page's own origin`, async () => {
      const shell = onHost(stack.urls.shell, host);
      const { page, errors, violations } = await openPage();
      const apiOrigins = new Set<string>();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) apiOrigins.add(url.origin);
      });

      await page.goto(`${shell}/`);
      const strip = page.getByRole('navigation', { name: 'קטגוריות' });
      await strip.getByRole('link').first().waitFor();
      await page.locator('main [data-testid="book-card"]').first().waitFor();
      await expect(strip.getByRole('status').count()).resolves.toBe(0);
      await screenshot(page, `any-address-${host}-home`);

      // A book page, the authors, the sign-in page and the cart, each under the same policy.
      const firstBook = page.locator('main a[href^="/book/"]').first();
      const bookPath = await firstBook.getAttribute('href');
      expect(bookPath).toBeTruthy();
      await page.goto(`${shell}${bookPath}`);
      await page.locator('main h1').first().waitFor();
      await page.goto(`${shell}/authors`);
      await page.locator('main h1').first().waitFor();
      await page.goto(`${shell}/login`);
      await page.locator('main form').first().waitFor();
      // The checkout remote's area (the cart), loaded from its own origin.
      await page.goto(`${shell}/cart`);
      await page.locator('[data-remote="checkout"] h1').first().waitFor();

      expect([...apiOrigins]).toEqual([new URL(shell).origin]);
      expect(violations).toEqual([]);
      expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
      await page.close();
    });
  }

  it('the policy is enforced: an inline script it does not know is refused, and reported', async () => {
    const { page, violations } = await openPage();
    await page.goto(`${stack.urls.shell}/about`);
    await page.locator('[data-remote="storefront"] h1').first().waitFor();
    await expect(page.addScriptTag({ content: 'window.__injected = true;' })).rejects.toThrow(
      /Content Security Policy/,
    );
    await expect(page.evaluate(() => 'injected' in window)).resolves.toBe(false);
    const reported = await until('the violation report', async () =>
      violations.length > 0 ? violations.join('\n') : undefined,
    );
    expect(reported).toContain('script-src');
    await page.close();
  });

  it('the author portal on its own origin signs in under its policy, at 127.0.0.1', async () => {
    const portal = onHost(stack.urls.authorPortal, '127.0.0.1');
    const { page, errors, violations } = await openPage();
    await page.goto(`${portal}/login`);
    await page.getByRole('heading', { name: 'כניסה לפורטל הסופרים' }).waitFor();
    await page.getByLabel('אימייל').fill('nobody@example.com');
    await page.getByLabel('סיסמה').fill('not-the-password');
    await page.getByRole('button', { name: 'כניסה' }).click();
    // The API answered (through the portal's own origin): its message, not a network failure.
    await page.getByRole('alert').waitFor();
    await screenshot(page, 'any-address-author-portal');
    expect(violations).toEqual([]);
    // The refused sign-in is the only error the page reports.
    expect(errors.filter((e) => !e.includes('401') && !/favicon/.test(e))).toEqual([]);
    await page.close();
  });
});
