import type { Review } from '@mechabrim/contracts';
import { startCatalogueApi, type CatalogueApi } from './catalogue-fixture';
import { expectError, INJECTIONS } from './http';

describe('book reviews (comments)', () => {
  let ctx: CatalogueApi;
  let bookId: string;
  let approved: number;

  beforeAll(async () => {
    ctx = await startCatalogueApi({ seed: true });
    const reviews = ctx.db.collection('reviews');
    // An available book with both approved and unapproved reviews.
    const rows = await reviews
      .aggregate<{ _id: unknown; approved: number; all: number }>([
        {
          $group: {
            _id: '$book',
            approved: { $sum: { $cond: ['$isApproved', 1, 0] } },
            all: { $sum: 1 },
          },
        },
      ])
      .toArray();
    const available = new Set(
      (await ctx.books.find({ isAvailable: true }).select({ _id: 1 }).lean()).map((b) =>
        String(b._id),
      ),
    );
    const pick = rows.find(
      (r) => r.approved > 0 && r.all > r.approved && available.has(String(r._id)),
    )!;
    expect(pick).toBeTruthy();
    bookId = String(pick._id);
    approved = pick.approved;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('GET /api/books/:id/comments answers only approved reviews, newest first', async () => {
    const res = await ctx.http.get<Review[]>(`/api/books/${bookId}/comments`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(approved);
    for (const review of res.body) {
      expect(review).toEqual({
        _id: expect.any(String),
        bookId,
        authorName: expect.any(String),
        content: expect.any(String),
        rating: expect.any(Number),
        createdAt: expect.any(String),
        isApproved: true,
        title: expect.any(String),
        verifiedPurchase: expect.any(Boolean),
        helpfulCount: expect.any(Number),
      });
    }
    const dates = res.body.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('GET /api/comments?bookId= answers the same list', async () => {
    const a = await ctx.http.get(`/api/books/${bookId}/comments`);
    const b = await ctx.http.get(`/api/comments?bookId=${bookId}`);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
  });

  it('keeps the reviews of a book taken off sale; a book never on sale has none to show', async () => {
    await ctx.books.updateOne({ _id: bookId }, { $set: { isAvailable: false } });
    try {
      const res = await ctx.http.get<Review[]>(`/api/books/${bookId}/comments`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(approved);
      // As if never approved (through the model, so the API's caches hear of it).
      await ctx.books.updateOne({ _id: bookId }, { $set: { firstListedAt: null } });
      expectError(await ctx.http.get(`/api/books/${bookId}/comments`), 404);
    } finally {
      await ctx.books.updateOne({ _id: bookId }, { $set: { isAvailable: true } });
    }
  });

  it('answers 404 for an unknown book and 400 for a malformed or missing id', async () => {
    expectError(await ctx.http.get('/api/books/0123456789abcdef01234567/comments'), 404);
    expectError(await ctx.http.get('/api/books/nope/comments'), 400);
    expectError(await ctx.http.get('/api/comments'), 400);
    expectError(await ctx.http.get('/api/comments?bookId=nope'), 400);
  });

  it.each(INJECTIONS.map((p) => Object.keys(p as object)[0]))(
    'rejects ?bookId[%s]= with 400',
    async (op) => {
      expectError(await ctx.http.get(`/api/comments?bookId[${op}]=1`), 400);
    },
  );
});
