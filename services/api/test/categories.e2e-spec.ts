import type { CategoryCount } from '@mechabrim/contracts';
import { startCatalogueApi, type CatalogueApi } from './catalogue-fixture';

describe('GET /api/books/categories', () => {
  let ctx: CatalogueApi;
  beforeAll(async () => {
    ctx = await startCatalogueApi({ seed: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists {category, name, count} with counts of available books only, at most ten', async () => {
    const res = await ctx.http.get<CategoryCount[]>('/api/books/categories');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.length).toBeLessThanOrEqual(10);
    for (const entry of res.body) {
      expect(entry).toEqual({
        category: expect.any(String),
        name: expect.any(String),
        count: expect.any(Number),
      });
      expect(entry.count).toBe(
        await ctx.books.countDocuments({ category: entry.category, isAvailable: true }),
      );
    }
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it('leaves out a category once it has no available book', async () => {
    await ctx.books.updateMany({ category: 'ספורט' }, { $set: { isAvailable: false } });
    const res = await ctx.http.get<CategoryCount[]>('/api/books/categories');
    expect(res.body.map((c) => c.category)).not.toContain('ספורט');
    expect(res.body.every((c) => c.count > 0)).toBe(true);
  });
});
