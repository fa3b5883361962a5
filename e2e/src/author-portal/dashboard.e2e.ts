import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';
import { coverPdf, interiorPdf, pngImage } from '@mechabrim/testing';
import type { Page } from 'playwright-core';
import {
  openPage,
  pageErrors,
  seriousViolations,
  startWorld,
  visit,
  type StorefrontWorld,
  type ViewportName,
} from '../storefront/support/storefront-stack';
import { screenshot } from '../support/browser';

/**
 * Issue 12's author journey through the real stack (shell, author-portal remote, API, embedded
 * MongoDB with the demo data): the demo author signs in, reads the overview, books, orders and
 * earnings, hides a book and shows it again, and edits the profile, which the server keeps.
 * axe checks every screen.
 */

const author = DEMO_ACCOUNTS.author;
const keep = (page: Page, name: string, viewport: ViewportName) =>
  screenshot(page, `author-portal-${name}-${viewport}`);

/** Opens a section from the portal's navigation and waits for its heading. */
async function openSection(page: Page, link: string, heading: string) {
  await page
    .getByRole('navigation', { name: 'ניווט בפורטל הסופרים' })
    .getByRole('link', { name: link })
    .click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
}

// One stack for both widths: each width's journey uses its own accounts and records, so the
// second does not depend on what the first left behind.
let world: StorefrontWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.close());

describe.each<ViewportName>(['desktop', 'mobile'])('the author dashboard (%s)', (viewport) => {
  it('signs in, reads every section with the demo data, hides and shows a book, edits the profile', async () => {
    const { page, errors, context } = await openPage(world, viewport);
    await visit(world, page, '/login');
    await page.getByLabel('אימייל').fill(author.email);
    await page.getByLabel('סיסמה').fill(author.password);
    await page.getByRole('button', { name: 'התחברות', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Overview: the welcome, four figures and the first books' activity.
    await visit(world, page, '/author-dashboard');
    await page.getByRole('heading', { level: 1, name: `שלום, ${author.name}` }).waitFor();
    const cards = page.getByRole('list', { name: 'לוח הבקרה' });
    await cards.waitFor({ timeout: 30_000 });
    await expect(cards.getByRole('listitem').count()).resolves.toBe(4);
    await expect(page.getByTestId('activity').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByText('חשבון סופרים', { exact: true }).count()).resolves.toBe(1);
    await keep(page, 'overview', viewport);
    expect(await seriousViolations(page)).toEqual([]);

    // Books: tabs with counts, then hide an available book and show it again.
    await openSection(page, 'הספרים שלי', 'הספרים שלי');
    await page.getByTestId('book-card').first().waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toHaveLength(3);
    expect(tabs[0]).toMatch(/^הכול \(\d+\)$/);
    const hide = page.getByRole('button', { name: /^הסתרה / }).first();
    const title = ((await hide.textContent()) ?? '').replace(/^הסתרה\s*/, '').trim();
    await hide.click();
    await page.getByText(`הספר "${title}" הוסתר מהחנות.`).waitFor();
    const show = page.getByRole('button', { name: `הצגה ${title}` });
    await show.waitFor();
    await keep(page, 'books', viewport);
    expect(await seriousViolations(page)).toEqual([]);
    await show.click();
    await page.getByText(`הספר "${title}" מוצג שוב בחנות.`).waitFor();
    await page.getByRole('button', { name: `הסתרה ${title}` }).waitFor();

    // Orders: the demo orders, the author's own revenue on each card.
    await openSection(page, 'הזמנות', 'הזמנות');
    await page.getByTestId('order-card').first().waitFor({ timeout: 30_000 });
    await expect(
      page.getByTestId('order-card').first().getByText('ההכנסה שלכם').count(),
    ).resolves.toBe(1);
    expect(await page.getByRole('tab').allTextContents()).toHaveLength(6);
    await keep(page, 'orders', viewport);
    expect(await seriousViolations(page)).toEqual([]);

    // Earnings: the figures, and the breakdown with its chart when there are sales.
    await openSection(page, 'הכנסות', 'הכנסות');
    await page.getByRole('list', { name: 'סך ההכנסות' }).waitFor({ timeout: 30_000 });
    // The demo ledger has sales: the breakdown, its totals column and the chart are there.
    const table = page.getByRole('table', { name: 'פירוט חודשי' });
    await table.waitFor();
    await expect(table.getByRole('columnheader', { name: 'סה״כ' }).count()).resolves.toBe(1);
    await expect(table.getByRole('rowheader').count()).resolves.toBe(6);
    await page.getByRole('img', { name: /הכנסה נטו לפי חודש/ }).waitFor();
    await expect(page.getByTestId('top-book').count()).resolves.toBeGreaterThan(0);
    await keep(page, 'earnings', viewport);
    expect(await seriousViolations(page)).toEqual([]);

    // Profile: edit, save on the server, and it is still there after a reload.
    await openSection(page, 'פרופיל', 'הפרופיל שלי');
    await page.getByRole('button', { name: 'עריכה' }).click();
    const experience = `כותבת מאז ${viewport === 'desktop' ? '2010' : '2012'}`;
    await page.getByLabel('ניסיון').fill(experience);
    await page.getByLabel('ז׳אנרים').fill('שירה, פרוזה');
    // 'לשון פנייה': the demo data knows נועה writes as a woman; the radios answer the arrows.
    const genders = page.getByRole('group', { name: 'לשון פנייה' });
    const female = genders.getByRole('radio', { name: 'נקבה' });
    await expect(female.isChecked()).resolves.toBe(true);
    await female.focus();
    await page.keyboard.press('ArrowDown');
    await expect(genders.getByRole('radio', { name: 'זכר' }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('ArrowUp');
    await expect(female.isChecked()).resolves.toBe(true);
    await keep(page, 'profile-edit', viewport);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'שמירה' }).click();
    await page.getByText('הפרופיל נשמר.').waitFor();
    await page.reload();
    await page.getByText(experience).waitFor({ timeout: 30_000 });
    await page.getByText('שירה, פרוזה').waitFor();
    await expect(
      page.locator('.ap-profile__row', { hasText: 'לשון פנייה' }).locator('dd').textContent(),
    ).resolves.toBe('נקבה');

    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('uploads a book with real PDFs and a cover image, then sees it pending in the books list', async () => {
    const options = { pages: 40, size: 'A5', paper: '80g', direction: 'rtl' } as const;
    const [interior, cover, image] = await Promise.all([
      interiorPdf({ pages: options.pages }),
      coverPdf(options),
      pngImage(600, 900),
    ]);
    const { page, errors, context } = await openPage(world, viewport);
    await visit(world, page, '/login');
    await page.getByLabel('אימייל').fill(author.email);
    await page.getByLabel('סיסמה').fill(author.password);
    await page.getByRole('button', { name: 'התחברות', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await visit(world, page, '/author-dashboard');
    await page.getByRole('link', { name: 'העלאת ספר' }).first().click();
    await page
      .getByRole('heading', { level: 1, name: 'העלאת ספר חדש' })
      .waitFor({ timeout: 30_000 });
    const title = `ספר מועלה ${viewport} ${Date.now()}`;
    await page.getByLabel(/^שם הספר/).fill(title);
    await page.getByLabel(/^תיאור/).fill('ספר שהועלה במסע הדפדפן');
    await page.getByLabel(/^מחיר/).fill('64.90');
    await page.getByLabel(/^קטגוריה/).selectOption('שירה');
    await page.getByLabel(/^תגיות/).fill('שירה, מסע');
    await page.getByLabel(/^מספר עמודים/).fill(String(options.pages));
    await page.getByLabel(/^סוג נייר/).selectOption(options.paper);
    // The print cost is the print partner's quote for these options, not typed by the author.
    await page.getByTestId('price-split').getByText('מה שתקבלו').waitFor({ timeout: 30_000 });
    // The cover template for these options comes from the API before anything is uploaded.
    await page
      .getByTestId('cover-template')
      .filter({ hasNotText: /מחשב|יש למלא/ })
      .waitFor({ timeout: 30_000 });
    await page
      .getByLabel(/^קובץ הספר/)
      .setInputFiles({ name: 'interior.pdf', mimeType: 'application/pdf', buffer: interior });
    await page
      .getByLabel(/^קובץ הכריכה/)
      .setInputFiles({ name: 'cover.pdf', mimeType: 'application/pdf', buffer: cover });
    await page
      .getByLabel(/^תמונת הכריכה/)
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: image });
    await keep(page, 'upload', viewport);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'העלאת הספר' }).click();

    // The books list, on the pending tab, with the new book. (Its preflight shows when
    // GET /api/books/author/:id sends `preflight`; today that list leaves it out.)
    await page.waitForURL((url) => url.pathname === '/author-dashboard/books', { timeout: 60_000 });
    await page.getByText('הספר הועלה בהצלחה! הוא ייבדק ויאושר בקרוב.').waitFor();
    const card = page.getByTestId('book-card').filter({ hasText: title });
    await card.waitFor({ timeout: 30_000 });
    await card.getByText('ממתין לאישור').first().waitFor();
    await keep(page, 'uploaded', viewport);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('lets the admin approve a pending book from the moderation area, and it goes on sale', async () => {
    const admin = DEMO_ACCOUNTS.admin;
    const { page, errors, context } = await openPage(world, viewport);
    await visit(world, page, '/login');
    await page.getByLabel('אימייל').fill(admin.email);
    await page.getByLabel('סיסמה').fill(admin.password);
    await page.getByRole('button', { name: 'התחברות', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`${world.stack.urls.shell}/author-dashboard/moderation`);
    await page.getByRole('heading', { level: 1, name: 'ניהול תוכן' }).waitFor({ timeout: 30_000 });
    const pending = page.getByTestId('pending-book').first();
    await pending.waitFor({ timeout: 30_000 });
    const title = (await pending.getByRole('heading').textContent()) ?? '';
    const books = await world.api<{ books: { _id: string; title: string }[] }>(
      '/api/books?limit=100',
    );
    expect(books.books.some((book) => book.title === title)).toBe(false);
    await keep(page, 'moderation', viewport);
    expect(await seriousViolations(page)).toEqual([]);

    await pending.getByRole('button', { name: `אישור ${title}` }).click();
    await page.getByText(`"${title}" אושר.`).waitFor();
    const after = await world.api<{ books: { _id: string; title: string }[] }>(
      '/api/books?limit=100',
    );
    expect(after.books.some((book) => book.title === title)).toBe(true);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });
});
