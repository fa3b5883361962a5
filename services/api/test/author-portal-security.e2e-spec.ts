import type { AuthorOrdersPage, AuthorStats, Earnings } from '@mechabrim/contracts';
import { Types } from 'mongoose';
import { expectError } from './http';
import { startPortalApi, type Account, type PortalApi } from './portal-fixture';

/**
 * Issue 12 item 10, the server's side: an author reaches only their own books, orders and money,
 * and only admins moderate. Every refusal leaves the data as it was.
 */
describe('author portal security', () => {
  let ctx: PortalApi;
  let noa: Account;
  let eve: Account;
  let reader: Account;
  let admin: Account;
  let shown: string;
  let hidden: string;
  let pending: string;
  let orderId: string;
  let editId: string;
  let reviewId: string;

  beforeAll(async () => {
    ctx = await startPortalApi();
    noa = await ctx.author('noa.sec@example.com', 'נועה כהן');
    eve = await ctx.author('eve.sec@example.com', 'איב');
    reader = await ctx.reader('reader.sec@example.com');
    admin = await ctx.admin('admin.sec@example.com');
    shown = await ctx.book(noa.id, { title: 'גלוי', price: 80 });
    hidden = await ctx.book(noa.id, { title: 'מוסתר', isAvailable: false });
    pending = await ctx.book(noa.id, {
      title: 'ממתין',
      isAvailable: false,
      approvalStatus: 'pending',
    });
    orderId = await ctx.order([{ bookId: shown, authorId: noa.id, price: 80, quantity: 3 }]);
    const edit = await ctx.http.post<{ edit: { _id: string } }>(
      `/api/books/${shown}/edit`,
      { title: 'עריכה', price: 70 },
      { token: noa.token },
    );
    editId = edit.body.edit._id;
    const review = await ctx.reviews.create({
      book: new Types.ObjectId(shown),
      authorName: 'קורא',
      content: 'ממתינה',
      rating: 5,
    });
    reviewId = String(review._id);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const snapshot = async () => ({
    books: await ctx.books
      .find({ author: new Types.ObjectId(noa.id) })
      .sort({ _id: 1 })
      .lean(),
    edits: await ctx.edits.find().sort({ _id: 1 }).lean(),
    reviews: await ctx.reviews.find().sort({ _id: 1 }).lean(),
  });

  it('another author cannot see a hidden or pending book of hers', async () => {
    expectError(await ctx.http.get(`/api/books/${hidden}`, { token: eve.token }), 404);
    expectError(await ctx.http.get(`/api/books/${pending}`, { token: eve.token }), 404);
    const list = await ctx.http.get<Array<{ _id: string }>>(`/api/books/author/${noa.id}`, {
      token: eve.token,
    });
    expect(list.body.map((b) => b._id)).toEqual([shown]);
    expectError(await ctx.http.get(`/api/books/${shown}/edits`, { token: eve.token }), 403);
  });

  it('another author cannot edit, hide, show or delete her books', async () => {
    const before = await snapshot();
    const edit = expectError(
      await ctx.http.post(
        `/api/books/${shown}/edit`,
        { title: 'השתלטות', price: 1 },
        { token: eve.token },
      ),
      403,
    );
    expect(edit.message).toBe('אין לכם הרשאה לערוך ספר זה');
    expectError(
      await ctx.http.put(`/api/books/${shown}`, { isAvailable: false }, { token: eve.token }),
      403,
    );
    expectError(
      await ctx.http.put(`/api/books/${hidden}`, { isAvailable: true }, { token: eve.token }),
      403,
    );
    expectError(await ctx.http.delete(`/api/books/${shown}`, { token: eve.token }), 403);
    expectError(await ctx.http.delete(`/api/books/${pending}`, { token: eve.token }), 403);
    expect(await snapshot()).toEqual(before);
  });

  it('another author sees none of her orders or revenue, whatever she asks for', async () => {
    const orders = await ctx.http.get<AuthorOrdersPage>('/api/orders/author', { token: eve.token });
    expect(orders.body.orders).toEqual([]);
    expect(orders.body.counts.all).toBe(0);
    expectError(
      await ctx.http.get(`/api/orders/author?authorId=${noa.id}`, { token: eve.token }),
      400,
    );
    const earnings = await ctx.http.get<Earnings>(`/api/earnings/author?authorId=${noa.id}`, {
      token: eve.token,
    });
    expect(earnings.body).toMatchObject({ totalEarnings: 0, totalOrders: 0, topSellingBooks: [] });
    const stats = await ctx.http.get<AuthorStats>('/api/stats/author', { token: eve.token });
    expect(stats.body).toMatchObject({ totalBooks: 0, totalRevenue: 0, totalSales: 0 });
    // While she sees hers.
    const own = await ctx.http.get<AuthorOrdersPage>('/api/orders/author', { token: noa.token });
    expect(own.body.orders.map((o) => o._id)).toEqual([orderId]);
    expect(
      (await ctx.http.get<Earnings>('/api/earnings/author', { token: noa.token })).body
        .totalEarnings,
    ).toBe(204);
    // A buyer's order list is the buyer's, not the author's.
    expect(
      (await ctx.http.get<{ orders: unknown[] }>('/api/orders/mine', { token: eve.token })).body
        .orders,
    ).toEqual([]);
  });

  it('an author cannot put her own pending book on sale herself', async () => {
    expectError(
      await ctx.http.put(`/api/books/${pending}`, { isAvailable: true }, { token: noa.token }),
      409,
    );
    expect((await ctx.books.findById(pending).lean())?.isAvailable).toBe(false);
  });

  it('only admins moderate: authors and readers get 403, guests 401, nothing changes', async () => {
    const before = await snapshot();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/moderation/books'],
      ['GET', '/api/moderation/edits'],
      ['GET', '/api/moderation/reviews'],
      ['POST', `/api/moderation/books/${pending}/approve`, {}],
      ['POST', `/api/moderation/books/${pending}/reject`, { reason: 'לא' }],
      ['POST', `/api/moderation/edits/${editId}/approve`, {}],
      ['POST', `/api/moderation/edits/${editId}/reject`, { reason: 'לא' }],
      ['POST', `/api/moderation/reviews/${reviewId}/approve`, {}],
      ['POST', `/api/moderation/reviews/${reviewId}/reject`, { reason: 'לא' }],
    ];
    for (const [method, path, body] of calls) {
      const call = (token?: string) =>
        method === 'GET' ? ctx.http.get(path, { token }) : ctx.http.post(path, body, { token });
      expectError(await call(), 401);
      expectError(await call(noa.token), 403);
      expectError(await call(eve.token), 403);
      expectError(await call(reader.token), 403);
    }
    expect(await snapshot()).toEqual(before);
    // The admin may.
    expect((await ctx.http.get('/api/moderation/books', { token: admin.token })).status).toBe(200);
  });

  it('a reader has no author calls at all', async () => {
    for (const path of [
      '/api/stats/author',
      '/api/orders/author',
      '/api/earnings/author',
      '/api/authors/me/profile',
    ]) {
      expectError(await ctx.http.get(path, { token: reader.token }), 403);
    }
    expectError(
      await ctx.http.put(`/api/books/${shown}`, { isAvailable: false }, { token: reader.token }),
      403,
    );
  });
});
