import mongoose, { type Connection } from 'mongoose';
import { BOOK_MODEL, registerCatalogueModels, type BookModel } from '@mechabrim/db';
import type { Page } from 'playwright-core';
import { until } from '@mechabrim/testing';
import {
  keep,
  openPage,
  pageErrors,
  seriousViolations,
  startWorld,
  visit,
  type ApiBook,
  type StorefrontWorld,
  type ViewportName,
} from './support/storefront-stack';

interface BookPage {
  books: ApiBook[];
  total: number;
}

const READER = { email: 'reader@mechabrim.co.il', password: 'Reader#2025' };

/** The count line of the catalogue's grid. */
const countLine = (page: Page) => page.locator('main .sf-catalogue__count');
const cards = (page: Page) => page.locator('main [data-testid="book-card"]');
const search = (page: Page) => new URL(page.url()).search;

/** Nothing wider than the screen (the phone layout at 360 px). */
async function noSideScroll(page: Page): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width);
}

async function signIn(world: StorefrontWorld, page: Page): Promise<void> {
  await visit(world, page, '/login');
  await page.getByLabel('אימייל').fill(READER.email);
  await page.getByLabel('סיסמה').fill(READER.password);
  await page.getByRole('button', { name: 'התחברות', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

// One stack for both widths: each width puts back what it changes in the catalogue.
let world: StorefrontWorld;
let db: Connection;
let Book: BookModel;
beforeAll(async () => {
  world = await startWorld();
  db = await mongoose.createConnection(world.stack.mongoUri).asPromise();
  registerCatalogueModels(db);
  Book = db.models[BOOK_MODEL] as BookModel;
});
afterAll(async () => {
  await db?.close();
  await world?.close();
});

describe.each<ViewportName>(['desktop', 'mobile'])('the catalogue (%s)', (viewport) => {
  it('/books: every book a page at a time, filters in the URL, the count following, back and share', async () => {
    const { page, errors, context } = await openPage(world, viewport);
    const all = await world.api<BookPage>('/api/books?limit=1');
    await visit(world, page, '/books');
    await expect(page.locator('main h1').textContent()).resolves.toBe('כל הספרים');
    // The tab and the history name the page.
    await page.waitForFunction(() => document.title === 'כל הספרים — מחברים');
    await countLine(page)
      .filter({ hasText: `נמצאו ${all.total} ספרים` })
      .waitFor();
    await expect(cards(page).count()).resolves.toBe(20);
    await noSideScroll(page);
    await keep(page, 'catalogue', viewport);

    // 'Load more' by keyboard: the focus goes on at the first new book.
    const more = page.getByRole('button', { name: 'הצגת ספרים נוספים' });
    await more.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelectorAll('main [data-testid="book-card"]').length === 40,
    );
    await page.waitForFunction(() => {
      const items = document.querySelectorAll('main .mb-grid li');
      return items[20]?.contains(document.activeElement) ?? false;
    });

    // Price band and category: each a history entry, the count as the API counts.
    const toggle = page.getByRole('button', { name: 'סינון', exact: true });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByLabel('מחיר').selectOption('under-30');
    await page.waitForURL('**/books?price=under-30');
    const cheap = await world.api<BookPage>('/api/books?price=under-30&limit=1');
    await countLine(page)
      .filter({ hasText: `נמצאו ${cheap.total} ספרים` })
      .waitFor();
    const category = cheap.books[0]?.category ?? 'רומן';
    await page.getByLabel('קטגוריה', { exact: true }).selectOption(category);
    await page.waitForURL((url) => url.searchParams.get('category') === category);
    const both = await world.api<BookPage>(
      `/api/books?price=under-30&category=${encodeURIComponent(category)}&limit=100`,
    );
    await countLine(page)
      .filter({ hasText: both.total === 1 ? 'נמצא ספר אחד' : `נמצאו ${both.total} ספרים` })
      .waitFor();
    expect(both.books.every((b) => b.price < 30 && b.category === category)).toBe(true);
    await expect(cards(page).count()).resolves.toBe(Math.min(both.total, 20));
    // axe with the filters open.
    expect(await seriousViolations(page)).toEqual([]);
    await keep(page, 'catalogue-filters', viewport);

    // Words: typed, the URL follows after a pause; the count is the API's.
    const word = both.books[0]?.title.split(' ')[0] ?? 'ספר';
    await page.getByLabel('חיפוש בכל הספרים').fill(word);
    await page.waitForURL((url) => url.searchParams.get('search') === word);
    const found = await world.api<BookPage>(
      `/api/books?q=${encodeURIComponent(word)}&price=under-30&category=${encodeURIComponent(category)}&limit=1`,
    );
    await countLine(page)
      .filter({ hasText: found.total === 1 ? 'נמצא ספר אחד' : `נמצאו ${found.total} ספרים` })
      .waitFor();
    const shared = page.url();

    // The back button returns to the previous view (the search replaced the category's entry
    // while typing, so one step back is the price band alone).
    await page.goBack();
    await page.waitForURL('**/books?price=under-30');
    await countLine(page)
      .filter({ hasText: `נמצאו ${cheap.total} ספרים` })
      .waitFor();
    // The search box follows the address in an effect, a render after the count: wait for it.
    const searchBox = page.getByLabel('חיפוש בכל הספרים');
    await until('the search box to follow the address', async () =>
      (await searchBox.inputValue()) === '' ? true : undefined,
    );
    await expect(searchBox.inputValue()).resolves.toBe('');
    await expect(page.getByLabel('קטגוריה', { exact: true }).inputValue()).resolves.toBe('');

    // A shared link opens the same view, its filters shown.
    const other = await context.newPage();
    await other.goto(shared);
    await other.locator('main h1', { hasText: `תוצאות חיפוש עבור "${word}"` }).waitFor();
    await countLine(other)
      .filter({ hasText: found.total === 1 ? 'נמצא ספר אחד' : `נמצאו ${found.total} ספרים` })
      .waitFor();
    await expect(other.getByLabel('מחיר').inputValue()).resolves.toBe('under-30');
    await other.close();

    // Nothing found: 'clear search' brings the whole catalogue back.
    await page.getByLabel('חיפוש בכל הספרים').fill('זזזזקקקק');
    await page.getByLabel('חיפוש בכל הספרים').press('Enter');
    const empty = page.getByTestId('empty-state');
    await empty.filter({ hasText: 'לא נמצאו ספרים' }).waitFor();
    await keep(page, 'catalogue-empty', viewport);
    await empty.getByRole('button', { name: 'ניקוי החיפוש' }).click();
    await countLine(page)
      .filter({ hasText: `נמצאו ${all.total} ספרים` })
      .waitFor();
    const cleared = new URL(page.url());
    expect(cleared.pathname).toBe('/books');
    expect(cleared.searchParams.get('search')).toBeNull();
    expect(cleared.searchParams.get('price')).toBeNull();
    await noSideScroll(page);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it("a category page counts what its search finds and offers 'clear search' when nothing is", async () => {
    const { page, errors, context } = await openPage(world, viewport);
    const fantasy = await world.api<BookPage>(
      `/api/books?category=${encodeURIComponent('פנטזיה')}&limit=1`,
    );
    await visit(world, page, `/category/${encodeURIComponent('פנטזיה')}`);
    await countLine(page)
      .filter({ hasText: `${fantasy.total} ספרים זמינים` })
      .waitFor();
    const box = page.getByLabel('חיפוש בקטגוריה');
    await box.fill('זזזזקקקק');
    await page.getByTestId('empty-state').filter({ hasText: 'לא נמצאו ספרים' }).waitFor();
    await countLine(page).filter({ hasText: '0 ספרים זמינים' }).waitFor();
    expect(search(page)).toContain('search=');
    await page.getByTestId('empty-state').getByRole('button', { name: 'ניקוי החיפוש' }).click();
    await countLine(page)
      .filter({ hasText: `${fantasy.total} ספרים זמינים` })
      .waitFor();
    await expect(box.inputValue()).resolves.toBe('');
    await noSideScroll(page);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a book taken off sale keeps its page sold out and its wishlist place; one never approved is not found', async () => {
    const { page, errors, context } = await openPage(world, viewport);
    const { books } = await world.api<BookPage>('/api/books?sort=title&limit=3');
    const book = books[viewport === 'desktop' ? 1 : 2];
    if (!book) throw new Error('no book');
    await signIn(world, page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await world.api('/api/users/wishlist', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ bookId: book._id }),
    });
    // Taken off sale, as the author's hide button or staff do it: through the books model.
    await Book.updateOne({ _id: book._id }, { $set: { isAvailable: false } });
    try {
      await visit(world, page, `/book/${book._id}`);
      await page.locator('main h1', { hasText: book.title }).waitFor();
      await page.locator('.book-main__soldout', { hasText: 'לא זמין' }).waitFor();
      const soldOut = page.getByRole('button', { name: 'לא זמין כרגע' });
      await expect(soldOut.isDisabled()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'הוספה לסל' }).count()).resolves.toBe(0);
      await keep(page, 'book-sold-out-public', viewport);
      expect(await seriousViolations(page)).toEqual([]);

      await visit(world, page, '/wishlist');
      const card = page.locator('.wishlist-card', { hasText: book.title });
      await card.waitFor();
      await expect(card.getAttribute('data-sold-out')).resolves.toBe('true');
      await expect(
        card.getByRole('button', { name: `לא זמין כרגע: ${book.title}` }).isDisabled(),
      ).resolves.toBe(true);
      await keep(page, 'wishlist-sold-out', viewport);
      expect(await seriousViolations(page)).toEqual([]);

      // Gone from the catalogue meanwhile.
      const listed = await world.api<BookPage>('/api/books?sort=title&limit=5');
      expect(listed.books.map((b) => b._id)).not.toContain(book._id);
    } finally {
      await Book.updateOne({ _id: book._id }, { $set: { isAvailable: true } });
    }

    // A book never approved (the demo author's book waiting for approval) stays unknown.
    const pending = await Book.findOne({ isAvailable: false, firstListedAt: null }).lean();
    expect(pending).toBeTruthy();
    const guest = await context.browser()!.newContext({ locale: 'he-IL' });
    const guestPage = await guest.newPage();
    await guestPage.goto(`${world.stack.urls.shell}/book/${String(pending!._id)}`);
    await guestPage.locator('main', { hasText: 'הספר לא נמצא' }).waitFor();
    await guest.close();
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('the small things: cart feedback, wishlist add to cart, the charity site, donations to contact, signed-in on /login, registration errors clearing', async () => {
    const { page, errors, context } = await openPage(world, viewport);
    await visit(world, page, '/books');
    const first = cards(page).first();
    const add = first.getByRole('button', { name: /^הוספת .* לסל$/ });
    const title = /^הוספת (.*) לסל$/.exec((await add.getAttribute('aria-label')) ?? '')?.[1];
    await add.click();
    const feedback = page.getByTestId('cart-feedback');
    await feedback.filter({ hasText: `"${title}" נוסף לסל.` }).waitFor();
    await expect(feedback.getAttribute('role')).resolves.toBe('status');
    await keep(page, 'cart-feedback', viewport);
    await feedback.getByRole('link', { name: 'מעבר לסל' }).click();
    await page.waitForURL('**/cart');

    await visit(world, page, '/about');
    const charity = page.getByTestId('charity-site');
    await expect(charity.getAttribute('href')).resolves.toMatch(/^https:\/\//);
    await expect(charity.getAttribute('target')).resolves.toBe('_blank');

    await visit(world, page, '/community-donation');
    // 'Donate now' is the page's own form (see donate-now.e2e.ts); a bank transfer is arranged
    // through the contact form.
    await page.getByRole('link', { name: 'פרטי העברה' }).click();
    await page.waitForURL('**/contact?subject=donation');
    await expect(page.getByLabel('נושא').inputValue()).resolves.toBe('donation');

    // Registration: an error clears once its field is fixed.
    await visit(world, page, '/register');
    await page.getByRole('button', { name: 'הרשמה', exact: true }).click();
    const name = page.getByLabel('שם מלא');
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await name.fill('דנה');
    await page.waitForFunction(
      () => !document.querySelector('input[autocomplete="name"][aria-invalid="true"]'),
    );

    // Signed in, /login and /register send the reader on.
    await signIn(world, page);
    for (const path of ['/login', '/register']) {
      await page.goto(`${world.stack.urls.shell}${path}`);
      await page.waitForURL((url) => url.pathname === '/');
    }

    // The wishlist's cards add to the cart.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const { books } = await world.api<BookPage>('/api/books?sort=price&limit=1');
    const cheapest = books[0]!;
    await world.api('/api/users/wishlist', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ bookId: cheapest._id }),
    });
    await visit(world, page, '/wishlist');
    const card = page.locator('.wishlist-card', { hasText: cheapest.title });
    await card.getByRole('button', { name: `הוספה לסל: ${cheapest.title}` }).click();
    await card.getByRole('button', { name: `הסרה מהסל: ${cheapest.title}` }).waitFor();
    await feedback.filter({ hasText: `"${cheapest.title}" נוסף לסל.` }).waitFor();
    await noSideScroll(page);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });
});
