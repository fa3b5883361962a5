import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';
import type { Page } from 'playwright-core';
import {
  pageErrors,
  seriousViolations,
  startWorld,
  visit,
  type StorefrontWorld,
} from '../storefront/support/storefront-stack';
import { collectErrors, screenshot } from '../support/browser';

/**
 * Issue 23's journey through the real stack (shell, author-portal remote, API, worker, embedded
 * MongoDB with the demo data): the demo author opens 'תשלומים' and enters payout details there;
 * the demo admin starts the month's payout run, sees its authors and totals, downloads the Masav
 * file and marks it sent; the author then finds the payout with its statement page and PDF.
 * At a phone's 375 px and a laptop's 1366 px; axe checks every screen.
 */

const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  laptop: { width: 1366, height: 768 },
} as const;
type Viewport = keyof typeof VIEWPORTS;

const keep = (page: Page, name: string, viewport: Viewport) =>
  screenshot(page, `author-portal-payouts-${name}-${viewport}`);

async function signIn(world: StorefrontWorld, viewport: Viewport, who: 'author' | 'admin') {
  const context = await world.browser.newContext({
    viewport: VIEWPORTS[viewport],
    locale: 'he-IL',
    reducedMotion: 'reduce',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const account = DEMO_ACCOUNTS[who];
  await visit(world, page, '/login');
  await page.getByLabel('אימייל').fill(account.email);
  await page.getByLabel('סיסמה').fill(account.password);
  await page.getByRole('button', { name: 'התחברות', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return { context, page, errors };
}

/**
 * The page's width holds its content: nothing scrolls the whole page sideways (a wide table
 * scrolls inside its own region). On failure, what sticks out, to say where to look.
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width + 1) return [];
    return Array.from(document.body.querySelectorAll('*'))
      .filter((el) => {
        const rect = el.getBoundingClientRect();
        return rect.width > 0 && (rect.left < -1 || rect.right > width + 1);
      })
      .slice(-5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${el.textContent?.slice(0, 40)}`);
  });
}

describe.each<Viewport>(['phone', 'laptop'])('payouts and the payout run (%s)', (viewport) => {
  let world: StorefrontWorld;

  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(() => world?.close());

  it('the author enters payout details, the admin runs and sends the batch, the author reads the statement', async () => {
    // The author: the payouts section from the navigation, nothing paid yet, details entered.
    const author = await signIn(world, viewport, 'author');
    let page = author.page;
    await visit(world, page, '/author-dashboard');
    await page
      .getByRole('navigation', { name: 'ניווט בפורטל הסופרים' })
      .getByRole('link', { name: 'תשלומים' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'תשלומים' }).waitFor({ timeout: 30_000 });
    await page.getByRole('list', { name: 'התשלום הבא' }).waitFor({ timeout: 30_000 });
    await page.getByText('עדיין לא היו תשלומים').waitFor();
    await page.getByRole('button', { name: 'הזנת פרטי תשלום' }).click();
    await page.getByLabel('שם בעל החשבון').fill(DEMO_ACCOUNTS.author.name);
    await page.getByLabel('בנק', { exact: true }).selectOption('12');
    await page.getByLabel('מספר סניף').fill('571');
    await page.getByLabel('מספר חשבון').fill('41116');
    await page.getByLabel('מספר תעודת זהות או מספר עוסק').fill('000000018');
    await page.getByLabel('עוסק מורשה').check();
    await page.getByRole('button', { name: 'שמירת פרטי התשלום' }).click();
    await page.getByText('פרטי התשלום נשמרו').waitFor({ timeout: 30_000 });
    expect(await overflowing(page)).toEqual([]);
    await keep(page, 'section', viewport);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(author.errors)).toEqual([]);

    // The admin: the month's run, its authors, the Masav file, sent to the bank.
    const admin = await signIn(world, viewport, 'admin');
    page = admin.page;
    await page.goto(`${world.stack.urls.shell}/author-dashboard/payout-runs`);
    await page
      .getByRole('heading', { level: 1, name: 'הרצות תשלומים' })
      .waitFor({ timeout: 30_000 });
    await page.getByText('עדיין לא היו הרצות תשלומים').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'הפעלת הרצת התשלומים של החודש' }).click();
    const run = page.getByTestId('payout-run').first();
    await run.getByText('הסתיימה').waitFor({ timeout: 120_000 });
    await run.getByRole('button', { name: 'הצגת הסופרים' }).click();
    const row = run.getByTestId('run-payout').filter({ hasText: DEMO_ACCOUNTS.author.name });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('בקובץ').waitFor();
    const [batch] = await Promise.all([
      page.waitForEvent('download'),
      run.getByRole('button', { name: 'הורדת קובץ מס״ב' }).click(),
    ]);
    expect(batch.suggestedFilename()).toMatch(/^payouts-\d{4}-\d{2}\.msv$/);
    expect(await overflowing(page)).toEqual([]);
    await keep(page, 'admin-run', viewport);
    expect(await seriousViolations(page)).toEqual([]);
    await run.getByRole('button', { name: 'סימון כנשלח לבנק' }).click();
    await page.getByText('קובץ ההעברות סומן כנשלח לבנק').waitFor({ timeout: 30_000 });
    await run.getByText(/נשלח לבנק ב־/).waitFor();
    expect(pageErrors(admin.errors)).toEqual([]);
    await admin.context.close();

    // The author again: the payout, paid, with its statement page and PDF.
    page = author.page;
    await page.reload();
    const payout = page.getByTestId('past-payout').first();
    await payout.waitFor({ timeout: 30_000 });
    await payout.getByText('הועבר', { exact: true }).waitFor();
    await payout.getByRole('link', { name: /לדוח המלא/ }).click();
    await page
      .getByRole('heading', { level: 1, name: /^דוח תמלוגים לחודש / })
      .waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'מכירות, החזרים וביטולים בתקופה' }).waitFor();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'הורדת הדוח (PDF)' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.pdf$/);
    expect(await overflowing(page)).toEqual([]);
    await keep(page, 'statement', viewport);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(author.errors)).toEqual([]);
    await author.context.close();
  }, 420_000);
});
