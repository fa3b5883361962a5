import { formatPrice } from '@mechabrim/money';
import {
  keep,
  openPage,
  pageErrors,
  seriousViolations,
  startWorld,
  visit,
  type ApiAuthor,
  type ApiBook,
  type StorefrontWorld,
  type ViewportName,
} from './support/storefront-stack';
import { present } from '../support/present';

const NIQQUD = /[\u0591-\u05C7]/g;

// One stack for both widths: each width's journey uses its own accounts and records, so the
// second does not depend on what the first left behind.
let world: StorefrontWorld;
beforeAll(async () => {
  world = await startWorld({}, { borrow: true });
});
afterAll(() => world?.close());

describe.each<ViewportName>(['desktop', 'mobile'])('browsing the storefront (%s)', (viewport) => {
  let books: ApiBook[];
  let authors: ApiAuthor[];

  beforeAll(async () => {
    books = (await world.api<{ books: ApiBook[] }>('/api/books?limit=100')).books;
    authors = await world.api<ApiAuthor[]>('/api/authors');
  });

  it('home: hero, figures, picks of the month with working cart buttons and dots, authors of the month', async () => {
    const { page, errors, context } = await openPage(world, viewport);
    await visit(world, page, '/');
    await expect(page.locator('main h1').textContent()).resolves.toBe('יותר קהילה. יותר סופרים.');
    const stats = await world.api<{ authors: number }>('/api/stats');
    const figures = page.locator('.home-stats');
    await expect(figures.textContent()).resolves.toContain('5,642');
    await expect(figures.textContent()).resolves.toContain('150+');
    await page
      .locator('.home-stat', { hasText: 'סופרים פעילים' })
      .locator('dd', { hasText: String(stats.authors) })
      .waitFor();

    const picks = page.locator('#picks');
    await picks.locator('[data-testid="book-card"]').first().waitFor();
    const cards = await picks.locator('[data-testid="book-card"]').count();
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThanOrEqual(10);
    // Default order: best sellers first.
    const best = [...books].sort(
      (a, b) =>
        (b as unknown as { salesCount: number }).salesCount -
        (a as unknown as { salesCount: number }).salesCount,
    )[0];
    await expect(
      picks.locator('.swiper-slide-active h3, .swiper-slide:first-child h3').first().textContent(),
    ).resolves.toBe(best?.title);

    // Swiper takes over the presized row once the reader is near it; then five dots, the third
    // moves the carousel and lights up.
    await picks.scrollIntoViewIfNeeded();
    await picks.locator('.swiper-initialized').waitFor();
    const dots = picks.locator('.mb-carousel__dot');
    await expect(dots.count()).resolves.toBe(5);
    await dots.nth(2).click();
    await expect(dots.nth(2).getAttribute('aria-current')).resolves.toBe('true');

    // Add the first visible book to the shared cart: the shell's badge follows.
    const firstCard = picks
      .locator(
        '.swiper-slide-active [data-testid="book-card"], .swiper-slide-visible [data-testid="book-card"]',
      )
      .first();
    await dots.nth(0).click();
    const addButton = firstCard.getByRole('button', { name: /^הוספת .* לסל$/ });
    // The carousel may re-order its looped slides at any moment: follow the book by its title,
    // not the card by its position.
    const title = /^הוספת (.*) לסל$/.exec((await addButton.getAttribute('aria-label')) ?? '')?.[1];
    expect(title).toBeTruthy();
    // Click that book's own button: the positional locator above is resolved again on click,
    // and by then the loop may have put another book's card first.
    await picks
      .getByRole('button', { name: `הוספת ${title} לסל` })
      .first()
      .click();
    await expect(page.getByTestId('cart-count').textContent()).resolves.toBe('1');
    // The card now offers removal. Attached, not visible: the click can start the carousel's
    // loop re-ordering, which may carry the slide out of the phone's narrow view meanwhile.
    await picks
      .getByRole('button', { name: `הסרת ${title} מהסל` })
      .first()
      .waitFor({ state: 'attached' });

    const monthAuthors = page.locator('section', { has: page.locator('#month-authors-title') });
    await monthAuthors.locator('[data-testid="author-card"]').first().waitFor();
    await expect(
      page.getByRole('link', { name: 'קראו עוד על החזון שלנו ‹' }).getAttribute('href'),
    ).resolves.toBe('/about');

    await page.evaluate(() => window.scrollTo(0, 0));
    await keep(page, 'home', viewport);
    expect(await seriousViolations(page)).toEqual([]);
    // One query cache for the shell and the remotes: the authors page reuses the home page's
    // authors instead of asking again, and the header's categories are asked for once.
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
    });
    await page.getByRole('link', { name: 'לכל הסופרים' }).click();
    await page.waitForURL('**/authors');
    await page.locator('.authors-grid > li').first().waitFor();
    expect(apiCalls.filter((p) => p === '/api/authors')).toEqual([]);
    expect(apiCalls.filter((p) => p === '/api/books/categories')).toEqual([]);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('search: suggestions by keyboard, the full results grid, and niqqud-blind matching', async () => {
    const { page, errors, context } = await openPage(world, viewport);
    await visit(world, page, '/');
    const target = present(
      books.find((b) =>
        b.title
          .replace(NIQQUD, '')
          .split(' ')
          .some((w) => w.length >= 4),
      ) ?? books[0],
      'book',
    );
    const word =
      target.title
        .replace(NIQQUD, '')
        .split(' ')
        .find((w) => w.length >= 4) ?? target.title;

    const box = page.getByRole('combobox', { name: 'חיפוש ספרים וסופרים' });
    await box.fill(word);
    const options = page.getByRole('listbox', { name: 'הצעות חיפוש' }).getByRole('option');
    await options.first().waitFor();
    expect(await options.count()).toBeLessThanOrEqual(20);
    await box.press('ArrowDown');
    await expect(options.first().getAttribute('aria-selected')).resolves.toBe('true');
    await keep(page, 'search-suggestions', viewport);
    await box.press('Enter');
    await page.waitForURL(/\/(book|author)\/[a-f\d]{24}$/);
    await expect(box.inputValue()).resolves.toBe('');

    await box.fill(word);
    await options.first().waitFor();
    await box.press('Escape');
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('false');
    await box.press('Enter');
    await page.waitForURL(`**/books?search=${encodeURIComponent(word)}`);
    await page.locator('main h1', { hasText: 'תוצאות חיפוש' }).waitFor();
    await page.locator('main [data-testid="book-card"]').first().waitFor();
    await keep(page, 'search-results', viewport);
    expect(await seriousViolations(page)).toEqual([]);

    // A title written with niqqud is found by the same word typed without it.
    // (`match`, not `test`: a global pattern's `test` keeps its place between calls.)
    const voweled = present(
      books.find((b) => b.title.match(NIQQUD) !== null),
      'title written with niqqud',
    );
    const plain = voweled.title.replace(NIQQUD, '');
    expect(plain).not.toBe(voweled.title);
    await visit(world, page, `/books?search=${encodeURIComponent(plain)}`);
    await page
      .locator('main [data-testid="book-card"]', { hasText: voweled.title })
      .first()
      .waitFor();

    // A prefix letter (ו, ה, ב…) glued to the word finds the same book.
    await visit(world, page, `/books?search=${encodeURIComponent(`ו${word}`)}`);
    await page
      .locator('main [data-testid="book-card"]', { hasText: target?.title })
      .first()
      .waitFor();

    await box.fill('זזזזקקקק');
    await page.getByRole('status').filter({ hasText: 'לא נמצאו תוצאות עבור "זזזזקקקק"' }).waitFor();
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('book page: breadcrumb, the price as charged, cart toggle, guests sent to login for the wishlist, related books', async () => {
    const { page, errors, context } = await openPage(world, viewport);
    const book = present(books.find((b) => b.isAvailable) ?? books[0], 'book');
    await visit(world, page, `/book/${book._id}`);
    await expect(page.locator('main h1').textContent()).resolves.toBe(book.title);
    const crumbs = page.getByRole('navigation', { name: 'מסלול ניווט' });
    await expect(crumbs.textContent()).resolves.toMatch(
      new RegExp(`^דף הבית‹.+‹${book.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    await expect(crumbs.getByRole('link').nth(1).getAttribute('href')).resolves.toBe(
      `/category/${encodeURIComponent(book.category)}`,
    );
    const price = (await page.locator('.book-main__price').textContent())!.replace(
      /[\u200e\u200f\s]/g,
      '',
    );
    // As charged: agorot shown where the price has them (82.90 ₪), whole where it is whole.
    expect(price).toBe(formatPrice(book.price).replace(/[\u200e\u200f\s]/g, ''));
    await expect(
      page.getByRole('link', { name: book.author.name }).getAttribute('href'),
    ).resolves.toBe(`/author/${book.author._id}`);

    await page.getByRole('button', { name: 'הוספה לסל', exact: true }).click();
    await page.getByRole('button', { name: 'הסרה מהסל', exact: true }).waitFor();
    await expect(page.getByTestId('cart-count').textContent()).resolves.toBe('1');

    await page.locator('#book-related').waitFor();
    await page
      .locator('section', { has: page.locator('#book-related') })
      .locator('[data-testid="book-card"], [data-testid="empty-state"]')
      .first()
      .waitFor();
    await keep(page, 'book', viewport);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'הוספה לרשימת המשאלות' }).click();
    await page.waitForURL('**/login');

    await visit(world, page, '/book/0123456789abcdef01234567');
    await page.getByText('הספר לא נמצא').waitFor();
    await page.getByRole('button', { name: 'חזרה' }).waitFor();
    await keep(page, 'book-not-found', viewport);
    expect(pageErrors(errors).filter((e) => !/404|Not Found/.test(e))).toEqual([]);
    await context.close();
  });

  it('category page: title, count, search and sort over a grid', async () => {
    const { page, errors, context } = await openPage(world, viewport);
    const categories =
      await world.api<{ category: string; name: string; count: number }[]>('/api/books/categories');
    const category = present(categories.find((c) => c.count > 1) ?? categories[0], 'category');
    await visit(world, page, `/category/${encodeURIComponent(category.category)}`);
    await expect(page.locator('main h1').textContent()).resolves.toBe(category.name);
    await page.locator('main [data-testid="book-card"]').first().waitFor();
    await expect(page.locator('main .sf-lead').textContent()).resolves.toMatch(/ספר|ספרים/);

    // The count is the API's total for the category, not the number of cards loaded.
    const { total } = await world.api<{ total: number }>(
      `/api/books?category=${encodeURIComponent(category.category)}&limit=1`,
    );
    await expect(page.locator('main .sf-lead').textContent()).resolves.toBe(
      total === 1 ? 'ספר אחד זמין' : `${total} ספרים זמינים`,
    );
    const cards = page.locator('main [data-testid="book-card"]');
    if (total > 20) {
      await expect(cards.count()).resolves.toBe(20);
      await page.getByRole('button', { name: 'הצגת ספרים נוספים' }).click();
      await cards.nth(Math.min(40, total) - 1).waitFor();
    } else {
      await expect(cards.count()).resolves.toBe(total);
    }

    // Sorted by the API: wait for the new order to arrive, then check it.
    await page.getByLabel('מיון לפי').selectOption('price');
    let values: number[] = [];
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      const prices = await page.locator('main .mb-book-card__price').allTextContents();
      values = prices.map((p) => Number(p.replace(/[^\d.]/g, '')));
      if (values.length > 0 && values.every((v, i) => i === 0 || (values[i - 1] ?? v) <= v)) break;
      await page.waitForTimeout(100);
    }
    expect(values.length).toBeGreaterThan(0);
    expect(values).toEqual([...values].sort((a, b) => a - b));

    if (viewport === 'desktop') {
      // Keyboard: from the filters button after the sort box, Tab reaches the first card's 'view'
      // link, which shows the card's summary overlay; Enter opens the book.
      await page.getByRole('button', { name: 'סינון', exact: true }).focus();
      await page.keyboard.press('Tab');
      const view = page
        .locator('main [data-testid="book-card"]')
        .first()
        .locator('.mb-book-card__view');
      await expect(view.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      const overlay = page.locator('main [data-testid="book-card-overlay"]').first();
      // The overlay fades in by a transition; the wait bounds only a failure, generously.
      for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
        if ((await overlay.evaluate((el) => getComputedStyle(el).opacity)) === '1') break;
        await page.waitForTimeout(50);
      }
      await expect(overlay.evaluate((el) => getComputedStyle(el).opacity)).resolves.toBe('1');
      await expect(
        overlay.locator('.mb-book-card__summary').evaluate((el) => getComputedStyle(el).visibility),
      ).resolves.toBe('visible');
      await keep(page, 'card-keyboard-focus', viewport);
      const href = await view.getAttribute('href');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${href}`);
      await page.goBack();
      await page.locator('main [data-testid="book-card"]').first().waitFor();
    }

    await page.getByLabel('חיפוש בקטגוריה').fill('זזזזקקקק');
    await page.getByText('לא נמצאו ספרים').waitFor();
    await page.getByLabel('חיפוש בקטגוריה').fill('');
    await page.locator('main [data-testid="book-card"]').first().waitFor();
    await keep(page, 'category', viewport);
    expect(await seriousViolations(page)).toEqual([]);

    if (viewport === 'desktop') {
      // Another category from the header strip starts afresh: its own title, an empty search.
      const other = categories.find((c) => c.category !== category.category && c.count > 0);
      if (other) {
        await page.getByLabel('חיפוש בקטגוריה').fill('א');
        await page
          .getByRole('navigation', { name: 'קטגוריות' })
          .getByRole('link', { name: other.name, exact: true })
          .click();
        await page.locator('main h1', { hasText: other.name }).waitFor();
        await expect(page.getByLabel('חיפוש בקטגוריה').inputValue()).resolves.toBe('');
        await expect(page.getByLabel('מיון לפי').inputValue()).resolves.toBe('sales');
      }
    }

    await visit(world, page, '/category/romance');
    await expect(page.locator('main h1').textContent()).resolves.toBe('רומן');
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  if (viewport === 'mobile') {
    it('360 px wide: no page scrolls sideways; a window error reaches the client log', async () => {
      const { page, context } = await openPage(world, viewport);
      const book = present(books.find((b) => b.isAvailable) ?? books[0], 'book');
      const word = book.title.split(' ')[0] ?? book.title;
      const pages: [string, string][] = [
        ['/', '#picks [data-testid="book-card"]'],
        [`/book/${book._id}`, '.book-main'],
        ['/authors', '.authors-grid > li'],
        [`/category/${encodeURIComponent(book.category)}`, 'main [data-testid="book-card"]'],
        [`/books?search=${encodeURIComponent(word)}`, 'main [data-testid="book-card"]'],
      ];
      for (const [path, ready] of pages) {
        await visit(world, page, path);
        await page.locator(ready).first().waitFor();
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect({ path, sideways: scrollWidth > innerWidth, scrollWidth }).toEqual({
          path,
          sideways: false,
          scrollWidth,
        });
      }

      // The logger's window handlers are installed before the first render (bootstrap).
      const reported = page.waitForRequest(
        (r) => r.method() === 'POST' && r.url().endsWith('/api/logs/client-error'),
      );
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('e2e probe: a window error');
        });
      });
      const request = await reported;
      expect(request.postDataJSON()).toMatchObject({
        level: 'error',
        context: 'window.onerror',
        message: expect.stringContaining('e2e probe'),
      });
      await context.close();
    });

    it('a touch screen: the first tap on a cover shows the summary and "view", the second opens the book', async () => {
      const context = await world.browser.newContext({
        viewport: { width: 360, height: 780 },
        hasTouch: true,
        isMobile: true,
        locale: 'he-IL',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const book = present(books.find((b) => b.isAvailable) ?? books[0], 'book');
      await visit(world, page, `/category/${encodeURIComponent(book.category)}`);
      const card = page.locator('main [data-testid="book-card"]').first();
      await card.waitFor();
      await expect(page.evaluate(() => matchMedia('(hover: none)').matches)).resolves.toBe(true);
      const url = page.url();
      await card.locator('.mb-book-card__cover-link').tap();
      const overlay = card.getByTestId('book-card-overlay');
      await expect(overlay.getAttribute('data-open')).resolves.toBe('true');
      expect(page.url()).toBe(url);
      const view = card.locator('.mb-book-card__view');
      const href = await view.getAttribute('href');
      await view.tap();
      await page.waitForURL(`**${href}`);
      await context.close();
    });
  }

  it('authors page: featured author, two rows then two more, search with clear, and an author page', async () => {
    const { page, errors, context } = await openPage(world, viewport);
    await visit(world, page, '/authors');
    await page.locator('.featured-author').waitFor();
    // The newest author with books, spoken of in the gender the demo data gives her or him.
    const featured = authors
      .filter((a) => a.booksCount > 0)
      .sort((a, b) => Date.parse(b.joinDate) - Date.parse(a.joinDate))[0];
    expect(featured?.gender).toMatch(/^(female|male)$/);
    const female = featured?.gender === 'female';
    await expect(page.locator('.featured-author h2').textContent()).resolves.toBe(
      female ? 'סופרת השבוע' : 'סופר השבוע',
    );
    await expect(page.locator('.featured-author__joined').textContent()).resolves.toMatch(
      female ? /^הצטרפה ב־/ : /^הצטרף ב־/,
    );
    await page
      .locator('.featured-author')
      .getByRole('link', { name: female ? 'לעמוד הסופרת ‹' : 'לעמוד הסופר ‹' })
      .waitFor();
    await page.getByRole('tab', { name: /^ספרים \(\d+\)$/ }).waitFor();
    await page.getByRole('tab', { name: 'ביקורות (0)' }).click();
    await page.getByText('אין ביקורות זמינות', { exact: true }).waitFor();

    const perRow = viewport === 'desktop' ? 5 : 2;
    // The markup holds a wide screen's rows; a narrow screen hides the cards past its own rows.
    const grid = page.locator('.authors-grid > li:visible');
    await grid.first().waitFor();
    await expect(grid.count()).resolves.toBe(Math.min(2 * perRow, authors.length));
    if (authors.length > 2 * perRow) {
      await page.getByRole('button', { name: 'הצגת עוד' }).click();
      await expect(grid.count()).resolves.toBe(Math.min(4 * perRow, authors.length));
    }
    await keep(page, 'authors', viewport);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('חיפוש סופרים').fill('זזזזקקקק');
    await page.getByText('לא נמצאו סופרים').waitFor();
    await page.getByRole('button', { name: 'ניקוי החיפוש' }).click();
    await grid.first().waitFor();
    await expect(page.getByLabel('חיפוש סופרים').inputValue()).resolves.toBe('');

    const author = authors.find((a) => a.booksCount > 0) ?? authors[0];
    await visit(world, page, `/author/${author?._id}`);
    await expect(page.locator('main h1').textContent()).resolves.toBe(author?.name);
    const crumbs = page.getByRole('navigation', { name: 'מסלול ניווט' });
    await expect(crumbs.textContent()).resolves.toBe(`דף הבית‹סופרים‹${author?.name}`);
    await page.locator('main [data-testid="book-card"]').first().waitFor();
    await keep(page, 'author', viewport);

    await visit(world, page, '/author/0123456789abcdef01234567');
    await page.getByText('לא מצאנו את העמוד הזה').waitFor();
    expect(pageErrors(errors).filter((e) => !/404|Not Found/.test(e))).toEqual([]);
    await context.close();
  });
});
