/** @jest-environment node */
// The landing renderer as the storefront's edge server runs it: in Node, against an API over
// real HTTP (a small server answering the one book call the renderer makes).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSDOM } from 'jsdom';
import { makeBook } from '@mechabrim/api-client/src/testing/render-with-api';
import { pageHeadSchema, renderPageHead, type PageHead } from '@mechabrim/contracts';
import { strings } from '../strings.he';
import { renderLanding as renderLandingWithin } from './landing';
import { clip } from './page-head';

/**
 * The renderer with a deadline that only bounds a failing test: the default (1.5 s) is
 * production's, and a busy machine can stall this process past it for an answer that is there.
 * The tests of the deadline pass their own.
 */
const renderLanding: typeof renderLandingWithin = (pagePath, options) =>
  renderLandingWithin(pagePath, { timeoutMs: 10_000, ...options });

type Answer = { status: number; body: unknown; delayMs?: number };

const SITE = 'https://mechabrim.test/';

/**
 * A head as the edge writes it (renderPageHead), read back by a real HTML parser: the title, the
 * meta tags by name or property, the canonical link and each JSON-LD script parsed.
 */
function readHead(head: PageHead | undefined) {
  expect(pageHeadSchema.safeParse(head).success).toBe(true);
  const { document } = new JSDOM(
    `<!doctype html><html><head>${renderPageHead(head as PageHead)}</head><body></body></html>`,
  ).window;
  const meta = (key: string) =>
    document
      .querySelector(`meta[name="${key}"], meta[property="${key}"]`)
      ?.getAttribute('content') ?? undefined;
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );
  const ofType = (type: string) => jsonLd.filter((data) => data['@type'] === type);
  return {
    title: document.title,
    meta,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    jsonLd,
    ofType,
    /** Everything in <head> landed there: nothing spilled into <body>. */
    bodyIsEmpty: document.body.innerHTML === '',
  };
}

describe('landing renderer', () => {
  let server: http.Server;
  let apiBaseUrl: string;
  let calls: string[];
  let answer: (path: string) => Answer;
  const pending = new Set<NodeJS.Timeout>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      calls.push(req.url ?? '');
      const { status, body, delayMs = 0 } = answer(req.url ?? '');
      const timer = setTimeout(() => {
        pending.delete(timer);
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      }, delayMs);
      pending.add(timer);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    pending.forEach(clearTimeout);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    calls = [];
    answer = () => ({ status: 404, body: { statusCode: 404, message: 'לא נמצא' } });
  });

  it('draws the home page as a guest first sees it, without asking the API', async () => {
    for (const path of ['/']) {
      const landing = await renderLanding(path, { apiBaseUrl });
      expect(landing?.html).toContain(`<h1 id="home-hero-title" class="home-hero__title">`);
      expect(landing?.html).toContain(strings.home.heroTitle);
      expect(landing?.html).toContain(strings.home.heroText);
      // The lists the browser fetches after the first render are skeletons here too.
      expect(landing?.html).toContain('picks-title');
      expect(landing?.state).toEqual({ mutations: [], queries: [] });
    }
    expect(calls).toEqual([]);
  });

  it('draws /books with the first page of the catalogue its URL asks for', async () => {
    const books = [makeBook(1, { title: 'ספר הזול', price: 25 }), makeBook(2, { price: 20 })];
    answer = (path) =>
      path.startsWith('/api/books?')
        ? { status: 200, body: { books, total: 31, page: 1, limit: 20, pages: 2 } }
        : { status: 404, body: {} };
    const landing = await renderLanding(
      `/books?price=under-30&sort=price&search=${encodeURIComponent('ספר')}`,
      {
        apiBaseUrl,
      },
    );
    expect(calls).toHaveLength(1);
    const asked = new URL(calls[0] ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      q: 'ספר',
      price: 'under-30',
      sort: 'price',
      page: '1',
      limit: '20',
    });
    expect(landing?.html).toContain('ספר הזול');
    expect(landing?.html).toContain(strings.catalogue.count(31));
    expect(landing?.html).toContain(
      '<h1 class="sf-page-title">תוצאות חיפוש עבור &quot;ספר&quot;</h1>',
    );
  });

  it('leaves /books to the browser when the API fails', async () => {
    answer = () => ({ status: 500, body: { message: 'תקלה' } });
    await expect(renderLanding('/books', { apiBaseUrl })).resolves.toBe(null);
  });

  it('draws a book page from the API and hands the book over as query-cache state', async () => {
    const book = makeBook(7, {
      _id: '65a1b2c3d4e5f60718293a4b',
      title: 'הספר "השביעי" <ועוד>',
      coverImage: 'https://covers.test/7.jpg',
      price: 64.6,
    });
    answer = (path) =>
      path === `/api/books/${book._id}` ? { status: 200, body: book } : { status: 404, body: {} };
    const landing = await renderLanding(`/book/${book._id}?from=home`, { apiBaseUrl });

    expect(calls).toEqual([`/api/books/${book._id}`]);
    expect(landing?.html).toContain(
      '<h1 class="book-main__title">הספר &quot;השביעי&quot; &lt;ועוד&gt;</h1>',
    );
    expect(landing?.html).toContain('src="https://covers.test/7.jpg"');
    expect(landing?.html).toContain('fetchPriority="high"');
    // Reviews and related books come later, in the browser: skeletons, as its first render.
    expect(landing?.html).toContain(strings.book.reviewsTitle);
    const state = landing?.state as {
      queries: { queryKey: unknown[]; state: { data: unknown; status: string } }[];
    };
    expect(state.queries).toHaveLength(1);
    expect(state.queries[0]?.queryKey).toEqual(['books', 'detail', book._id]);
    expect(state.queries[0]?.state).toMatchObject({ status: 'success', data: book });
  });

  it("writes a book page's head from the book: title, preview tags, Book with its Offer in ILS", async () => {
    const book = makeBook(7, {
      _id: '65a1b2c3d4e5f60718293a4b',
      title: 'ספר </script><script>alert(1)</script> & "מרכאות"',
      author: { _id: '65a1b2c3d4e5f60718293a01', name: 'נועה לוי' },
      coverImage: 'https://api.mechabrim.test/api/books/65a1b2c3d4e5f60718293a4b/cover/web?v=abc',
      price: 64.6,
      summary: 'תקציר הספר <b>המודגש</b>',
      category: 'מדע בדיוני',
      rating: 4.5,
      totalRatings: 12,
      isAvailable: true,
      printSpec: { pages: 240, trim: null, paper: null, printing: null, readingDirection: null },
    });
    answer = (path) =>
      path === `/api/books/${book._id}` ? { status: 200, body: book } : { status: 404, body: {} };
    const landing = await renderLanding(`/book/${book._id}?from=share`, {
      apiBaseUrl,
      siteUrl: SITE,
    });
    const head = readHead(landing?.head);
    const url = `${SITE}book/${book._id}`;

    expect(head.bodyIsEmpty).toBe(true);
    expect(head.title).toBe(`${book.title} מאת נועה לוי | מחברים`);
    expect(head.meta('description')).toBe(book.summary);
    expect(head.canonical).toBe(url);
    expect(head.meta('robots')).toBeUndefined();
    expect(head.meta('og:type')).toBe('book');
    expect(head.meta('og:title')).toBe(head.title);
    expect(head.meta('og:url')).toBe(url);
    expect(head.meta('og:image')).toBe(book.coverImage);
    expect(head.meta('og:image:alt')).toBe(`כריכת הספר ${book.title}`);
    expect(head.meta('og:locale')).toBe('he_IL');
    expect(head.meta('og:site_name')).toBe('מחברים');
    expect(head.meta('twitter:card')).toBe('summary');
    expect(head.meta('twitter:image')).toBe(book.coverImage);

    const [bookData] = head.ofType('Book');
    expect(bookData).toMatchObject({
      '@context': 'https://schema.org',
      name: book.title,
      url,
      image: book.coverImage,
      inLanguage: 'he',
      genre: 'מדע בדיוני',
      numberOfPages: 240,
      author: { '@type': 'Person', name: 'נועה לוי', url: `${SITE}author/${book.author._id}` },
      aggregateRating: { ratingValue: 4.5, ratingCount: 12 },
      offers: {
        '@type': 'Offer',
        price: '64.60',
        priceCurrency: 'ILS',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
    const [trail] = head.ofType('BreadcrumbList');
    expect(trail?.['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'דף הבית', item: SITE },
      { '@type': 'ListItem', position: 2, name: 'כל הספרים', item: `${SITE}books` },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'מדע בדיוני',
        item: `${SITE}category/${encodeURIComponent('מדע בדיוני')}`,
      },
      { '@type': 'ListItem', position: 4, name: book.title, item: url },
    ]);
    expect(head.ofType('Organization')).toEqual([
      expect.objectContaining({ name: 'מחברים', url: SITE, '@id': `${SITE}#organization` }),
    ]);
  });

  it('offers a book off sale as out of stock, and shows no SVG cover in previews', async () => {
    const book = makeBook(8, {
      _id: '65a1b2c3d4e5f60718293a4c',
      isAvailable: false,
      price: 40,
      totalRatings: 0,
      coverImage: 'https://api.mechabrim.test/api/covers/65a1b2c3d4e5f60718293a4c.svg',
    });
    answer = (path) =>
      path === `/api/books/${book._id}` ? { status: 200, body: book } : { status: 404, body: {} };
    const head = readHead(
      (await renderLanding(`/book/${book._id}`, { apiBaseUrl, siteUrl: SITE }))?.head,
    );
    const [bookData] = head.ofType('Book');
    expect(bookData?.['offers']).toMatchObject({
      price: '40.00',
      availability: 'https://schema.org/OutOfStock',
    });
    expect(bookData).not.toHaveProperty('aggregateRating');
    expect(bookData).not.toHaveProperty('image');
    expect(head.meta('og:image')).toBeUndefined();
  });

  it('writes the home page and the catalogue their own heads; a search is not kept', async () => {
    const home = readHead((await renderLanding('/', { apiBaseUrl, siteUrl: SITE }))?.head);
    expect(home.title).toBe(strings.seo.homeTitle);
    expect(home.meta('description')).toBe(strings.seo.homeDescription);
    expect(home.canonical).toBe(SITE);
    expect(home.ofType('Organization')).toHaveLength(1);
    expect(home.ofType('WebSite')).toHaveLength(1);

    answer = () => ({ status: 200, body: { books: [], total: 0, page: 1, limit: 20, pages: 0 } });
    const books = readHead(
      (await renderLanding('/books?sort=price', { apiBaseUrl, siteUrl: SITE }))?.head,
    );
    expect(books.title).toBe('כל הספרים | מחברים');
    expect(books.canonical).toBe(`${SITE}books`);
    expect(books.meta('robots')).toBeUndefined();
    expect(books.ofType('BreadcrumbList')).toHaveLength(1);

    const search = readHead(
      (
        await renderLanding(`/books?search=${encodeURIComponent('שירה')}`, {
          apiBaseUrl,
          siteUrl: SITE,
        })
      )?.head,
    );
    expect(search.title).toBe('תוצאות חיפוש עבור "שירה" | מחברים');
    expect(search.meta('robots')).toBe('noindex, follow');
  });

  it("answers an author's page whose books cannot be had with its head alone: the author as a Person, with the photo", async () => {
    const author = {
      _id: '65a1b2c3d4e5f60718293a01',
      name: 'נועה "לוי"',
      bio: 'כותבת פנטזיה </script> מאז ומעולם.',
      avatar: 'https://api.mechabrim.test/api/avatars/noa.jpg',
      website: 'https://noa.example/',
      socialMedia: {
        facebook: 'https://facebook.com/noa',
        twitter: '',
        instagram: '',
        linkedin: '',
      },
    };
    answer = (path) =>
      path === `/api/authors/${author._id}`
        ? { status: 200, body: author }
        : { status: 404, body: {} };
    const landing = await renderLanding(`/author/${author._id}`, { apiBaseUrl, siteUrl: SITE });
    expect(landing?.html).toBeUndefined();
    const head = readHead(landing?.head);
    const url = `${SITE}author/${author._id}`;
    expect(head.title).toBe('נועה "לוי" | מחברים');
    expect(head.meta('description')).toBe(author.bio);
    expect(head.meta('og:type')).toBe('profile');
    expect(head.meta('og:image')).toBe(author.avatar);
    expect(head.canonical).toBe(url);
    expect(head.ofType('Person')).toEqual([
      expect.objectContaining({
        name: author.name,
        url,
        image: author.avatar,
        sameAs: ['https://noa.example/', 'https://facebook.com/noa'],
      }),
    ]);
  });

  it('says a missing or malformed book is not found (the page answers 404)', async () => {
    answer = (path) =>
      path === '/api/books/bad'
        ? { status: 400, body: { statusCode: 400, message: 'מזהה לא תקין' } }
        : { status: 404, body: { statusCode: 404, message: 'הספר לא נמצא' } };
    await expect(renderLanding('/book/65a1b2c3d4e5f60718293a4b', { apiBaseUrl })).resolves.toEqual({
      notFound: true,
    });
    await expect(renderLanding('/book/bad', { apiBaseUrl })).resolves.toEqual({ notFound: true });
    // An address that cannot be read is left to the browser, without asking.
    await expect(renderLanding('/book/%E0%A4%A', { apiBaseUrl })).resolves.toBe(null);
    expect(calls).toEqual(['/api/books/65a1b2c3d4e5f60718293a4b', '/api/books/bad']);
  });

  it('says a missing author is not found, and draws a known one without their books as a head alone', async () => {
    answer = (path) =>
      path === '/api/authors/a1'
        ? { status: 200, body: { _id: 'a1', name: 'נועה כהן' } }
        : { status: 404, body: { statusCode: 404, message: 'הסופרת לא נמצאה' } };
    // Without a site address there is no head to answer: the browser draws the page.
    await expect(renderLanding('/author/a1', { apiBaseUrl })).resolves.toBe(null);
    await expect(renderLanding('/author/a2', { apiBaseUrl })).resolves.toEqual({ notFound: true });
    expect(calls).toEqual(['/api/authors/a1', '/api/books/author/a1', '/api/authors/a2']);
  });

  it('gives up on a slow or unreachable API instead of holding the page', async () => {
    // The book comes after 2 s; had the render waited for it, it would draw the page, so `null`
    // shows it gave up at its own deadline (shown without a clock, which a busy machine skews).
    answer = () => ({ status: 200, body: makeBook(1), delayMs: 2000 });
    await expect(renderLanding('/book/b1', { apiBaseUrl, timeoutMs: 100 })).resolves.toBe(null);
    // And the deadline is the one given (LANDING_API_TIMEOUT_MS), not a built-in 1.5 s: the
    // same slow book is drawn when the deadline is longer than its 2 s.
    await expect(
      renderLanding('/book/b1', { apiBaseUrl, timeoutMs: 10_000 }),
    ).resolves.toMatchObject({ html: expect.stringContaining('book-main__title') as unknown });
    await expect(
      renderLanding('/book/b1', { apiBaseUrl: 'http://127.0.0.1:9', timeoutMs: 500 }),
    ).resolves.toBe(null);
  });

  it('leaves every other page to the browser, without asking the API', async () => {
    for (const path of [
      '/?search=שיר',
      '/book/b1/reviews',
      '/contact',
      '/login',
      '/profile',
      '/community-donation?donation=d1',
      '/cart',
      '//evil.test/',
      'book/b1',
      '/book/upload',
    ]) {
      await expect(renderLanding(path, { apiBaseUrl })).resolves.toBe(null);
    }
    expect(calls).toEqual([]);
  });

  describe('the other public pages', () => {
    const author = {
      _id: '65a1b2c3d4e5f60718293a01',
      name: 'נועה לוי',
      bio: 'כותבת פנטזיה לנוער.',
      avatar: 'https://api.mechabrim.test/api/avatars/noa.jpg',
      genres: ['פנטזיה'],
      booksCount: 1,
      averageRating: 4.5,
      totalSales: 12,
      // Already 1 January in Israel, whatever the server's time zone.
      joinDate: '2024-12-31T22:30:00.000Z',
      gender: 'female',
    };
    const book = makeBook(3, {
      _id: '65a1b2c3d4e5f60718293a4d',
      title: 'הדרקון האחרון',
      author: { _id: author._id, name: author.name },
    });
    const queryKeys = (state: unknown) =>
      (state as { queries: { queryKey: unknown[] }[] }).queries.map((q) => q.queryKey);

    it('draws /authors with every author and the featured one’s books, and hands both over', async () => {
      const other = { ...author, _id: 'a2', name: 'דן כהן', booksCount: 0, joinDate: '2025-02-01' };
      answer = (path) =>
        path === '/api/authors'
          ? { status: 200, body: [author, other] }
          : path === `/api/books/author/${author._id}`
            ? { status: 200, body: [book] }
            : { status: 404, body: {} };
      const landing = await renderLanding('/authors', { apiBaseUrl, siteUrl: SITE });

      expect(calls).toEqual(['/api/authors', `/api/books/author/${author._id}`]);
      const html = landing?.html ?? '';
      expect(html).toContain(`<h1 class="sf-page-title">${strings.authors.title}</h1>`);
      expect(html).toContain('דן כהן');
      // The featured author of the week (the newest with a book), with her book and join date.
      expect(html).toContain(strings.authors.featuredTitle('female'));
      expect(html).toContain(book.title);
      expect(html).toContain('1 בינואר 2025');
      expect(queryKeys(landing?.state)).toEqual([
        ['authors', 'list'],
        ['books', 'author', author._id],
      ]);
      const head = readHead(landing?.head);
      expect(head.title).toBe(`${strings.authors.title} | מחברים`);
      expect(head.meta('description')).toBe(strings.authors.intro);
      expect(head.canonical).toBe(`${SITE}authors`);
      expect(head.ofType('BreadcrumbList')[0]?.['itemListElement']).toEqual([
        { '@type': 'ListItem', position: 1, name: 'דף הבית', item: SITE },
        { '@type': 'ListItem', position: 2, name: strings.common.authors, item: `${SITE}authors` },
      ]);
      expect(head.ofType('Organization')).toHaveLength(1);
    });

    it('leaves /authors to the browser when the API fails', async () => {
      answer = () => ({ status: 500, body: { message: 'תקלה' } });
      await expect(renderLanding('/authors', { apiBaseUrl })).resolves.toBe(null);
    });

    it("draws an author's page with their books, hands both over, and writes the Person", async () => {
      answer = (path) =>
        path === `/api/authors/${author._id}`
          ? { status: 200, body: author }
          : path === `/api/books/author/${author._id}`
            ? { status: 200, body: [book] }
            : { status: 404, body: {} };
      const landing = await renderLanding(`/author/${author._id}`, { apiBaseUrl, siteUrl: SITE });

      // The reviews come later, in the browser, as in its first render.
      expect(calls).toEqual([`/api/authors/${author._id}`, `/api/books/author/${author._id}`]);
      const html = landing?.html ?? '';
      expect(html).toContain(`<h1 class="sf-page-title">${author.name}</h1>`);
      expect(html).toContain(author.bio);
      expect(html).toContain(book.title);
      expect(queryKeys(landing?.state)).toEqual([
        ['authors', 'detail', author._id],
        ['books', 'author', author._id],
      ]);
      const head = readHead(landing?.head);
      const url = `${SITE}author/${author._id}`;
      expect(head.title).toBe(`${author.name} | מחברים`);
      expect(head.canonical).toBe(url);
      expect(head.meta('og:image')).toBe(author.avatar);
      expect(head.ofType('Person')).toEqual([
        expect.objectContaining({ name: author.name, url, image: author.avatar }),
      ]);
      expect(head.ofType('BreadcrumbList')).toHaveLength(1);
      expect(head.ofType('Organization')).toHaveLength(1);
    });

    it("draws a category's first page as its URL asks, under the category's own address", async () => {
      answer = (path) =>
        path.startsWith('/api/books?')
          ? { status: 200, body: { books: [book], total: 1, page: 1, limit: 20, pages: 1 } }
          : { status: 404, body: {} };
      // `science` is a legacy slug of science fiction (spec §3).
      const landing = await renderLanding('/category/science?sort=price&category=שירה', {
        apiBaseUrl,
        siteUrl: SITE,
      });
      expect(calls).toHaveLength(1);
      expect(Object.fromEntries(new URL(calls[0] ?? '', 'http://x').searchParams)).toEqual({
        category: 'מדע בדיוני',
        sort: 'price',
        page: '1',
        limit: '20',
      });
      const html = landing?.html ?? '';
      expect(html).toContain('<h1 class="sf-page-title">מדע בדיוני</h1>');
      expect(html).toContain(book.title);
      expect(html).toContain(strings.category.count(1));
      const head = readHead(landing?.head);
      expect(head.title).toBe('מדע בדיוני | מחברים');
      expect(head.canonical).toBe(`${SITE}category/${encodeURIComponent('מדע בדיוני')}`);
      expect(head.meta('description')).toBe(strings.seo.categoryDescription('מדע בדיוני'));
      expect(head.meta('robots')).toBeUndefined();
      expect(head.ofType('BreadcrumbList')).toHaveLength(1);

      const search = readHead(
        (await renderLanding('/category/fantasy?search=דרקון', { apiBaseUrl, siteUrl: SITE }))
          ?.head,
      );
      expect(search.meta('robots')).toBe('noindex, follow');
    });

    it('says an unknown category is not found, without asking the API', async () => {
      await expect(renderLanding('/category/no-such', { apiBaseUrl })).resolves.toEqual({
        notFound: true,
      });
      expect(calls).toEqual([]);
    });

    it.each([
      ['/about', strings.about.title, strings.about.heroText, ['/api/stats']],
      [
        '/author-compensation',
        strings.policies.compensation.title,
        strings.policies.compensation.intro,
        [],
      ],
      ['/how-to-upload', strings.policies.upload.title, strings.policies.upload.intro, []],
      [
        '/how-it-works',
        strings.policies.howItWorks.title,
        strings.policies.howItWorks.intro,
        ['/api/stats'],
      ],
      ['/shipping-policy', strings.policies.shipping.title, strings.policies.shipping.intro, []],
      [
        '/community-donation',
        strings.policies.donation.title,
        strings.policies.donation.intro,
        ['/api/community/fund'],
      ],
      ['/terms', strings.policies.terms.title, strings.policies.terms.intro, []],
      [
        '/authors-terms',
        strings.policies.authorsTerms.title,
        strings.seo.authorsTermsDescription,
        [],
      ],
    ])('draws %s with its own head', async (path, title, description, asked) => {
      answer = (url) =>
        url === '/api/stats'
          ? { status: 200, body: { authors: 12, books: 30, donated: 1000 } }
          : { status: 404, body: {} };
      const landing = await renderLanding(path, { apiBaseUrl, siteUrl: SITE });
      expect(calls).toEqual(asked);
      expect(landing?.html).toContain(`<h1 class="sf-page-title">${title}</h1>`);
      const head = readHead(landing?.head);
      expect(head.title).toBe(`${title} | מחברים`);
      expect(head.meta('description')).toBe(clip(description));
      expect(head.canonical).toBe(`${SITE}${path.slice(1)}`);
      expect(head.meta('og:type')).toBe('website');
      expect(head.ofType('BreadcrumbList')[0]?.['itemListElement']).toEqual([
        { '@type': 'ListItem', position: 1, name: 'דף הבית', item: SITE },
        { '@type': 'ListItem', position: 2, name: title, item: `${SITE}${path.slice(1)}` },
      ]);
      expect(head.ofType('Organization')).toHaveLength(1);
    });

    it('draws what the browser fades in already visible, so it shows without script', async () => {
      answer = () => ({ status: 200, body: { authors: 12, books: 30, donated: 1000 } });
      const html = (await renderLanding('/about', { apiBaseUrl }))?.html ?? '';
      expect(html).toContain('class="about-grid sf-fade-in sf-fade-in--on"');
      expect(html).not.toMatch(/sf-fade-in"/);
    });

    it('gives up on the figures of /about when the API is too slow', async () => {
      answer = () => ({ status: 200, body: { authors: 1, books: 1 }, delayMs: 2000 });
      await expect(renderLanding('/about', { apiBaseUrl, timeoutMs: 100 })).resolves.toBe(null);
    });
  });
});
