import type { RunningStack } from '@mechabrim/launcher';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, screenshot } from '../support/browser';
import { startFederationStack } from './support/front-ends';

const UNAVAILABLE = 'החלק הזה של האתר אינו זמין כרגע';

describe('a remote that is down', () => {
  let browser: Browser;
  let stack: RunningStack;
  let page: Page;

  beforeAll(async () => {
    [browser, stack] = await Promise.all([launchBrowser(), startFederationStack()]);
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows a Hebrew fallback in its own area while the frame and the other remotes keep working', async () => {
    await stack.stopService('checkout');
    await page.goto(`${stack.urls.shell}/cart`);

    const area = page.locator('[data-remote="checkout"]');
    await area.getByRole('heading', { name: UNAVAILABLE }).waitFor();
    await expect(area.getByRole('button', { name: 'לנסות שוב' }).isVisible()).resolves.toBe(true);
    // The frame is intact, and the header still reads the real API (the category strip).
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: /מחברים/ }).isVisible()).resolves.toBe(true);
    await page.getByRole('navigation', { name: 'קטגוריות' }).getByRole('link').first().waitFor();
    await expect(page.getByRole('contentinfo').textContent()).resolves.toContain(
      `© ${new Date().getFullYear()}`,
    );
    await screenshot(page, 'federation-checkout-down');
    await expect(axeViolations(page, '[data-remote="checkout"]')).resolves.toEqual([]);

    // Another remote's route works, by client-side navigation from the same page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'צרו קשר' }).click();
    await page.waitForURL('**/contact');
    await page.locator('[data-remote="storefront"] h1').first().waitFor();
    await expect(page.getByText(UNAVAILABLE).count()).resolves.toBe(0);

    // And the author portal's (its guard sends a visitor who is not signed in home — to the storefront).
    await page.goto(`${stack.urls.shell}/author-dashboard`);
    await page.locator('[data-remote="storefront"]').waitFor();
  });

  it('recovers with the retry button once the remote is back', async () => {
    await page.goto(`${stack.urls.shell}/cart`);
    const area = page.locator('[data-remote="checkout"]');
    await area.getByRole('heading', { name: UNAVAILABLE }).waitFor();

    await stack.startService('checkout');
    await area.getByRole('button', { name: 'לנסות שוב' }).click();
    await area.getByRole('heading', { level: 1 }).filter({ hasNotText: UNAVAILABLE }).waitFor();
    await expect(area.getByText(UNAVAILABLE).count()).resolves.toBe(0);
    await screenshot(page, 'federation-checkout-back');
  });
});
