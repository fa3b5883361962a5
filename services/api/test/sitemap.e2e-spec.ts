import { Types } from 'mongoose';
import type { SitemapEntriesPage, SitemapEntry, SitemapKind } from '@mechabrim/contracts';
import { sitemapEntriesPageSchema } from '@mechabrim/contracts';
import { startCatalogueApi, type CatalogueApi } from './catalogue-fixture';

describe('GET /api/sitemap-entries', () => {
  let ctx: CatalogueApi;
  beforeAll(async () => {
    ctx = await startCatalogueApi({ seed: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Every entry of a kind, read page after page as the edge server reads them. */
  async function readAll(kind: SitemapKind, limit: number): Promise<SitemapEntry[]> {
    const all: SitemapEntry[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 1000; pages += 1) {
      const query = new URLSearchParams({ kind, limit: String(limit) });
      if (after) query.set('after', after);
      const res = await ctx.http.get<SitemapEntriesPage>(`/api/sitemap-entries?${query}`);
      expect(res.status).toBe(200);
      expect(sitemapEntriesPageSchema.parse(res.body)).toEqual(res.body);
      expect(res.body.entries.length).toBeLessThanOrEqual(limit);
      all.push(...res.body.entries);
      after = res.body.next;
      if (!after) return all;
    }
    throw new Error('the pages never ended');
  }

  it('lists every available book once, in pages, with when it last changed', async () => {
    const available = await ctx.books
      .find({ isAvailable: true })
      .select({ updatedAt: 1 })
      .lean<{ _id: Types.ObjectId; updatedAt: Date }[]>();
    expect(available.length).toBeGreaterThan(7);
    const entries = await readAll('books', 7);
    expect(entries.map((e) => e.id).sort()).toEqual(
      available.map((b) => b._id.toHexString()).sort(),
    );
    const updated = new Map(available.map((b) => [b._id.toHexString(), b.updatedAt.toISOString()]));
    for (const entry of entries) expect(entry.lastmod).toBe(updated.get(entry.id));
  });

  it('leaves out a book taken off sale', async () => {
    const book = await ctx.books.findOne({ isAvailable: true }).lean<{ _id: Types.ObjectId }>();
    await ctx.books.updateOne({ _id: book?._id }, { $set: { isAvailable: false } });
    const entries = await readAll('books', 5000);
    expect(entries.map((e) => e.id)).not.toContain(book?._id.toHexString());
  });

  it('lists the authors with an available book, and the categories with one', async () => {
    const selling = (await ctx.books.distinct('author', { isAvailable: true })) as Types.ObjectId[];
    const authors = await readAll('authors', 4);
    expect(authors.map((e) => e.id).sort()).toEqual(selling.map((id) => id.toHexString()).sort());
    for (const entry of authors) expect(Date.parse(entry.lastmod)).toBeGreaterThan(0);

    const res = await ctx.http.get<SitemapEntriesPage>('/api/sitemap-entries?kind=categories');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const categories = (await ctx.books.distinct('category', { isAvailable: true })) as string[];
    expect(res.body.entries.map((e) => e.id).sort()).toEqual([...categories].sort());
    expect(res.body.next).toBeNull();
  });

  it('refuses an unknown kind, a bad cursor or limit with a Hebrew 400', async () => {
    for (const query of [
      'kind=orders',
      '',
      'kind=books&after=nope',
      'kind=books&limit=0',
      'kind=books&limit=5001',
      'kind=books&extra=1',
    ]) {
      const res = await ctx.http.get<{ statusCode: number; message: string }>(
        `/api/sitemap-entries?${query}`,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u0590-\u05FF]/);
    }
  });
});
