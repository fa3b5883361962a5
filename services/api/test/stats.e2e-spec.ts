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
      authors: await ctx.users.countDocuments({ role: 'author' }),
      books: await ctx.books.countDocuments({ isAvailable: true }),
    });
    expect(res.body.authors).toBeGreaterThanOrEqual(40);
  });

  it('counts a new author at once (writes through this API clear the cache)', async () => {
    const before = (await ctx.http.get<SiteStats>('/api/stats')).body.authors;
    await registerUser(ctx.http, 'stats.author@example.com', 'author');
    expect((await ctx.http.get<SiteStats>('/api/stats')).body.authors).toBe(before + 1);
  });
});
