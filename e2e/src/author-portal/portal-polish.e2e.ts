import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';
import { coverPdf, interiorPdf, pngImage } from '@mechabrim/testing';
import type { Page } from 'playwright-core';
import {
  pageErrors,
  seriousViolations,
  startWorld,
  visit,
  type StorefrontWorld,
  type Width,
  openPage,
} from '../storefront/support/storefront-stack';
import { openAccountMenu, screenshot } from '../support/browser';

/**
 * Issue 27's author-portal items as an author sees them, at a phone's 375 px and a laptop's
 * 1366 px, through the real stack (shell, the author-portal remote, API, worker, embedded MongoDB
 * with the demo data): the name once and a short header (19), the preflight report's width and
 * sizes (13), a rejected book's files replaced and checked again, and the page saying where the
 * book stands (10), errors at their fields and prices as prices (15), and the earnings chart (14).
 */

const author = DEMO_ACCOUNTS.author;
const admin = DEMO_ACCOUNTS.admin;
const OPTIONS = { pages: 40, size: 'A5', paper: '80g', direction: 'rtl' } as const;

const keep = (page: Page, name: string, width: Width) =>
  screenshot(page, `author-portal-polish-${name}-${width}`);

async function tokenOf(world: StorefrontWorld, email: string, password: string) {
  const answer = await world.api<{ token: string }>('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return answer.token;
}

/** Waits until the worker's preflight has written its report on the book. */
async function checked(world: StorefrontWorld, token: string, id: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const book = await world.api<{ preflight?: { status: string } | null }>(`/api/books/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (book.preflight && book.preflight.status !== 'pending') return book.preflight.status;
    if (Date.now() > deadline) throw new Error(`no preflight report on ${id} in 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** True when nothing on the page is wider than the window (no sideways scroll on a phone). */
const fitsTheWindow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

// One stack for both widths: each width uploads and rejects a book of its own title.
let world: StorefrontWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.close());

describe.each<Width>(['phone', 'laptop'])('the author portal, polished (%s)', (width) => {
  let authorToken = '';
  const title = `ספר שנדחה ${width} ${Date.now() % 100_000}`;
  let bookId = '';

  beforeAll(async () => {
    authorToken = await tokenOf(world, author.email, author.password);
    const adminToken = await tokenOf(world, admin.email, admin.password);
    // A book whose second page has the wrong size: its report fails with measured sizes.
    const form = new FormData();
    const fields = {
      title,
      description: 'ספר שנדחה ומקבל קבצים חדשים',
      price: '44.90',
      category: 'שירה',
      tags: 'מסע',
      pages: String(OPTIONS.pages),
      size: OPTIONS.size,
      paperType: OPTIONS.paper,
      readingFormat: OPTIONS.direction,
      printingType: 'bw',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const [interior, cover, image] = await Promise.all([
      interiorPdf({ pages: OPTIONS.pages, oddSizedPage: 2 }),
      coverPdf(OPTIONS),
      pngImage(600, 900),
    ]);
    form.append('pdfFile', new Blob([new Uint8Array(interior)]), 'interior.pdf');
    form.append('coverPdfFile', new Blob([new Uint8Array(cover)]), 'cover.pdf');
    form.append('coverImage', new Blob([new Uint8Array(image)]), 'cover.png');
    const uploaded = await world.api<{ book: { _id: string } }>('/api/books', {
      method: 'POST',
      headers: { authorization: `Bearer ${authorToken}` },
      body: form,
    });
    bookId = uploaded.book._id;
    await expect(checked(world, authorToken, bookId)).resolves.toBe('failed');
    await world.api(`/api/moderation/books/${bookId}/reject`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'העמוד השני בגודל אחר' }),
    });
  });

  it('shows the name once and a short header, a wide readable report, and a readable chart', async () => {
    const { page, errors, context } = await openPage(world, width);
    await visit(world, page, '/login');
    await page.getByLabel('אימייל').fill(author.email);
    await page.getByLabel('סיסמה').fill(author.password);
    await page.getByRole('button', { name: 'התחברות', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // 19: the overview greets by name, and the bar does not repeat it; the heading comes soon.
    await visit(world, page, '/author-dashboard');
    const welcome = page.getByRole('heading', { level: 1, name: `שלום, ${author.name}` });
    await welcome.waitFor({ timeout: 30_000 });
    await expect(page.locator('.ap-frame__name').count()).resolves.toBe(0);
    const top = await welcome.evaluate((h1) => h1.getBoundingClientRect().top + window.scrollY);
    if (width === 'phone') expect(top).toBeLessThan(260);
    expect(await fitsTheWindow(page)).toBe(true);
    await keep(page, 'overview', width);

    // 13: the rejected book's card spans the list, its report the card, sizes width × height.
    await visit(world, page, '/author-dashboard/books');
    const card = page.getByTestId('book-card').filter({ hasText: title });
    await card.waitFor({ timeout: 30_000 });
    await card.getByText('נדחה', { exact: true }).waitFor();
    const report = card.getByTestId('preflight');
    await report.locator('summary').click();
    const sizes = report.locator('bdi.ap-dims');
    await sizes.first().waitFor();
    expect(await sizes.first().textContent()).toMatch(/^\d+(\.\d+)? × \d+(\.\d+)?$/);
    const [reportWidth, listWidth] = await Promise.all([
      report.evaluate((el) => el.getBoundingClientRect().width),
      page.locator('.ap-books').evaluate((el) => el.getBoundingClientRect().width),
    ]);
    expect(reportWidth / listWidth).toBeGreaterThan(0.85);
    expect(await fitsTheWindow(page)).toBe(true);
    await keep(page, 'report', width);
    expect(await seriousViolations(page)).toEqual([]);

    // 14: the chart has the section's width, a figure per month, every month in order.
    await visit(world, page, '/author-dashboard/earnings');
    const chart = page.locator('figure.ap-chart');
    await chart.waitFor({ timeout: 30_000 });
    const [chartWidth, sectionWidth] = await Promise.all([
      chart.evaluate((el) => el.getBoundingClientRect().width),
      page.locator('.ap-frame__body').evaluate((el) => {
        const style = getComputedStyle(el);
        return (
          el.getBoundingClientRect().width -
          parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight)
        );
      }),
    ]);
    expect(chartWidth / sectionWidth).toBeGreaterThan(0.95);
    const months = await page
      .getByTestId('chart-bar')
      .evaluateAll((bars) => bars.map((bar) => (bar as HTMLElement).dataset.month ?? ''));
    expect(months.length).toBeGreaterThan(0);
    for (let i = 1; i < months.length; i += 1) {
      const [y, m] = (months[i - 1] ?? '').split('-').map(Number);
      const next = new Date(Date.UTC(y ?? 0, m ?? 0, 1)).toISOString().slice(0, 7);
      expect(months[i]).toBe(next);
    }
    const values = await page.locator('.ap-chart__value').allTextContents();
    expect(values).toHaveLength(months.length);
    expect(values.every((value) => /₪/.test(value))).toBe(true);
    expect(await fitsTheWindow(page)).toBe(true);
    await keep(page, 'earnings', width);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('replaces a rejected book’s files, says where the book stands, and keeps errors at their fields', async () => {
    const { page, errors, context } = await openPage(world, width);
    await visit(world, page, '/login');
    await page.getByLabel('אימייל').fill(author.email);
    await page.getByLabel('סיסמה').fill(author.password);
    await page.getByRole('button', { name: 'התחברות', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // 10 and 15 on the edit page of the rejected book.
    await visit(world, page, `/book/edit/${bookId}`);
    const standing = page.getByTestId('edit-standing');
    await standing.waitFor({ timeout: 30_000 });
    expect(await standing.textContent()).toContain('נדחה ואינו מוצג בחנות');
    expect(await standing.textContent()).not.toContain('יוצג');
    await page.getByText('סיבת הדחייה: העמוד השני בגודל אחר').waitFor();
    const price = page.getByLabel(/^מחיר/);
    await expect(price.inputValue()).resolves.toBe('44.90');
    await price.fill('');
    await page.getByRole('button', { name: 'שליחה לאישור' }).click();
    await page.getByText('יש להזין מחיר לספר').waitFor();
    await price.fill('44.90');

    const files = page.getByRole('form', { name: 'החלפת קבצים' });
    const interiorField = files.getByLabel(/^קובץ הספר/);
    const png = await pngImage(60, 90);
    await interiorField.setInputFiles({
      name: 'not-a-pdf.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await expect(interiorField.getAttribute('aria-invalid')).resolves.toBe('true');
    await files.getByText('הקובץ בקובץ הספר אינו PDF. יש להעלות קובץ PDF.').waitFor();
    await keep(page, 'edit-file-error', width);
    const interior = await interiorPdf({ pages: OPTIONS.pages });
    await interiorField.setInputFiles({
      name: 'interior-fixed.pdf',
      mimeType: 'application/pdf',
      buffer: interior,
    });
    await expect(interiorField.getAttribute('aria-invalid')).resolves.not.toBe('true');
    await expect(files.getByText(/אינו PDF/).count()).resolves.toBe(0);
    await files.getByRole('button', { name: 'החלפת הקבצים' }).click();
    await page
      .getByText('הקבצים החדשים התקבלו. נבדוק אותם לדפוס, והספר ימתין שוב לאישור.')
      .waitFor({ timeout: 60_000 });
    await standing.filter({ hasText: 'ממתין לאישור ועדיין אינו מוצג' }).waitFor();
    // The preflight runs again on the new interior, and passes.
    await expect(checked(world, authorToken, bookId)).resolves.toBe('passed');
    await page.reload();
    await page.getByTestId('preflight').getByText('הקבצים עברו את הבדיקה').waitFor({
      timeout: 30_000,
    });
    expect(await fitsTheWindow(page)).toBe(true);
    await keep(page, 'edit-replaced', width);
    expect(await seriousViolations(page)).toEqual([]);

    // 15 on the upload form: a bad file's error at its field, gone with a good file.
    await visit(world, page, '/book/upload');
    const imageField = page.getByLabel(/^תמונת הכריכה/);
    await imageField.setInputFiles({
      name: 'cover.pdf',
      mimeType: 'application/pdf',
      buffer: interior,
    });
    await expect(imageField.getAttribute('aria-invalid')).resolves.toBe('true');
    await imageField.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await expect(imageField.getAttribute('aria-invalid')).resolves.not.toBe('true');
    await page.getByRole('button', { name: 'העלאת הספר' }).click();
    await page.getByText('יש להזין מחיר לספר').waitFor();
    await expect(page.locator('.ap-banner[data-tone="error"]').count()).resolves.toBe(0);
    await keep(page, 'upload-errors', width);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('leaves the standalone portal for the store signed in, and signing out in the store signs out the portal', async () => {
    const { page, errors, context } = await openPage(world, width);
    const portal = world.stack.urls.authorPortal;
    const store = world.stack.urls.shell;
    await page.goto(`${portal}/login`);
    await page.getByLabel('אימייל').fill(author.email);
    await page.getByLabel('סיסמה').fill(author.password);
    await page.getByRole('button', { name: 'כניסה' }).click();
    await page.waitForURL('**/author-dashboard', { timeout: 30_000 });

    // 'Back to the site': the store's origin, the code in the fragment only, then gone from it.
    const handovers: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/handover')) handovers.push(request.method());
      expect(request.url()).not.toMatch(/[?&]handover=/);
    });
    await page.getByRole('link', { name: 'חזרה לאתר' }).click();
    await page.waitForURL((url) => url.origin === new URL(store).origin, { timeout: 30_000 });
    await page.waitForFunction(() => window.localStorage.getItem('token') !== null, undefined, {
      timeout: 30_000,
    });
    expect(page.url()).not.toContain('handover');
    expect(handovers).toEqual(['POST', 'POST']);
    // Signed in on the store: its profile page opens for the author.
    await visit(world, page, '/profile');
    const signOut = page.getByRole('button', { name: 'התנתקות', exact: true });
    await signOut.waitFor({ timeout: 30_000 });
    await keep(page, 'store-signed-in', width);

    // Signing out in the store ends the one session both origins share.
    await signOut.click();
    await page.waitForFunction(() => window.localStorage.getItem('token') === null);
    await page.goto(`${portal}/author-dashboard`);
    await page.waitForURL('**/login', { timeout: 30_000 });
    await page.getByLabel('סיסמה').waitFor();
    await keep(page, 'portal-signed-out', width);
    expect(pageErrors(errors).filter((error) => !/401/.test(error))).toEqual([]);
    await context.close();
  });

  it('follows the store’s menu to the standalone portal signed in, and signing out on the portal signs out the store', async () => {
    const { page, errors, context } = await openPage(world, width);
    const portal = new URL(world.stack.urls.authorPortal).origin;
    const store = new URL(world.stack.urls.shell).origin;
    await visit(world, page, '/login');
    await page.getByLabel('אימייל').fill(author.email);
    await page.getByLabel('סיסמה').fill(author.password);
    await page.getByRole('button', { name: 'התחברות', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });

    // The account menu's link to the portal's own origin: the code in the fragment only.
    const handovers: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/handover')) {
        handovers.push(`${request.method()} ${new URL(request.url()).pathname}`);
      }
      expect(request.url()).not.toMatch(/[?&]handover=/);
    });
    const toPortal = (await openAccountMenu(page)).getByRole('link', { name: 'פורטל הסופרים' });
    await expect(toPortal.getAttribute('href')).resolves.toBe(`${portal}/`);
    await keep(page, 'store-menu-to-portal', width);
    await toPortal.click();
    await page.waitForURL((url) => url.origin === portal, { timeout: 30_000 });
    // Arrives signed in, on the dashboard, without signing in again.
    await page.waitForURL('**/author-dashboard', { timeout: 30_000 });
    await page.getByTestId('portal-user').filter({ hasText: author.name }).waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    expect(page.url()).not.toContain('handover');
    expect(handovers).toEqual(['POST /api/auth/handover', 'POST /api/auth/handover/redeem']);
    expect(await fitsTheWindow(page)).toBe(true);
    await keep(page, 'portal-arrived-signed-in', width);
    // The portal's origin keeps the sign-in: a reload stays signed in.
    await page.reload();
    await page.getByTestId('portal-user').filter({ hasText: author.name }).waitFor();

    // Signing out on the portal ends the one session both origins share.
    await page.getByRole('button', { name: 'התנתקות', exact: true }).click();
    await page.waitForFunction(() => window.localStorage.getItem('token') === null);
    await page.goto(`${store}/profile`);
    await page.waitForURL('**/login', { timeout: 30_000 });
    await page.getByLabel('סיסמה').waitFor();
    await page.waitForFunction(() => window.localStorage.getItem('token') === null);
    await (await openAccountMenu(page)).getByRole('link', { name: 'התחברות' }).waitFor();
    await keep(page, 'store-signed-out-by-portal', width);
    expect(pageErrors(errors).filter((error) => !/401/.test(error))).toEqual([]);
    await context.close();
  });
});
