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
});
