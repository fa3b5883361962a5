import mongoose, { Types, type Connection } from 'mongoose';
import { bookListQuerySchema } from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  BOOK_EDIT_MODEL,
  LEDGER_ENTRY_MODEL,
  USER_MODEL,
  registerCatalogueModels,
  type BookModel,
  type BookEditModel,
  type LedgerEntryModel,
  type UserModel,
} from '@mechabrim/db';
import { startTestMongo, type TestMongo } from '@mechabrim/testing';
import { DEFAULT_CATALOGUE_CACHE_TTL_MS, type ApiConfig } from '../config/api-config';
import { BooksService } from './books.service';

describe('BooksService page totals', () => {
  let mongo: TestMongo;
  let connection: Connection;
  let Book: BookModel;
  let service: BooksService;
  const author = new Types.ObjectId();
  let hidden: Types.ObjectId;
  let poem: Types.ObjectId;

  const book = (title: string, category: string, isAvailable = true) =>
    Book.create({ title, author, authorName: 'כותבת', category, price: 40, isAvailable });

  beforeAll(async () => {
    mongo = await startTestMongo();
    connection = await mongoose.createConnection(mongo.uri).asPromise();
    registerCatalogueModels(connection);
    Book = connection.models[BOOK_MODEL] as BookModel;
    poem = (await book('שירים', 'שירה'))._id;
    await book('עוד שירים', 'שירה');
    await book('רומן', 'רומן');
    hidden = (await book('נסתר', 'שירה', false))._id;
    service = new BooksService(
      Book,
      connection.models[USER_MODEL] as UserModel,
      connection.models[LEDGER_ENTRY_MODEL] as LedgerEntryModel,
      connection.models[BOOK_EDIT_MODEL] as BookEditModel,
      {
        publicApiUrl: 'http://api.test',
        catalogueCacheTtlMs: DEFAULT_CATALOGUE_CACHE_TTL_MS,
      } as ApiConfig,
    );
  });
  afterAll(async () => {
    service?.onModuleDestroy();
    await connection?.close();
    await mongo?.stop();
  });

  const list = (query: Record<string, string>) => service.list(bookListQuerySchema.parse(query));

  it('counts each category once for every page, limit and sort', async () => {
    const count = jest.spyOn(Book, 'countDocuments');
    try {
      expect((await list({})).total).toBe(3);
      expect((await list({ page: '2', limit: '1' })).total).toBe(3);
      expect((await list({ sort: 'price' })).total).toBe(3);
      expect((await list({ category: 'poetry' })).total).toBe(2);
      expect((await list({ category: 'שירה', limit: '1' })).total).toBe(2);
      expect(count).toHaveBeenCalledTimes(2);
    } finally {
      count.mockRestore();
    }
  });

  it('counts a filtered grid once for its pages and sorts, and again after a write', async () => {
    const count = jest.spyOn(Book, 'countDocuments');
    try {
      const filters = { category: 'poetry', price: '30-50', q: 'שיר' };
      expect((await list(filters)).total).toBe(2);
      expect((await list({ ...filters, sort: 'title', page: '2', limit: '1' })).total).toBe(2);
      expect((await list({ ...filters, price: 'over-50' })).total).toBe(0);
      expect(count).toHaveBeenCalledTimes(2);
      await Book.updateOne({ _id: poem }, { $set: { price: 60 } });
      expect((await list(filters)).total).toBe(1);
      expect((await list({ ...filters, price: 'over-50' })).total).toBe(1);
      await Book.updateOne({ _id: poem }, { $set: { price: 40 } });
    } finally {
      count.mockRestore();
    }
  });

  it('subtracts a left-out book only when it is one of the counted books', async () => {
    expect((await list({ category: 'poetry', exclude: String(poem) })).total).toBe(1);
    expect((await list({ category: 'poetry', exclude: String(hidden) })).total).toBe(2);
    expect((await list({ category: 'novel', exclude: String(poem) })).total).toBe(1);
  });

  it('counts again after a write in this process', async () => {
    await book('שיר חדש', 'שירה');
    expect((await list({ category: 'poetry' })).total).toBe(3);
    expect((await list({})).total).toBe(4);
  });
});
