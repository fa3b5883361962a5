import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';
import type { RunningStack } from '@mechabrim/launcher';
import { borrowFederationStack } from './support/front-ends';
import type { Browser } from 'playwright-core';
import { seriousViolations } from '../storefront/support/storefront-stack';
import { collectErrors, launchBrowser, screenshot } from '../support/browser';

/**
 * The author portal on its own origin (the authors' subdomain): its own page, its own sign-in
 * against the real API (demo data), and the same screens the shell mounts.
 */
describe('the author portal served on its own', () => {
  let stack: RunningStack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([borrowFederationStack(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('signs an author in and opens the dashboard', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${stack.urls.authorPortal}/`);
    await page.waitForURL('**/login');
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await page.getByRole('heading', { name: 'כניסה לפורטל הסופרים' }).waitFor();

    await page.getByLabel('אימייל').fill(DEMO_ACCOUNTS.author.email);
    await page.getByLabel('סיסמה').fill(DEMO_ACCOUNTS.author.password);
    await page.getByRole('button', { name: 'כניסה' }).click();

    await page.waitForURL('**/author-dashboard');
    await page.getByTestId('portal-user').filter({ hasText: DEMO_ACCOUNTS.author.name }).waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(page, 'author-portal-standalone-dashboard');

    // The session is the portal origin's own: it survives a reload there.
    await page.reload();
    await page.getByTestId('portal-user').filter({ hasText: DEMO_ACCOUNTS.author.name }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('signs an admin in to the moderation area, and leads back to the store’s own origin', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${stack.urls.authorPortal}/login`);
    await page.getByRole('heading', { name: 'כניסה לפורטל הסופרים' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('אימייל').fill(DEMO_ACCOUNTS.admin.email);
    await page.getByLabel('סיסמה').fill(DEMO_ACCOUNTS.admin.password);
    await page.getByRole('button', { name: 'כניסה' }).click();
    await page.waitForURL('**/author-dashboard/moderation');
    await page.getByRole('heading', { level: 1, name: 'ניהול תוכן' }).waitFor({ timeout: 30_000 });
    await expect(page.getByText('חשבון ניהול', { exact: true }).count()).resolves.toBe(1);
    await page.getByTestId('pending-book').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'author-portal-standalone-moderation');
    expect(await seriousViolations(page)).toEqual([]);

    // 'Back to the site' is the store (the shell's origin), not a route of the portal's origin.
    await page.getByRole('link', { name: 'חזרה לאתר' }).click();
    await page.waitForURL((url) => url.port === new URL(stack.urls.shell).port);
    await page.locator('main h1').first().waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('turns away a reader and shows the API message for a wrong password', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.urls.authorPortal}/login`);
    await page.getByRole('button', { name: 'כניסה' }).click();
    await page.getByText('אימייל הוא שדה חובה', { exact: true }).waitFor();

    await page.getByLabel('אימייל').fill(DEMO_ACCOUNTS.reader.email);
    await page.getByLabel('סיסמה').fill(DEMO_ACCOUNTS.reader.password);
    await page.getByRole('button', { name: 'כניסה' }).click();
    await page
      .getByRole('alert')
      .getByText('הכניסה לפורטל מיועדת לסופרים בלבד', { exact: false })
      .waitFor();
    await expect(page.evaluate(() => window.localStorage.getItem('token'))).resolves.toBeNull();

    await page.getByLabel('אימייל').fill(DEMO_ACCOUNTS.author.email);
    await page.getByLabel('סיסמה').fill('not-the-password');
    await page.getByRole('button', { name: 'כניסה' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.not.toContain('הכניסה לפורטל מיועדת');
    await expect(page.evaluate(() => window.location.pathname)).resolves.toBe('/login');
    await screenshot(page, 'author-portal-standalone-wrong-password');
    await page.close();
  });

  it('reports a window error of the standalone page to the API client log', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.urls.authorPortal}/login`);
    await page.getByRole('heading', { name: 'כניסה לפורטל הסופרים' }).waitFor();
    const reported = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        request.url() === `${stack.urls.authorPortal}/api/logs/client-error`,
    );
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('portal failure');
      });
    });
    expect((await reported).postDataJSON()).toMatchObject({
      level: 'error',
      message: expect.stringContaining('portal failure'),
    });
    await page.close();
  });

  it('sends a visitor who is not signed in from a dashboard page to the sign-in page', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.urls.authorPortal}/author-dashboard/books`);
    await page.waitForURL('**/login');
    await page.close();
  });
});
