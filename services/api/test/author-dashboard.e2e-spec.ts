import type { AuthorOrdersPage, AuthorStats, Book, Earnings } from '@mechabrim/contracts';
import { toAgorot } from '@mechabrim/money';
import { Types } from 'mongoose';
import { expectError } from './http';
import { startPortalApi, type Account, type PortalApi } from './portal-fixture';

const MONEY_FIELDS = [
  'grossRevenue',
  'salesAfterTax',
  'vat',
  'communityContribution',
  'platformFee',
  'fixedFee',
  'netEarnings',
] as const;

/** Whole agorot of a shekel amount the API answered (exact for two-decimal values). */
const ag = (shekels: number) => toAgorot(shekels);

describe('the author dashboard: stats, orders and earnings from the ledger', () => {
  let ctx: PortalApi;
  let noa: Account;
  let dan: Account;
  let reader: Account;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await startPortalApi();
    noa = await ctx.author('noa.dash@example.com', 'נועה כהן');
    dan = await ctx.author('dan.dash@example.com', 'דן לוי');
    reader = await ctx.reader('reader.dash@example.com');
    ids.a = await ctx.book(noa.id, { title: 'ספר א', price: 50 });
    ids.b = await ctx.book(noa.id, { title: 'ספר ב', price: 39.9 });
    ids.pending = await ctx.book(noa.id, { isAvailable: false, approvalStatus: 'pending' });
    ids.c = await ctx.book(dan.id, { title: 'ספר של דן', price: 100 });
    const line = (book: 'a' | 'b' | 'c', quantity: number) => ({
      bookId: ids[book] ?? '',
      authorId: book === 'c' ? dan.id : noa.id,
      price: book === 'a' ? 50 : book === 'b' ? 39.9 : 100,
      quantity,
      title: book === 'a' ? 'ספר א' : book === 'b' ? 'ספר ב' : 'ספר של דן',
    });
    ids.jan = await ctx.order([line('a', 2)], {
      status: 'delivered',
      at: new Date('2026-01-14T10:00:00Z'),
    });
    ids.febMixed = await ctx.order([line('a', 1), line('c', 1)], {
      status: 'shipped',
      at: new Date('2026-02-10T10:00:00Z'),
      buyer: 'רות לוי',
    });
    ids.febB = await ctx.order([line('b', 3)], {
      status: 'processing',
      at: new Date('2026-02-20T10:00:00Z'),
    });
    ids.now = await ctx.order([line('b', 1)], { status: 'paid', at: new Date() });
    ids.danOnly = await ctx.order([line('c', 2)], {
      status: 'delivered',
      at: new Date('2026-02-11T10:00:00Z'),
    });
    ids.unpaid = await ctx.order([line('a', 5)], { status: 'pending_payment', split: false });
    ids.cancelled = await ctx.order([line('a', 1)], {
      status: 'cancelled',
      at: new Date('2026-02-25T10:00:00Z'),
    });
    // The cancellation's reversal: the sale's entries negated (as the API's cancellation writes).
    const sale = await ctx.ledger.find({ orderId: new Types.ObjectId(ids.cancelled) }).lean();
    await ctx.ledger.insertMany(
      sale.map(({ _id, ...entry }) => ({
        ...entry,
        kind: 'reversal',
        amountAgorot: -(entry.amountAgorot as number),
        quantity: -(entry.quantity as number),
        lineTotalAgorot: -(entry.lineTotalAgorot as number),
        occurredAt: new Date('2026-02-26T10:00:00Z'),
      })),
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('GET /api/orders/author', () => {
    it('lists the orders holding the author’s books, newest first, with only their own lines', async () => {
      const res = await ctx.http.get<AuthorOrdersPage>('/api/orders/author', { token: noa.token });
      expect(res.status).toBe(200);
      expect(res.body.orders.map((o) => o._id)).toEqual([
        ids.now,
        ids.cancelled,
        ids.febB,
        ids.febMixed,
        ids.jan,
      ]);
      const mixed = res.body.orders.find((o) => o._id === ids.febMixed);
      expect(mixed).toEqual({
        _id: ids.febMixed,
        createdAt: '2026-02-10T10:00:00.000Z',
        status: 'shipped',
        user: { name: 'רות לוי', email: expect.stringMatching(/@example\.com$/) },
        shippingAddress: { street: 'הרצל 1', city: 'תל אביב' },
        books: [
          {
            book: {
              _id: ids.a,
              author: noa.id,
              title: 'ספר א',
              coverImage: 'http://api.mechabrim.test/api/covers/x.jpg',
            },
            quantity: 1,
            price: 50,
            lineTotal: 50,
            // Her book has no print cost quote: nothing was deducted.
            printCostPerCopy: null,
          },
        ],
        // Only Noa's line: 50 ₪, of which the ledger gives her 42.50 and the community 5.
        totalAmount: 50,
        donationAmount: 5,
        authorRevenue: 42.5,
        authorRevenueExpected: false,
        paymentMethod: 'credit_card',
        trackingNumbers: [expect.stringMatching(/^RR/)],
        // Stored before shipping was chosen: no method (a pickup order's would be 'pickup').
        shippingMethod: null,
      });
      // Nothing of the other author's line, the buyer's phone or the payment leaks.
      expect(JSON.stringify(mixed)).not.toMatch(/ספר של דן|0501234567|payment"/);
      // A paid order reads 'paid' ('שולמה'), as the reader sees it; its tab is 'pending'.
      const paid = res.body.orders.find((o) => o._id === ids.now);
      expect(paid?.status).toBe('paid');
      const cancelled = res.body.orders.find((o) => o._id === ids.cancelled);
      expect(cancelled).toMatchObject({ status: 'cancelled', authorRevenue: 0 });
      expect(res.body.counts).toEqual({
        all: 5,
        pending: 1,
        processing: 1,
        shipped: 1,
        delivered: 1,
        cancelled: 1,
      });
    });

    it('pages and filters by tab', async () => {
      const first = await ctx.http.get<AuthorOrdersPage>('/api/orders/author?limit=2', {
        token: noa.token,
      });
      expect(first.body).toMatchObject({ page: 1, limit: 2, total: 5, hasMore: true });
      expect(first.body.orders).toHaveLength(2);
      const last = await ctx.http.get<AuthorOrdersPage>('/api/orders/author?limit=2&page=3', {
        token: noa.token,
      });
      expect(last.body.orders.map((o) => o._id)).toEqual([ids.jan]);
      expect(last.body.hasMore).toBe(false);
      const pending = await ctx.http.get<AuthorOrdersPage>('/api/orders/author?status=pending', {
        token: noa.token,
      });
      expect(pending.body.orders.map((o) => o._id)).toEqual([ids.now]);
      const paid = await ctx.http.get<AuthorOrdersPage>('/api/orders/author?status=paid', {
        token: noa.token,
      });
      expect(paid.body.orders.map((o) => o._id)).toEqual([ids.now]);
      for (const bad of ['?page=0', '?limit=500', '?status=expired', '?page=x', '?foo=1']) {
        expectError(await ctx.http.get(`/api/orders/author${bad}`, { token: noa.token }), 400);
      }
    });

    it('shows another author only their own orders and lines', async () => {
      const res = await ctx.http.get<AuthorOrdersPage>('/api/orders/author', { token: dan.token });
      expect(res.body.orders.map((o) => o._id)).toEqual([ids.danOnly, ids.febMixed]);
      const mixed = res.body.orders.find((o) => o._id === ids.febMixed);
      expect(mixed?.books.map((l) => l.book.title)).toEqual(['ספר של דן']);
      expect(mixed).toMatchObject({ totalAmount: 100, authorRevenue: 85 });
    });
  });

  describe('one source of truth: the ledger', () => {
    it('gives the same copies sold on the dashboard, the books list and earnings (paid, split, cancelled orders)', async () => {
      const [stats, earnings, books] = await Promise.all([
        ctx.http.get<AuthorStats>('/api/stats/author', { token: noa.token }),
        ctx.http.get<Earnings>('/api/earnings/author', { token: noa.token }),
        ctx.http.get<Book[] | { books: Book[] }>(`/api/books/author/${noa.id}`, {
          token: noa.token,
        }),
      ]);
      const list = Array.isArray(books.body) ? books.body : books.body.books;
      const listed = Object.fromEntries(list.map((b) => [b._id, b.salesCount]));
      const earned = Object.fromEntries(
        earnings.body.topSellingBooks.map((b) => [b.bookId, b.sales]),
      );
      // The money per book too: the dashboard's activity reads the list's, earnings its own.
      expect(Object.fromEntries(list.map((b) => [b._id, b.salesRevenue]))).toEqual({
        ...Object.fromEntries(earnings.body.topSellingBooks.map((b) => [b.bookId, b.revenue])),
        [ids.pending ?? '']: 0,
      });
      // ספר א: 2 (January) + 1 (February) + 1 cancelled and reversed; ספר ב: 3 + 1 paid.
      // The unpaid order counts nowhere.
      expect(listed).toEqual({ [ids.a ?? '']: 3, [ids.b ?? '']: 4, [ids.pending ?? '']: 0 });
      expect(earned).toEqual({ [ids.a ?? '']: 3, [ids.b ?? '']: 4 });
      expect(stats.body.totalSales).toBe(7);
      // The same money: the gross of every copy, on the earnings page and its totals.
      expect(ag(earnings.body.totals.grossRevenue)).toBe(
        earnings.body.topSellingBooks.reduce((sum, b) => sum + ag(b.revenue), 0),
      );
      expect(stats.body.totalRevenue).toBe(earnings.body.totalEarnings);
    });
  });

  describe('GET /api/earnings/author', () => {
    it('answers the reachability check without a token', async () => {
      const res = await ctx.http.get<{ ok: boolean }>('/api/earnings/test');
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(true);
    });

    it('totals equal the sum of the rows, and match the author’s lines in the paid orders', async () => {
      const res = await ctx.http.get<Earnings>('/api/earnings/author', { token: noa.token });
      expect(res.status).toBe(200);
      const { monthlyBreakdown: rows, totals } = res.body;
      for (const field of MONEY_FIELDS) {
        expect(ag(totals[field])).toBe(rows.reduce((sum, row) => sum + ag(row[field]), 0));
      }
      for (const row of rows) {
        expect(
          ag(row.netEarnings) +
            ag(row.communityContribution) +
            ag(row.platformFee) +
            ag(row.fixedFee),
        ).toBe(ag(row.grossRevenue));
      }
      // The orders: Noa's lines of every split order that still stands (not cancelled).
      const orders = await ctx.orders
        .find({
          status: { $in: ['paid', 'processing', 'shipped', 'delivered'] },
          splitAt: { $ne: null },
        })
        .lean<
          Array<{
            books: Array<{
              book: { author: Types.ObjectId };
              quantity: number;
              priceAgorot: number;
            }>;
          }>
        >();
      const own = orders
        .flatMap((o) => o.books)
        .filter((l) => l.book.author.toHexString() === noa.id);
      const gross = own.reduce((sum, l) => sum + l.priceAgorot * l.quantity, 0);
      expect(gross).toBe(2 * 5000 + 5000 + 3 * 3990 + 3990);
      expect(ag(totals.grossRevenue)).toBe(gross);
      // 85 % of each line, the community 10 %, the platform 5 % (the default policy).
      expect(ag(totals.netEarnings)).toBe(8500 + 4250 + 10_174 + 3391);
      expect(ag(totals.communityContribution)).toBe(1000 + 500 + 1197 + 399);
      expect(res.body).toMatchObject({
        totalEarnings: totals.netEarnings,
        totalCommunityContributions: totals.communityContribution,
        totalOrders: 4,
        vatPercent: 18,
        vatPercents: [18],
        splitShares: { author: 85, community: 10, platform: 5 },
        currency: 'ILS',
      });
      // January 2026: one order of 100 ₪; VAT is 18/118 of it (the rate since 1 January 2025),
      // rounded once: 84.75 after VAT.
      expect(rows[0]).toEqual({
        month: '2026-01',
        grossRevenue: 100,
        salesAfterTax: 84.75,
        vat: 15.25,
        communityContribution: 10,
        platformFee: 5,
        fixedFee: 0,
        netEarnings: 85,
        vatPercents: [18],
      });
      // February nets the cancelled order to zero in the same month.
      expect(rows[1]).toMatchObject({ month: '2026-02', grossRevenue: 50 + 119.7 });
      expect(res.body.topSellingBooks).toEqual([
        { bookId: ids.b, title: 'ספר ב', sales: 4, revenue: 159.6 },
        { bookId: ids.a, title: 'ספר א', sales: 3, revenue: 150 },
      ]);
    });

    it('agrees with the stats: revenue and copies', async () => {
      const [stats, earnings] = await Promise.all([
        ctx.http.get<AuthorStats>('/api/stats/author', { token: noa.token }),
        ctx.http.get<Earnings>('/api/earnings/author', { token: noa.token }),
      ]);
      expect(stats.status).toBe(200);
      expect(stats.body).toMatchObject({
        totalBooks: 3,
        activeBooks: 2,
        pendingBooks: 1,
        totalSales: 7,
        totalRevenue: earnings.body.totalEarnings,
        monthlySales: 1,
        monthlyRevenue: 33.91,
      });
      expect(earnings.body.monthlyEarnings).toBe(33.91);
      // The monthly payout (the 15th, from 100 ₪): January's 85 ₪ rolled over and was paid with
      // February's on 15 March; this month's 33.91 ₪ waits for next month's payout day.
      expect(stats.body.pendingRevenue).toBe(33.91);
      expect(stats.body.expectedRevenue).toBe(0);
    });

    it('shows a new sale as soon as the worker has split it', async () => {
      const before = await ctx.http.get<Earnings>('/api/earnings/author', { token: noa.token });
      await ctx.order([
        { bookId: ids.a ?? '', authorId: noa.id, price: 50, quantity: 1, title: 'ספר א' },
      ]);
      // The split counts the copies in the same transaction, through the book model.
      await ctx.books.updateOne({ _id: new Types.ObjectId(ids.a) }, { $inc: { salesCount: 1 } });
      const after = await ctx.http.get<Earnings>('/api/earnings/author', { token: noa.token });
      expect(after.body.totalEarnings).toBe(before.body.totalEarnings + 42.5);
      expect(after.body.totalOrders).toBe(before.body.totalOrders + 1);
    });

    it('answers an author with no sales with zeros, not an error', async () => {
      const fresh = await ctx.author('fresh.dash@example.com');
      const earnings = await ctx.http.get<Earnings>('/api/earnings/author', { token: fresh.token });
      expect(earnings.body).toMatchObject({
        totalEarnings: 0,
        totalOrders: 0,
        monthlyBreakdown: [],
        topSellingBooks: [],
      });
      const stats = await ctx.http.get<AuthorStats>('/api/stats/author', { token: fresh.token });
      expect(stats.body).toEqual({
        totalBooks: 0,
        activeBooks: 0,
        pendingBooks: 0,
        totalSales: 0,
        totalRevenue: 0,
        pendingRevenue: 0,
        expectedRevenue: 0,
        monthlySales: 0,
        monthlyRevenue: 0,
      });
    });
  });

  describe('a paid order the worker has not split yet', () => {
    it('shows the split policy’s expected share, marked as expected, then the ledger’s', async () => {
      const maya = await ctx.author('maya.dash@example.com', 'מאיה');
      const book = await ctx.book(maya.id, { title: 'ספר של מאיה', price: 60 });
      const line = {
        bookId: book,
        authorId: maya.id,
        price: 60,
        quantity: 2,
        title: 'ספר של מאיה',
      };
      const orderId = await ctx.order([line, { ...line, quantity: 1 }], { split: false });
      const orders = await ctx.http.get<AuthorOrdersPage>('/api/orders/author', {
        token: maya.token,
      });
      // 85 % of 120 ₪ and of 60 ₪ (community-first, the default): 153 ₪, as the worker will book.
      expect(orders.body.orders[0]).toMatchObject({
        _id: orderId,
        status: 'paid',
        totalAmount: 180,
        authorRevenue: 153,
        authorRevenueExpected: true,
      });
      const stats = await ctx.http.get<AuthorStats>('/api/stats/author', { token: maya.token });
      expect(stats.body).toMatchObject({
        totalRevenue: 0,
        pendingRevenue: 153,
        expectedRevenue: 153,
      });

      // The worker writes the split: the ledger's figure, final.
      const at = new Date();
      await ctx.ledger.insertMany(
        [
          { lineIndex: 0, party: 'author', amountAgorot: 10_200, quantity: 2, total: 12_000 },
          { lineIndex: 1, party: 'author', amountAgorot: 5_100, quantity: 1, total: 6_000 },
        ].map(({ total, ...entry }) => ({
          ...entry,
          orderId: new Types.ObjectId(orderId),
          kind: 'sale',
          bookId: new Types.ObjectId(book),
          authorId: new Types.ObjectId(maya.id),
          lineTotalAgorot: total,
          policy: 'community-first',
          occurredAt: at,
        })),
      );
      await ctx.orders.updateOne({ _id: new Types.ObjectId(orderId) }, { $set: { splitAt: at } });
      // The split counts the copies in the same transaction, through the book model.
      await ctx.books.updateOne({ _id: new Types.ObjectId(book) }, { $inc: { salesCount: 3 } });
      const split = await ctx.http.get<AuthorOrdersPage>('/api/orders/author', {
        token: maya.token,
      });
      expect(split.body.orders[0]).toMatchObject({
        authorRevenue: 153,
        authorRevenueExpected: false,
      });
      const after = await ctx.http.get<AuthorStats>('/api/stats/author', { token: maya.token });
      expect(after.body).toMatchObject({ totalRevenue: 153, expectedRevenue: 0 });
    });

    it('never estimates an unpaid or cancelled order', async () => {
      const lior = await ctx.author('lior.dash@example.com', 'ליאור');
      const book = await ctx.book(lior.id, { price: 40 });
      const line = { bookId: book, authorId: lior.id, price: 40, quantity: 1 };
      await ctx.order([line], { status: 'cancelled', split: false });
      const orders = await ctx.http.get<AuthorOrdersPage>('/api/orders/author', {
        token: lior.token,
      });
      expect(orders.body.orders[0]).toMatchObject({
        authorRevenue: 0,
        authorRevenueExpected: false,
      });
      const stats = await ctx.http.get<AuthorStats>('/api/stats/author', { token: lior.token });
      expect(stats.body).toMatchObject({ pendingRevenue: 0, expectedRevenue: 0 });
    });
  });

  it('needs a signed-in author: a reader gets 403, a guest 401', async () => {
    for (const path of ['/api/stats/author', '/api/orders/author', '/api/earnings/author']) {
      expectError(await ctx.http.get(path), 401);
      expectError(await ctx.http.get(path, { token: reader.token }), 403);
    }
  });

  describe('the print cost of a copy', () => {
    let ruth: Account;
    let quoted: string;
    const quote = {
      agorot: 1500,
      quotedAt: new Date('2026-01-02T10:00:00Z'),
      podPackageId: '0583X0827.BW.STD.PB.060UW444.MXX',
      pages: 200,
    };

    beforeAll(async () => {
      ruth = await ctx.author('ruth.print@example.com', 'רות ברק');
      quoted = await ctx.book(ruth.id, { title: 'ספר מודפס', price: 50, printCost: quote });
    });

    it('comes out of the author’s share: the earnings table’s print row shows the real sums', async () => {
      const sold = await ctx.order(
        [{ bookId: quoted, authorId: ruth.id, price: 50, quantity: 2, printCost: 15 }],
        { status: 'delivered', at: new Date('2026-03-10T10:00:00Z') },
      );
      // The partner charged 2 ₪ more than quoted: the platform's adjustment, not the author's.
      const base = {
        orderId: new Types.ObjectId(sold),
        lineIndex: 0,
        kind: 'adjustment',
        bookId: new Types.ObjectId(quoted),
        authorId: new Types.ObjectId(ruth.id),
        quantity: 0,
        lineTotalAgorot: 0,
        policy: 'community-first',
        occurredAt: new Date('2026-03-11T10:00:00Z'),
      };
      await ctx.ledger.insertMany([
        { ...base, party: 'print', amountAgorot: 200 },
        { ...base, party: 'platform', amountAgorot: -200 },
      ]);
      const res = await ctx.http.get<Earnings>('/api/earnings/author', { token: ruth.token });
      expect(res.status).toBe(200);
      // 100 ₪: community 10, platform 5, print 2 × 15, the author 85 − 30.
      expect(res.body.monthlyBreakdown).toEqual([
        expect.objectContaining({
          month: '2026-03',
          grossRevenue: 100,
          communityContribution: 10,
          platformFee: 5,
          fixedFee: 30,
          netEarnings: 55,
        }),
      ]);
      expect(res.body.totals.fixedFee).toBe(30);
      const orders = await ctx.http.get<AuthorOrdersPage>('/api/orders/author', {
        token: ruth.token,
      });
      expect(orders.body.orders[0]).toMatchObject({
        authorRevenue: 55,
        authorRevenueExpected: false,
        books: [expect.objectContaining({ quantity: 2, printCostPerCopy: 15 })],
      });
    });

    it('is deducted from the expected share of an order not split yet, by the book’s quote', async () => {
      await ctx.order([{ bookId: quoted, authorId: ruth.id, price: 50, quantity: 1 }], {
        split: false,
        status: 'paid',
      });
      const orders = await ctx.http.get<AuthorOrdersPage>('/api/orders/author?status=pending', {
        token: ruth.token,
      });
      expect(orders.body.orders[0]).toMatchObject({
        authorRevenue: 27.5,
        authorRevenueExpected: true,
        books: [expect.objectContaining({ printCostPerCopy: 15 })],
      });
      const stats = await ctx.http.get<AuthorStats>('/api/stats/author', { token: ruth.token });
      expect(stats.body.expectedRevenue).toBe(27.5);
    });
  });
});
