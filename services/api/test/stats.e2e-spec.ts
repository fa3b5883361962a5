import { Types } from 'mongoose';
import type { SiteStats } from '@mechabrim/contracts';
import { registerUser, startCatalogueApi, type CatalogueApi } from './catalogue-fixture';

describe('GET /api/stats', () => {
  let ctx: CatalogueApi;
  beforeAll(async () => {
    ctx = await startCatalogueApi({ seed: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers the numbers of authors and available books', async () => {
    const res = await ctx.http.get<SiteStats>('/api/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      authors: await ctx.users.countDocuments({
        role: 'author',
        _id: { $in: await ctx.books.distinct('author', { isAvailable: true }) },
      }),
      books: await ctx.books.countDocuments({ isAvailable: true }),
      // The demo ledger holds less than it: the spec's fixed figure.
      donated: 5642,
    });
    expect(res.body.authors).toBeGreaterThanOrEqual(40);
  });

  it('counts an author once a book of theirs is on sale, not at sign-up', async () => {
    const before = (await ctx.http.get<SiteStats>('/api/stats')).body.authors;
    const { id } = await registerUser(ctx.http, 'stats.author@example.com', 'author');
    expect((await ctx.http.get<SiteStats>('/api/stats')).body.authors).toBe(before);
    // Their first book goes on sale (through the model: its hooks tell every API process).
    await ctx.books.create({
      title: 'ספר ראשון',
      author: new Types.ObjectId(id),
      authorName: 'סופרת חדשה',
      category: 'רומן',
      price: 50,
      isAvailable: true,
      tags: [],
      salesCount: 0,
    });
    expect((await ctx.http.get<SiteStats>('/api/stats')).body.authors).toBe(before + 1);
  });

  it("reports the ledger's community total once it passes the spec's figure", async () => {
    const entry = (amountAgorot: number, kind: 'sale' | 'reversal', lineIndex: number) => ({
      orderId: new Types.ObjectId(),
      lineIndex,
      party: 'community',
      kind,
      amountAgorot,
      bookId: new Types.ObjectId(),
      authorId: new Types.ObjectId(),
      quantity: kind === 'sale' ? 1 : -1,
      lineTotalAgorot: amountAgorot * 10,
      policy: 'community-first',
      occurredAt: new Date(),
      createdAt: new Date(),
    });
    const ledger = ctx.books.db.collection('ledger');
    // The demo orders' split is in the ledger already (less than the spec's figure).
    const [seeded] = await ledger
      .aggregate<{ total: number }>([
        { $match: { party: 'community' } },
        { $group: { _id: null, total: { $sum: '$amountAgorot' } } },
      ])
      .toArray();
    const base = seeded?.total ?? 0;
    expect(base + 300_000).toBeLessThan(564_200);
    await ledger.insertMany([entry(300_000, 'sale', 0), entry(300_050, 'sale', 0)]);
    // The worker's split also counts the copies sold, through the book model: that write is
    // what tells every API process to read its figures again.
    await ctx.books.updateOne({ isAvailable: true }, { $inc: { salesCount: 1 } });
    expect((await ctx.http.get<SiteStats>('/api/stats')).body.donated).toBe((base + 600_050) / 100);
    await ledger.insertOne(entry(-300_050, 'reversal', 0));
    await ctx.books.updateOne({ isAvailable: true }, { $inc: { salesCount: -1 } });
    expect((await ctx.http.get<SiteStats>('/api/stats')).body.donated).toBe(5642);
  });
});
