import mongoose, { Types, type Connection } from 'mongoose';
import {
  BOOK_MODEL,
  CATALOGUE_VERSIONS_COLLECTION,
  onModelChange,
  registerCatalogueModels,
  type BookModel,
} from '@mechabrim/db';
import { startTestMongo, type TestMongo } from '@mechabrim/testing';
import { CatalogueSync } from './catalogue-sync';

describe('CatalogueSync against the embedded MongoDB', () => {
  let mongo: TestMongo;
  let writer: Connection;
  let reader: Connection;
  let books: BookModel;
  const announced: string[] = [];
  let stopListening: () => void;

  beforeAll(async () => {
    mongo = await startTestMongo();
    // The writer stands for another process; the sync reads through its own connection.
    writer = await mongoose.createConnection(mongo.uri).asPromise();
    reader = await mongoose.createConnection(mongo.uri).asPromise();
    registerCatalogueModels(writer);
    books = writer.models[BOOK_MODEL] as BookModel;
    stopListening = onModelChange((model) => announced.push(model));
  });
  afterAll(async () => {
    stopListening?.();
    await writer?.close();
    await reader?.close();
    await mongo?.stop();
  });

  const writeBook = () =>
    books.create({
      title: 'ספר לסנכרון',
      author: new Types.ObjectId(),
      authorName: 'כותבת בדיקה',
      category: 'רומן',
      price: 30,
    });

  it('announces what other processes wrote since the last read, once', async () => {
    await writeBook();
    const sync = new CatalogueSync(reader);
    announced.length = 0;

    // The first read has nothing to compare with: every counted model is announced.
    await sync.poll();
    expect(announced).toEqual(['Book']);

    announced.length = 0;
    await sync.poll();
    expect(announced).toEqual([]);

    // A write outside the models that bumps the counter by hand, as docs/operations.md tells scripts to.
    await reader
      .collection<{ _id: string }>(CATALOGUE_VERSIONS_COLLECTION)
      .updateOne({ _id: 'catalogue' }, { $inc: { Review: 1 } }, { upsert: true });
    await sync.poll();
    expect(announced).toEqual(['Review']);

    announced.length = 0;
    await books.updateMany({}, { $inc: { salesCount: 1 } });
    // The write's own listeners ran in this (writing) process; the sync then adds its news.
    expect(announced).toEqual(['Book']);
    await sync.poll();
    expect(announced).toEqual(['Book', 'Book']);
  });

  it('keeps serving when MongoDB cannot be read, and catches up after', async () => {
    const sync = new CatalogueSync(reader);
    await sync.poll();
    const closed = await mongoose.createConnection(mongo.uri).asPromise();
    await closed.close();
    const broken = new CatalogueSync(closed);
    await expect(broken.poll()).resolves.toBeUndefined();

    announced.length = 0;
    await writeBook();
    await sync.poll();
    expect(announced).toEqual(['Book', 'Book']);
  });
});
