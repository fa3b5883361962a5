import type { Book } from '@mechabrim/contracts';
import { LocalDiskStorage, bookFileKeys } from '@mechabrim/storage';
import { manyPagesPdf } from '@mechabrim/testing';
import { Types } from 'mongoose';
import path from 'node:path';
import { expectError } from './http';
import { startPortalApi, type Account, type PortalApi } from './portal-fixture';

const NO_EXCERPT = 'אין קטע לקריאה מהספר הזה';

describe('GET /api/books/:id/excerpt: the first pages of a public book', () => {
  let ctx: PortalApi;
  let noa: Account;
  let storage: LocalDiskStorage;
  const excerpt = manyPagesPdf(3);
  const interior = manyPagesPdf(40);

  /** A book of Noa's whose upload left an interior and (unless told not to) an excerpt. */
  async function bookWithFiles(
    fields: Record<string, unknown> = {},
    { withExcerpt = true } = {},
  ): Promise<string> {
    const id = new Types.ObjectId().toHexString();
    const keys = bookFileKeys(id);
    await storage.put(keys.interior, interior);
    if (withExcerpt) await storage.put(keys.excerpt, excerpt);
    await ctx.book(noa.id, {
      _id: id,
      files: { pdf: keys.interior, excerpt: withExcerpt ? keys.excerpt : '' },
      ...fields,
    });
    return id;
  }

  beforeAll(async () => {
    ctx = await startPortalApi();
    noa = await ctx.author('noa-excerpt@example.com', 'נועה כהן');
    // The API's local store: `${DATA_DIR}/files` (libs/storage).
    storage = new LocalDiskStorage(path.join(ctx.dataDir, 'files'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('serves the excerpt as a cacheable PDF and the book says it has one', async () => {
    const id = await bookWithFiles();
    const res = await fetch(`${ctx.api.baseUrl}/api/books/${id}/excerpt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(excerpt)).toBe(true);

    const book = await ctx.http.get<Book>(`/api/books/${id}`);
    expect(book.body.hasExcerpt).toBe(true);
    expect(JSON.stringify(book.body)).not.toContain('excerpt.pdf');
    const list = await ctx.http.get<{ books: Book[] }>('/api/books?limit=100');
    expect(list.body.books.find((b) => b._id === id)?.hasExcerpt).toBe(true);
  });

  it('answers a byte range with 206, an unchanged copy with 304, a range past the end with 416', async () => {
    const id = await bookWithFiles();
    const url = `${ctx.api.baseUrl}/api/books/${id}/excerpt`;
    const part = await fetch(url, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${excerpt.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(excerpt.subarray(0, 10))).toBe(true);

    const etag = part.headers.get('etag') ?? '';
    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    // A range asked of another version of the file gets the whole current one.
    const stale = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(excerpt.length);

    const past = await fetch(url, { headers: { range: `bytes=${excerpt.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${excerpt.length}`);
    expect(((await past.json()) as { message: string }).message).toMatch(/[\u0590-\u05FF]/);
  });

  it('still serves the excerpt of a sold-out book that was on sale', async () => {
    const id = await bookWithFiles({ isAvailable: false, firstListedAt: new Date('2025-01-01') });
    const res = await fetch(`${ctx.api.baseUrl}/api/books/${id}/excerpt`);
    expect(res.status).toBe(200);
  });

  it('answers 404 in Hebrew for a book without an excerpt, and its answer says so', async () => {
    const id = await bookWithFiles({}, { withExcerpt: false });
    const res = await ctx.http.get(`/api/books/${id}/excerpt`);
    expect(expectError(res, 404).message).toBe(NO_EXCERPT);
    const book = await ctx.http.get<Book>(`/api/books/${id}`);
    expect(book.body.hasExcerpt).toBe(false);
  });

  it('answers 404 for books the public does not see: pending approval, deleted, unknown', async () => {
    const pending = await bookWithFiles({ isAvailable: false, approvalStatus: 'pending' });
    const deleted = await bookWithFiles({ deletedAt: new Date() });
    for (const id of [pending, deleted, new Types.ObjectId().toHexString()]) {
      const res = await ctx.http.get(`/api/books/${id}/excerpt`);
      expect(expectError(res, 404).message).toBe(NO_EXCERPT);
    }
  });

  it('never serves the whole interior, even if a book names it as its excerpt', async () => {
    const id = await bookWithFiles({}, { withExcerpt: false });
    await ctx.books.updateOne(
      { _id: new Types.ObjectId(id) },
      { $set: { 'files.excerpt': bookFileKeys(id).interior } },
    );
    const res = await ctx.http.get(`/api/books/${id}/excerpt`);
    expect(expectError(res, 404).message).toBe(NO_EXCERPT);
  });

  it('answers 404 when the excerpt is recorded but its file is gone', async () => {
    const id = await bookWithFiles();
    await storage.delete(bookFileKeys(id).excerpt);
    const res = await ctx.http.get(`/api/books/${id}/excerpt`);
    expect(expectError(res, 404).message).toBe(NO_EXCERPT);
  });

  it('refuses a malformed id with a Hebrew 400', async () => {
    const res = await ctx.http.get('/api/books/not-an-id/excerpt');
    expect(expectError(res, 400).message).toMatch(/[\u0590-\u05FF]/);
  });
});
