import mongoose, { Types, type Connection } from 'mongoose';
import { parseQuery } from '@mechabrim/hebrew';
import { BOOK_MODEL, registerCatalogueModels, type BookModel } from '@mechabrim/db';
import { startTestMongo, type TestMongo } from '@mechabrim/testing';
import { seedDemoData } from '@mechabrim/demo-data';
import { termLookupKeys } from '@mechabrim/hebrew';
import { BookSearchIndex } from './search-index';
import { prepareCandidate, rankCandidates, type SearchCandidate } from './search-ranking';

async function until<T>(probe: () => T | null, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== null) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('BookSearchIndex (in-memory copy of the search keys)', () => {
  let mongo: TestMongo;
  let connection: Connection;
  let Book: BookModel;
  let index: BookSearchIndex;
  const author = new Types.ObjectId();
  const titleOf = new Map<string, string>();

  beforeAll(async () => {
    mongo = await startTestMongo();
    connection = await mongoose.createConnection(mongo.uri).asPromise();
    registerCatalogueModels(connection);
    Book = connection.models[BOOK_MODEL] as BookModel;
    for (const [title, extra] of [
      ['ירושלים של זהב', {}],
      ['אהבה בירושלים', { salesCount: 10 }],
      ['הספר האבוד', {}],
      ['ספר נסתר', { isAvailable: false }],
    ] as const) {
      const book = await Book.create({
        title,
        author,
        authorName: 'רות',
        category: 'רומן',
        price: 40,
        isAvailable: true,
        ...extra,
      });
      titleOf.set(book._id.toHexString(), title);
    }
    index = new BookSearchIndex(Book, { publicApiUrl: 'http://api.test' });
  });

  afterAll(async () => {
    index?.onModuleDestroy();
    await connection?.close();
    await mongo?.stop();
  });

  const search = (q: string) => index.search(parseQuery(q), 10);
  const titles = (books: { _id: string; title: string }[]) =>
    books.map((b) => {
      expect(titleOf.get(b._id)).toBe(b.title);
      return b.title;
    });

  it('answers null until built, then finds with the Hebrew rules and ranks title before sales', async () => {
    expect(search('ירושלים')).toBeNull();
    const ids = await until(() => search('ירושלים'));
    expect(titles(ids)).toEqual(['ירושלים של זהב', 'אהבה בירושלים']);
    expect(titles(search('והספר')!)).toEqual(['הספר האבוד']);
    expect(titles(search('ירוש')!)).toEqual(
      expect.arrayContaining(['ירושלים של זהב', 'אהבה בירושלים']),
    );
    expect(search('נסתר')).toEqual([]);
  });

  it('stops answering after a write and catches up with it', async () => {
    await until(() => search('ירושלים'));
    const created = await Book.create({
      title: 'לילה בירושלים',
      author,
      authorName: 'רות',
      category: 'רומן',
      price: 40,
      isAvailable: true,
      salesCount: 99,
    });
    titleOf.set(created._id.toHexString(), 'לילה בירושלים');
    expect(search('ירושלים')).toBeNull();
    const ids = await until(() => search('ירושלים'));
    expect(titles(ids)).toContain('לילה בירושלים');
  });

  it('ranks exactly as the database path does, on the demo catalogue', async () => {
    const seeded = await seedDemoData(connection, { covers: false, reset: true });
    expect(seeded.books).toBeGreaterThan(100);
    // The seed writes in bulk below mongoose's hooks; one write through mongoose marks the index stale.
    await Book.updateOne({}, { $set: { summary: 'עודכן' } });
    expect(search('ירושלים')).toBeNull();
    await until(() => search('ירושלים'));
    for (const q of [
      'ירושלים',
      'בירושלים',
      'ה',
      'הס',
      'ספר',
      'והספר',
      'שיר',
      'ירוש',
      'נועה',
      'קסם',
      'אהבה בירושלים',
      'הים של',
      'צהל',
      'מט',
    ]) {
      const terms = parseQuery(q);
      const rows = await Book.find({
        isAvailable: true,
        $and: terms.map((t) => ({ searchKeys: { $in: termLookupKeys(t) } })),
      })
        .select({ searchTitle: 1, searchAuthor: 1, searchTags: 1, salesCount: 1 })
        .lean<SearchCandidate[]>();
      const expected = rankCandidates(terms, rows.map(prepareCandidate), 10).map((id) =>
        id.toHexString(),
      );
      expect([q, index.search(terms, 10)!.map((b) => b._id)]).toEqual([q, expected]);
    }
  });
});

describe('BookSearchIndex on an empty catalogue', () => {
  let mongo: TestMongo;
  let connection: Connection;
  let index: BookSearchIndex;

  beforeAll(async () => {
    mongo = await startTestMongo();
    connection = await mongoose.createConnection(mongo.uri).asPromise();
    registerCatalogueModels(connection);
  });

  afterAll(async () => {
    index?.onModuleDestroy();
    await connection?.close();
    await mongo?.stop();
  });

  it('leaves an empty catalogue to the database, so a seed by another process is found at once', async () => {
    const Book = connection.models[BOOK_MODEL] as BookModel;
    index = new BookSearchIndex(Book, { publicApiUrl: 'http://api.test' });
    index.onApplicationBootstrap();
    await new Promise((r) => setTimeout(r, 500));
    expect(index.search(parseQuery('ספר'), 10)).toBeNull();
  });
});
