/** @jest-environment node */
// The landing renderer as the storefront's edge server runs it: in Node, against an API over
// real HTTP (a small server answering the one book call the renderer makes).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeBook } from '@mechabrim/api-client/src/testing/render-with-api';
import { strings } from '../strings.he';
import { renderLanding } from './landing';

type Answer = { status: number; body: unknown; delayMs?: number };

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

  it('asks for an author only to say when there is none', async () => {
    answer = (path) =>
      path === '/api/authors/a1'
        ? { status: 200, body: { _id: 'a1', name: 'נועה כהן' } }
        : { status: 404, body: { statusCode: 404, message: 'הסופרת לא נמצאה' } };
    await expect(renderLanding('/author/a1', { apiBaseUrl })).resolves.toBe(null);
    await expect(renderLanding('/author/a2', { apiBaseUrl })).resolves.toEqual({ notFound: true });
    expect(calls).toEqual(['/api/authors/a1', '/api/authors/a2']);
  });

  it('gives up on a slow or unreachable API instead of holding the page', async () => {
    answer = () => ({ status: 200, body: makeBook(1), delayMs: 2000 });
    const started = Date.now();
    await expect(renderLanding('/book/b1', { apiBaseUrl, timeoutMs: 100 })).resolves.toBe(null);
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(
      renderLanding('/book/b1', { apiBaseUrl: 'http://127.0.0.1:9', timeoutMs: 500 }),
    ).resolves.toBe(null);
  });

  it('leaves every other page to the browser, without asking the API', async () => {
    for (const path of [
      '/authors',
      '/?search=שיר',
      '/book/b1/reviews',
      '/category/fantasy',
      '/cart',
      '//evil.test/',
      'book/b1',
      '/book/upload',
    ]) {
      await expect(renderLanding(path, { apiBaseUrl })).resolves.toBe(null);
    }
    expect(calls).toEqual([]);
  });
});
