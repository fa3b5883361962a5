import mongoose, { Types, type Connection } from 'mongoose';
import { BOOK_MODEL, registerCatalogueModels, type BookModel } from '@mechabrim/db';
import { startTestMongo, type TestMongo } from '@mechabrim/testing';
import type { Book } from '@mechabrim/contracts';
import { BookSearchService } from './book-search.service';
import type { BooksService } from './books.service';
import type { BookSearchIndex } from './search-index';

describe('BookSearchService on the database path (no current in-memory index)', () => {
  let mongo: TestMongo;
  let connection: Connection;
  let Book: BookModel;
  let service: BookSearchService;
  const titles = new Map<string, string>();
  const author = new Types.ObjectId();

  beforeAll(async () => {
    mongo = await startTestMongo();
    connection = await mongoose.createConnection(mongo.uri).asPromise();
    registerCatalogueModels(connection);
    Book = connection.models[BOOK_MODEL] as BookModel;
    // Inserted lowest sellers first, so natural order is the wrong order. Tag matches only …
    for (let i = 0; i < 10; i += 1) {
      const book = await Book.create({
        title: `פרק ${i}`,
        author,
        authorName: 'כותבת',
        category: 'רומן',
        price: 50,
        tags: ['גינה', 'ירוק'],
        salesCount: 10 + i,
        isAvailable: true,
      });
      titles.set(String(book._id), book.title);
    }
    // … and one title match that sells least of all.
    const titled = await Book.create({
      title: 'הגינה הסודית',
      author,
      authorName: 'כותבת',
      category: 'רומן',
      price: 50,
      tags: [],
      salesCount: 1,
      isAvailable: true,
    });
    titles.set(String(titled._id), titled.title);
    const catalogue = {
      manyById: async (ids: Types.ObjectId[]) =>
        ids.map((id) => ({ _id: String(id), title: titles.get(String(id)) }) as Book),
    } as unknown as BooksService;
    const index = { search: () => null } as unknown as BookSearchIndex;
    service = new BookSearchService(Book, catalogue, index);
    service.maxCandidates = 5;
  });

  afterAll(async () => {
    await connection?.close();
    await mongo?.stop();
  });

  it('keeps a title match that the cut at the best sellers would lose', async () => {
    const found = await service.search('גינה', 3);
    expect(found[0]?.title).toBe('הגינה הסודית');
  });

  it('cuts at the best sellers, not at whatever the database returns first', async () => {
    const found = await service.search('גינה', 6);
    expect(found.map((b) => b.title)).toEqual([
      'הגינה הסודית',
      'פרק 9',
      'פרק 8',
      'פרק 7',
      'פרק 6',
      'פרק 5',
    ]);
  });

  it('with no title match at all, the cut keeps the best sellers', async () => {
    const found = await service.search('ירוק', 5);
    expect(found.map((b) => b.title)).toEqual(['פרק 9', 'פרק 8', 'פרק 7', 'פרק 6', 'פרק 5']);
  });
});
