import type { Book, BookPage } from '@mechabrim/contracts';
import { Types } from 'mongoose';
import { registerUser, startCatalogueApi, type CatalogueApi } from './catalogue-fixture';
import { expectError, INJECTIONS } from './http';

describe('wishlist API', () => {
  let ctx: CatalogueApi;
  let token: string;
  let books: Book[];

  beforeAll(async () => {
    ctx = await startCatalogueApi({ seed: true });
    token = (await registerUser(ctx.http, 'wish@example.com')).token;
    books = (await ctx.http.get<BookPage>('/api/books?limit=4')).body.books;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('needs a bearer token on every call', async () => {
    const id = books[0]?._id;
    expectError(await ctx.http.get('/api/users/wishlist'), 401);
    expectError(await ctx.http.get(`/api/users/wishlist/check/${id}`), 401);
    expectError(await ctx.http.post('/api/users/wishlist', { bookId: id }), 401);
    expectError(await ctx.http.delete(`/api/users/wishlist/${id}`), 401);
  });

  it('adds, checks, lists and removes books', async () => {
    const [a, b] = books;
    expect((await ctx.http.get(`/api/users/wishlist/check/${a?._id}`, { token })).body).toEqual({
      bookId: a?._id,
      isInWishlist: false,
    });
    const added = await ctx.http.post('/api/users/wishlist', { bookId: a?._id }, { token });
    expect(added.status).toBe(201);
    expect(added.body).toEqual(expect.objectContaining({ bookId: a?._id, isInWishlist: true }));
    // adding twice is harmless
    expect((await ctx.http.post('/api/users/wishlist', { bookId: a?._id }, { token })).status).toBe(
      201,
    );
    await ctx.http.post('/api/users/wishlist', { bookId: b?._id }, { token });
    expect((await ctx.http.get(`/api/users/wishlist/check/${a?._id}`, { token })).body).toEqual({
      bookId: a?._id,
      isInWishlist: true,
    });

    const list = await ctx.http.get<Book[]>('/api/users/wishlist', { token });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(list.body.map((x) => x._id)).toEqual([b?._id, a?._id]);
    expect(list.body[0]).toEqual(expect.objectContaining({ title: b?.title, price: b?.price }));

    const removed = await ctx.http.delete(`/api/users/wishlist/${a?._id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual(expect.objectContaining({ bookId: a?._id, isInWishlist: false }));
    expect(
      (await ctx.http.get<Book[]>('/api/users/wishlist', { token })).body.map((x) => x._id),
    ).toEqual([b?._id]);
  });

  it('keeps a wished book taken off sale since, shown sold out, and shows it on sale again', async () => {
    const user = (await registerUser(ctx.http, 'hidden.wish@example.com')).token;
    const [, , c] = books;
    expect(
      (await ctx.http.post('/api/users/wishlist', { bookId: c?._id }, { token: user })).status,
    ).toBe(201);
    const listed = async () =>
      (await ctx.http.get<Book[]>('/api/users/wishlist', { token: user })).body.map((x) => [
        x._id,
        x.isAvailable,
      ]);
    expect(await listed()).toEqual([[c?._id, true]]);
    await ctx.books.updateOne({ _id: c?._id }, { $set: { isAvailable: false } });
    try {
      expect(await listed()).toEqual([[c?._id, false]]);
      expect(
        (await ctx.http.get(`/api/users/wishlist/check/${c?._id}`, { token: user })).body,
      ).toEqual({ bookId: c?._id, isInWishlist: true });
    } finally {
      await ctx.books.updateOne({ _id: c?._id }, { $set: { isAvailable: true } });
    }
    expect(await listed()).toEqual([[c?._id, true]]);
  });

  it('leaves out a wished book that was never on sale', async () => {
    const user = (await registerUser(ctx.http, 'never.wish@example.com')).token;
    const [, , , d] = books;
    expect(
      (await ctx.http.post('/api/users/wishlist', { bookId: d?._id }, { token: user })).status,
    ).toBe(201);
    // As if it had never been approved: off sale, no first listing.
    await ctx.books.collection.updateOne(
      { _id: new Types.ObjectId(d?._id) },
      { $set: { isAvailable: false, firstListedAt: null } },
    );
    try {
      expect((await ctx.http.get<Book[]>('/api/users/wishlist', { token: user })).body).toEqual([]);
    } finally {
      await ctx.books.updateOne({ _id: d?._id }, { $set: { isAvailable: true } });
    }
  });

  it('keeps each user’s wishlist to themself', async () => {
    const other = (await registerUser(ctx.http, 'other.wish@example.com')).token;
    expect((await ctx.http.get<Book[]>('/api/users/wishlist', { token: other })).body).toEqual([]);
  });

  it('answers 404 for an unknown or hidden book and 400 for malformed ids', async () => {
    expectError(
      await ctx.http.post('/api/users/wishlist', { bookId: '0123456789abcdef01234567' }, { token }),
      404,
    );
    const hidden = await ctx.books.findOne({ isAvailable: false }).lean();
    expectError(
      await ctx.http.post('/api/users/wishlist', { bookId: String(hidden!._id) }, { token }),
      404,
    );
    expectError(await ctx.http.post('/api/users/wishlist', { bookId: 'abc' }, { token }), 400);
    expectError(await ctx.http.post('/api/users/wishlist', {}, { token }), 400);
    expectError(await ctx.http.get('/api/users/wishlist/check/abc', { token }), 400);
    expectError(await ctx.http.delete('/api/users/wishlist/abc', { token }), 400);
  });

  it.each(INJECTIONS)('rejects the operator payload %j with 400', async (payload) => {
    expectError(await ctx.http.post('/api/users/wishlist', { bookId: payload }, { token }), 400);
    expectError(await ctx.http.post('/api/users/wishlist', payload, { token }), 400);
  });
});
