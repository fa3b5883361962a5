import { DEMO_ACCOUNTS, DEMO_IDS } from '@mechabrim/demo-data';
import type { Book, BookPage } from '@mechabrim/contracts';
import { login, PUBLIC_API_URL, startCatalogueApi, type CatalogueApi } from './catalogue-fixture';
import { expectError } from './http';

describe('books API (demo catalogue)', () => {
  let ctx: CatalogueApi;

  beforeAll(async () => {
    ctx = await startCatalogueApi({ seed: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('GET /api/books', () => {
    it('answers the first page of available books, best sellers first, with a total', async () => {
      const res = await ctx.http.get<BookPage>('/api/books');
      expect(res.status).toBe(200);
      const available = await ctx.books.countDocuments({ isAvailable: true });
      expect(res.body).toEqual(
        expect.objectContaining({
          total: available,
          page: 1,
          limit: 20,
          pages: Math.ceil(available / 20),
        }),
      );
      expect(res.body.books).toHaveLength(20);
      expect(res.body.books.every((b) => b.isAvailable)).toBe(true);
      const sales = res.body.books.map((b) => b.salesCount);
      expect(sales).toEqual([...sales].sort((a, b) => b - a));
      const book = res.body.books[0];
      if (!book) throw new Error('the first page is empty');
      expect(book).toEqual(
        expect.objectContaining({
          _id: expect.stringMatching(/^[a-f0-9]{24}$/),
          title: expect.any(String),
          author: { _id: expect.any(String), name: expect.any(String) },
          category: expect.any(String),
          price: expect.any(Number),
          rating: expect.any(Number),
          totalRatings: expect.any(Number),
          tags: expect.any(Array),
          coverImage: expect.stringMatching(
            new RegExp(`^${PUBLIC_API_URL}/api/covers/[a-f0-9]{24}\\.webp$`),
          ),
        }),
      );
      expect(Object.keys(book)).not.toEqual(expect.arrayContaining(['searchKeys']));
    });

    it('pages without overlap and honours ?limit=', async () => {
      const first = await ctx.http.get<BookPage>('/api/books?page=1&limit=6');
      const second = await ctx.http.get<BookPage>('/api/books?page=2&limit=6');
      expect(first.body.books).toHaveLength(6);
      expect(second.body.books).toHaveLength(6);
      const ids = new Set(first.body.books.map((b) => b._id));
      expect(second.body.books.some((b) => ids.has(b._id))).toBe(false);
    });

    it('filters by category (Hebrew value or English key) and can leave a book out', async () => {
      const hebrew = await ctx.http.get<BookPage>(
        `/api/books?category=${encodeURIComponent('שירה')}&limit=100`,
      );
      expect(hebrew.status).toBe(200);
      expect(hebrew.body.total).toBeGreaterThan(0);
      expect(hebrew.body.books.every((b) => b.category === 'שירה')).toBe(true);
      const english = await ctx.http.get<BookPage>('/api/books?category=poetry&limit=100');
      expect(english.body.total).toBe(hebrew.body.total);
      const without = await ctx.http.get<BookPage>(
        `/api/books?category=poetry&limit=100&exclude=${hebrew.body.books[0]?._id}`,
      );
      expect(without.body.total).toBe(hebrew.body.total - 1);
    });

    it('sorts by price when asked', async () => {
      const res = await ctx.http.get<BookPage>('/api/books?sort=price&limit=30');
      const prices = res.body.books.map((b) => b.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    });

    it('carries ETag and Cache-Control, and answers 304 to a matching If-None-Match', async () => {
      const res = await ctx.http.get('/api/books?limit=5');
      expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
      const etag = res.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await ctx.http.get('/api/books?limit=5', {
        headers: { 'if-none-match': etag! },
      });
      expect(again.status).toBe(304);
    });

    it.each([
      ['limit=0'],
      ['limit=101'],
      ['limit=abc'],
      ['page=0'],
      ['sort=cheapest'],
      ['category=nonexistent'],
      ['category=__proto__'],
      ['category=constructor'],
      ['category=toString'],
      ['category[$ne]=x'],
      ['limit[$gt]=1'],
      ['$where=1'],
      ['exclude=not-an-id'],
    ])('rejects ?%s with 400 in Hebrew', async (query) => {
      expectError(await ctx.http.get(`/api/books?${query}`), 400);
    });
  });

  describe('GET /api/books/:id', () => {
    it('answers an available book', async () => {
      const [first] = (await ctx.http.get<BookPage>('/api/books?limit=1')).body.books;
      const res = await ctx.http.get<Book>(`/api/books/${first?._id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(first);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect(
        expectError(await ctx.http.get('/api/books/0123456789abcdef01234567'), 404).message,
      ).toBe('הספר לא נמצא');
      expectError(await ctx.http.get('/api/books/not-an-id'), 400);
      expectError(await ctx.http.get(`/api/books/${encodeURIComponent('{"$ne":null}')}`), 400);
    });

    it('hides an unavailable book from the public but shows it to its author', async () => {
      const hidden = await ctx.books
        .findOne({ author: DEMO_IDS.author, isAvailable: false })
        .lean();
      expect(hidden).toBeTruthy();
      const id = String(hidden!._id);
      expectError(await ctx.http.get(`/api/books/${id}`), 404);
      const token = await login(
        ctx.http,
        DEMO_ACCOUNTS.author.email,
        DEMO_ACCOUNTS.author.password,
      );
      const own = await ctx.http.get<Book>(`/api/books/${id}`, { token });
      expect(own.status).toBe(200);
      expect(own.body.isAvailable).toBe(false);
      expect(own.headers.get('cache-control')).toBe('private, no-store');
      const other = await login(
        ctx.http,
        DEMO_ACCOUNTS.reader.email,
        DEMO_ACCOUNTS.reader.password,
      );
      expectError(await ctx.http.get(`/api/books/${id}`, { token: other }), 404);
    });

    it('keeps the page of a book taken off sale, sold out, while the list leaves it out', async () => {
      const [book] = (await ctx.http.get<BookPage>('/api/books?sort=title&limit=1')).body.books;
      if (!book) throw new Error('no book');
      await ctx.books.updateOne({ _id: book._id }, { $set: { isAvailable: false } });
      try {
        const res = await ctx.http.get<Book>(`/api/books/${book._id}`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(
          expect.objectContaining({ _id: book._id, title: book.title, isAvailable: false }),
        );
        expect(Object.keys(res.body)).not.toContain('firstListedAt');
        const list = (await ctx.http.get<BookPage>('/api/books?sort=title&limit=5')).body.books;
        expect(list.map((b) => b._id)).not.toContain(book._id);
      } finally {
        await ctx.books.updateOne({ _id: book._id }, { $set: { isAvailable: true } });
      }
      expect((await ctx.http.get<Book>(`/api/books/${book._id}`)).body.isAvailable).toBe(true);
    });
  });

  describe('GET /api/books filters', () => {
    it('filters by price band, and the total follows', async () => {
      const all = await ctx.books.countDocuments({ isAvailable: true });
      const totals: number[] = [];
      for (const [band, within] of [
        ['under-30', (p: number) => p < 30],
        ['30-50', (p: number) => p >= 30 && p <= 50],
        ['over-50', (p: number) => p > 50],
      ] as const) {
        const res = await ctx.http.get<BookPage>(`/api/books?price=${band}&limit=100`);
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(
          await ctx.books.countDocuments({
            isAvailable: true,
            price:
              band === 'under-30'
                ? { $lt: 30 }
                : band === '30-50'
                  ? { $gte: 30, $lte: 50 }
                  : { $gt: 50 },
          }),
        );
        expect(res.body.books.every((b) => within(b.price))).toBe(true);
        totals.push(res.body.total);
      }
      expect(totals.reduce((a, b) => a + b, 0)).toBe(all);
    });

    it('searches title, author name and tags Hebrew-aware, with category, band and sort', async () => {
      const [book] = (await ctx.http.get<BookPage>('/api/books?limit=1')).body.books;
      if (!book) throw new Error('no book');
      const word = book.authorName.split(' ')[0] ?? '';
      const res = await ctx.http.get<BookPage>(
        `/api/books?q=${encodeURIComponent(`ו${word}`)}&sort=price&limit=100`,
      );
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(res.body.books.length);
      expect(res.body.books.map((b) => b._id)).toContain(book._id);
      const prices = res.body.books.map((b) => b.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const inCategory = await ctx.http.get<BookPage>(
        `/api/books?q=${encodeURIComponent(word)}&category=${encodeURIComponent(book.category)}&limit=100`,
      );
      expect(inCategory.body.books.every((b) => b.category === book.category)).toBe(true);
      expect(inCategory.body.books.map((b) => b._id)).toContain(book._id);
      const none = await ctx.http.get<BookPage>(`/api/books?q=${encodeURIComponent('קקקזזז')}`);
      expect(none.body).toEqual(expect.objectContaining({ books: [], total: 0 }));
      const punctuation = await ctx.http.get<BookPage>(`/api/books?q=${encodeURIComponent('?!')}`);
      expect(punctuation.body).toEqual(expect.objectContaining({ books: [], total: 0 }));
    });

    it('answers 400 in Hebrew for an unknown band or an overlong search, and never an operator', async () => {
      expect(expectError(await ctx.http.get('/api/books?price=cheap'), 400).message).toMatch(
        /[\u0590-\u05FF]/,
      );
      expectError(await ctx.http.get(`/api/books?q=${'א'.repeat(101)}`), 400);
      expectError(await ctx.http.get('/api/books?q[$ne]=x'), 400);
      const empty = await ctx.http.get<BookPage>('/api/books?q=&limit=1');
      expect(empty.status).toBe(200);
      expect(empty.body.total).toBe(await ctx.books.countDocuments({ isAvailable: true }));
    });
  });

  describe('caching headers of answers that depend on the bearer token', () => {
    const varyOf = (headers: Headers) =>
      (headers.get('vary') ?? '')
        .split(',')
        .map((v) => v.trim().toLowerCase())
        .filter(Boolean);

    it('public book and author-book answers vary on Authorization, Accept-Encoding and Origin', async () => {
      const [first] = (await ctx.http.get<BookPage>('/api/books?limit=1')).body.books;
      for (const path of [`/api/books/${first?._id}`, `/api/books/author/${DEMO_IDS.author}`]) {
        const res = await ctx.http.get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toMatch(/^public/);
        expect(varyOf(res.headers)).toEqual(
          expect.arrayContaining(['authorization', 'accept-encoding', 'origin']),
        );
      }
      const list = await ctx.http.get('/api/books?limit=2');
      expect(varyOf(list.headers)).toEqual(expect.arrayContaining(['accept-encoding', 'origin']));
    });

    it("never serves the author's own view from, or into, the public cache", async () => {
      const token = await login(
        ctx.http,
        DEMO_ACCOUNTS.author.email,
        DEMO_ACCOUNTS.author.password,
      );
      const path = `/api/books/author/${DEMO_IDS.author}`;
      const publicBefore = await ctx.http.get<Book[]>(path);
      const own = await ctx.http.get<Book[]>(path, { token });
      expect(own.headers.get('cache-control')).toBe('private, no-store');
      expect(own.headers.get('etag')).toBeNull();
      expect(varyOf(own.headers)).toContain('authorization');
      const publicAfter = await ctx.http.get<Book[]>(path);
      expect(publicAfter.body).toEqual(publicBefore.body);
      expect(publicAfter.body.every((b) => b.isAvailable)).toBe(true);
      expect(own.body.length).toBeGreaterThan(publicAfter.body.length);
    });
  });

  describe('GET /api/books/author/:id', () => {
    it("answers the author's available books to the public and all of them to the author", async () => {
      const pub = await ctx.http.get<Book[]>(`/api/books/author/${DEMO_IDS.author}`);
      expect(pub.status).toBe(200);
      expect(pub.body.length).toBeGreaterThan(0);
      expect(pub.body.every((b) => b.isAvailable && b.author._id === String(DEMO_IDS.author))).toBe(
        true,
      );
      const token = await login(
        ctx.http,
        DEMO_ACCOUNTS.author.email,
        DEMO_ACCOUNTS.author.password,
      );
      const own = await ctx.http.get<Book[]>(`/api/books/author/${DEMO_IDS.author}`, { token });
      expect(own.body.length).toBe(pub.body.length + 1);
    });

    it('answers 404 for an unknown author and 400 for a malformed id', async () => {
      expect(
        expectError(await ctx.http.get('/api/books/author/0123456789abcdef01234567'), 404).message,
      ).toBe('חשבון הסופר לא נמצא');
      expectError(await ctx.http.get('/api/books/author/xyz'), 400);
    });
  });

  describe('GET /api/covers/:file', () => {
    it('serves the generated cover that the book links to (WebP), and its drawing (SVG)', async () => {
      const [book] = (await ctx.http.get<BookPage>('/api/books?limit=1')).body.books;
      if (!book) throw new Error('the catalogue is empty');
      const coverPath = book.coverImage.replace(PUBLIC_API_URL, '');
      const res = await fetch(`${ctx.api.baseUrl}${coverPath}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/webp/);
      const image = Buffer.from(await res.arrayBuffer());
      expect([
        image.subarray(0, 4).toString('latin1'),
        image.subarray(8, 12).toString('latin1'),
      ]).toEqual(['RIFF', 'WEBP']);
      const drawing = await ctx.http.get<string>(coverPath.replace(/\.webp$/, '.svg'));
      expect(drawing.status).toBe(200);
      expect(drawing.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(drawing.body).toContain('<svg');
    });

    it('answers 404 for a missing cover and refuses path tricks', async () => {
      expectError(await ctx.http.get('/api/covers/0123456789abcdef01234567.svg'), 404);
      expect(
        (await ctx.http.get('/api/covers/..%2F..%2Fetc%2Fpasswd')).status,
      ).toBeGreaterThanOrEqual(400);
      expect((await ctx.http.get('/api/covers/..%2F..%2Fetc%2Fpasswd')).status).toBeLessThan(500);
    });
  });

  it('documents every catalogue, community and account call in the OpenAPI document', async () => {
    const res = await ctx.http.get<{ paths: Record<string, Record<string, unknown>> }>(
      '/api/docs-json',
    );
    expect(res.status).toBe(200);
    const calls = Object.entries(res.body.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        'POST /api/auth/register',
        'POST /api/auth/login',
        'GET /api/auth/profile',
        'PUT /api/auth/profile',
        'GET /api/books',
        'GET /api/books/search',
        'GET /api/books/categories',
        'GET /api/books/author/{id}',
        'GET /api/books/{id}',
        'GET /api/books/{id}/comments',
        'GET /api/comments',
        'GET /api/authors',
        'GET /api/authors/search',
        'GET /api/authors/{id}',
        'GET /api/stats',
        'POST /api/contacts/submit',
        'GET /api/users/wishlist',
        'GET /api/users/wishlist/check/{bookId}',
        'POST /api/users/wishlist',
        'DELETE /api/users/wishlist/{bookId}',
        'POST /api/logs/client-error',
        'POST /api/logs/client-bulk',
      ]),
    );
  });

  it('documents the answer shapes (from the zod contracts) of the main calls', async () => {
    type Op = {
      responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
    };
    const doc = (
      await ctx.http.get<{ paths: Record<string, Record<string, Op>> }>('/api/docs-json')
    ).body;
    const schemaOf = (method: string, path: string, status: string) =>
      doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
    const page = schemaOf('get', '/api/books', '200') as {
      properties: Record<string, { items?: { properties?: Record<string, unknown> } }>;
    };
    expect(Object.keys(page.properties)).toEqual(
      expect.arrayContaining(['books', 'total', 'page', 'limit', 'pages']),
    );
    expect(Object.keys(page.properties.books?.items?.properties ?? {})).toEqual(
      expect.arrayContaining(['_id', 'title', 'author', 'price', 'rating', 'totalRatings']),
    );
    for (const [method, path, status] of [
      ['get', '/api/books/{id}', '200'],
      ['get', '/api/books/search', '200'],
      ['get', '/api/books/author/{id}', '200'],
      ['get', '/api/books/categories', '200'],
      ['get', '/api/books/{id}/comments', '200'],
      ['get', '/api/comments', '200'],
      ['get', '/api/authors', '200'],
      ['get', '/api/authors/search', '200'],
      ['get', '/api/authors/{id}', '200'],
      ['get', '/api/stats', '200'],
      ['post', '/api/auth/register', '201'],
      ['post', '/api/auth/login', '200'],
      ['get', '/api/auth/profile', '200'],
      ['put', '/api/auth/profile', '200'],
      ['post', '/api/contacts/submit', '201'],
      ['get', '/api/users/wishlist', '200'],
      ['get', '/api/users/wishlist/check/{bookId}', '200'],
      ['post', '/api/users/wishlist', '201'],
      ['delete', '/api/users/wishlist/{bookId}', '200'],
      ['post', '/api/logs/client-error', '202'],
      ['post', '/api/logs/client-bulk', '202'],
    ] as const) {
      const schema = schemaOf(method, path, status);
      expect([method, path, schema?.type]).toEqual([
        method,
        path,
        expect.stringMatching(/^(object|array)$/),
      ]);
    }
  });

  describe('writes through the API stamp updatedAt (the search-index fingerprint relies on it)', () => {
    it("renaming an author through PUT /api/auth/profile moves their books' updatedAt forward", async () => {
      const token = await login(
        ctx.http,
        DEMO_ACCOUNTS.author.email,
        DEMO_ACCOUNTS.author.password,
      );
      const stamps = async () =>
        (await ctx.books
          .find({ author: DEMO_IDS.author })
          .select({ updatedAt: 1, authorName: 1 })
          .lean()) as unknown as { updatedAt: Date; authorName: string }[];
      const before = await stamps();
      const latestBefore = Math.max(...before.map((b) => b.updatedAt.getTime()));
      const rename = (name: string) =>
        ctx.http.put('/api/auth/profile', { name, email: DEMO_ACCOUNTS.author.email }, { token });
      expect((await rename('נועה ברק-לוי')).status).toBe(200);
      try {
        const after = await stamps();
        expect(after.every((b) => b.authorName === 'נועה ברק-לוי')).toBe(true);
        expect(after.every((b) => b.updatedAt.getTime() > latestBefore)).toBe(true);
      } finally {
        expect((await rename(DEMO_ACCOUNTS.author.name)).status).toBe(200);
      }
    });
  });
});
