import { Types } from 'mongoose';
import type { Author } from '@mechabrim/contracts';
import { DEMO_IDS } from '@mechabrim/demo-data';
import type { Book } from '@mechabrim/contracts';
import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';
import { login, registerUser, startCatalogueApi, type CatalogueApi } from './catalogue-fixture';
import { expectError } from './http';

describe('authors API', () => {
  let ctx: CatalogueApi;
  beforeAll(async () => {
    ctx = await startCatalogueApi({ seed: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('GET /api/authors lists every author with aggregates computed from the books', async () => {
    const res = await ctx.http.get<Author[]>('/api/authors');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(40);
    const demo = res.body.find((a) => a._id === String(DEMO_IDS.author))!;
    const books = await ctx.books.find({ author: DEMO_IDS.author, isAvailable: true }).lean();
    const ratings = books.reduce((n, b) => n + (b.totalRatings as number), 0);
    const weighted = books.reduce(
      (n, b) => n + (b.rating as number) * (b.totalRatings as number),
      0,
    );
    expect(demo).toEqual(
      expect.objectContaining({
        name: 'נועה ברק',
        booksCount: books.length,
        totalSales: books.reduce((n, b) => n + (b.salesCount as number), 0),
        averageRating: Math.round((weighted / ratings) * 100) / 100,
        genres: expect.arrayContaining(['פנטזיה']),
        joinDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        email: '',
      }),
    );
    const joins = res.body.map((a) => a.joinDate);
    expect(joins).toEqual([...joins].sort().reverse());
  });

  it('follows the data: a hidden book no longer counts', async () => {
    const before = (await ctx.http.get<Author>(`/api/authors/${DEMO_IDS.author}`)).body;
    const book = await ctx.books.findOne({ author: DEMO_IDS.author, isAvailable: true }).lean();
    await ctx.books.updateOne({ _id: book!._id }, { $set: { isAvailable: false } });
    const after = (await ctx.http.get<Author>(`/api/authors/${DEMO_IDS.author}`)).body;
    expect(after.booksCount).toBe(before.booksCount - 1);
    expect(after.totalSales).toBe(before.totalSales - (book!.salesCount as number));
    await ctx.books.updateOne({ _id: book!._id }, { $set: { isAvailable: true } });
  });

  it('GET /api/authors/:id answers one author; 404 for unknown or non-author, 400 for malformed', async () => {
    const res = await ctx.http.get<Author>(`/api/authors/${DEMO_IDS.author}`);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('נועה ברק');
    expect(
      expectError(await ctx.http.get('/api/authors/0123456789abcdef01234567'), 404).message,
    ).toBe('חשבון הסופר לא נמצא');
    expectError(await ctx.http.get(`/api/authors/${DEMO_IDS.reader}`), 404);
    expectError(await ctx.http.get('/api/authors/abc'), 400);
  });

  it('a newly registered author has a page with zero books, but is not listed until a book is on sale', async () => {
    const { id } = await registerUser(ctx.http, 'new.author@example.com', 'author', 'יוצר חדש');
    const res = await ctx.http.get<Author>(`/api/authors/${id}`);
    expect(res.body).toEqual(
      expect.objectContaining({ booksCount: 0, totalSales: 0, averageRating: 0 }),
    );
    const listed = async () =>
      (await ctx.http.get<Author[]>('/api/authors')).body.some((author) => author._id === id);
    expect(await listed()).toBe(false);
    const book = await ctx.books.create({
      title: 'ספר ביכורים',
      author: new Types.ObjectId(id),
      authorName: 'יוצר חדש',
      category: 'רומן',
      price: 42,
      isAvailable: true,
      tags: [],
      salesCount: 0,
    });
    expect(await listed()).toBe(true);
    await ctx.books.updateOne({ _id: book._id }, { $set: { isAvailable: false } });
    expect(await listed()).toBe(false);
  });

  it('lists only authors with at least one book on sale', async () => {
    const authors = (await ctx.http.get<Author[]>('/api/authors')).body;
    expect(authors.length).toBeGreaterThan(0);
    expect(authors.every((author) => author.booksCount > 0)).toBe(true);
  });

  it('GET /api/authors/search finds by name, genre or bio with the Hebrew rules', async () => {
    const byName = await ctx.http.get<Author[]>(
      `/api/authors/search?q=${encodeURIComponent('נועה ברק')}`,
    );
    expect(byName.status).toBe(200);
    expect(byName.body[0]?.name).toBe('נועה ברק');
    const byPrefixed = await ctx.http.get<Author[]>(
      `/api/authors/search?q=${encodeURIComponent('ושירה')}&limit=50`,
    );
    expect(byPrefixed.body.length).toBeGreaterThan(0);
    expect(byPrefixed.body.every((a) => a.genres.includes('שירה') || /שירה/.test(a.bio))).toBe(
      true,
    );
    const limited = await ctx.http.get<Author[]>(
      `/api/authors/search?q=${encodeURIComponent('ב')}&limit=3`,
    );
    expect(limited.body.length).toBeLessThanOrEqual(3);
  });

  it('validates the author search query', async () => {
    expectError(await ctx.http.get('/api/authors/search'), 400);
    expectError(await ctx.http.get('/api/authors/search?q=%20'), 400);
    expectError(await ctx.http.get('/api/authors/search?q[$ne]=x'), 400);
    expectError(await ctx.http.get('/api/authors/search?q=x&limit=500'), 400);
  });

  it("an author's new name follows onto their books and into the search", async () => {
    const token = await login(ctx.http, DEMO_ACCOUNTS.author.email, DEMO_ACCOUNTS.author.password);
    const renamed = await ctx.http.put(
      '/api/auth/profile',
      { name: 'נועה ברקוביץ', email: DEMO_ACCOUNTS.author.email },
      { token },
    );
    expect(renamed.status).toBe(200);
    const books = await ctx.http.get<Book[]>(`/api/books/author/${DEMO_IDS.author}`);
    expect(books.body.length).toBeGreaterThan(0);
    expect(
      books.body.every((b) => b.author.name === 'נועה ברקוביץ' && b.authorName === 'נועה ברקוביץ'),
    ).toBe(true);
    const found = await ctx.http.get<Book[]>(
      `/api/books/search?q=${encodeURIComponent('ברקוביץ')}&limit=50`,
    );
    expect(found.body.map((b) => b._id).sort()).toEqual(books.body.map((b) => b._id).sort());
    expect((await ctx.http.get<Author>(`/api/authors/${DEMO_IDS.author}`)).body.name).toBe(
      'נועה ברקוביץ',
    );
  });
});
