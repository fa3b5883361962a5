import mongoose, { Types, type Connection } from 'mongoose';
import { startTestMongo, type TestMongo } from '@mechabrim/testing';
import { BOOK_MODEL, type BookModel } from './books.schema';
import { onModelChange, readCatalogueVersions } from './change-notifier';
import { CLIENT_LOG_TTL_SECONDS } from './client-logs.schema';
import { registerCatalogueModels } from './models';
import { USER_MODEL, type UserModel } from './users.schema';

describe('shared schemas against the embedded MongoDB', () => {
  let mongo: TestMongo;
  let connection: Connection;
  let Book: BookModel;
  let User: UserModel;
  const author = new Types.ObjectId();

  beforeAll(async () => {
    mongo = await startTestMongo();
    connection = await mongoose.createConnection(mongo.uri).asPromise();
    registerCatalogueModels(connection);
    Book = connection.models[BOOK_MODEL] as BookModel;
    User = connection.models[USER_MODEL] as UserModel;
    await Promise.all(Object.values(connection.models).map((m) => m.createIndexes()));
  });
  afterAll(async () => {
    await connection?.close();
    await mongo?.stop();
  });

  const searchFields = (id: Types.ObjectId) =>
    Book.findById(id)
      .select({ searchTitle: 1, searchAuthor: 1, searchTags: 1, searchKeys: 1 })
      .lean();

  it('derives the search fields when a book is created', async () => {
    const book = await Book.create({
      title: 'אהבה בירושלים',
      author,
      authorName: 'נועה ברק',
      category: 'רומן',
      price: 50,
      tags: ['זִכָּרוֹן'],
    });
    const stored = await searchFields(book._id);
    expect(stored?.searchTitle).toEqual(['אהבה', 'בירושלימ']);
    expect(stored?.searchAuthor).toEqual(['נועה', 'ברק']);
    expect(stored?.searchTags).toEqual(['זכרונ']);
    expect(stored?.searchKeys).toEqual(expect.arrayContaining(['ירושלימ', 'ירו*', 'ברק']));
  });

  it('recomputes them on updateOne, findOneAndUpdate and save', async () => {
    const book = await Book.create({
      title: 'ספר',
      author,
      authorName: 'א',
      category: 'רומן',
      price: 50,
    });
    await Book.updateOne({ _id: book._id }, { $set: { title: 'הים הגדול' } });
    expect((await searchFields(book._id))?.searchTitle).toEqual(['הימ', 'הגדול']);
    await Book.findOneAndUpdate({ _id: book._id }, { tags: ['שירה'] });
    expect((await searchFields(book._id))?.searchTags).toEqual(['שירה']);
    expect((await searchFields(book._id))?.searchTitle).toEqual(['הימ', 'הגדול']);
    const doc = await Book.findById(book._id);
    doc!.authorName = 'רות';
    await doc!.save();
    expect((await searchFields(book._id))?.searchAuthor).toEqual(['רות']);
  });

  it('remembers when a book first went on sale, once, through every kind of write', async () => {
    const listedAt = async (id: Types.ObjectId) =>
      (await Book.findById(id).select({ firstListedAt: 1 }).lean())?.firstListedAt ?? null;
    const book = (title: string, isAvailable: boolean) =>
      Book.create({ title, author, category: 'שירה', price: 30, isAvailable });

    // Never on sale: no date, whatever else changes.
    const pending = await book('ממתין', false);
    expect(await listedAt(pending._id)).toBeNull();
    await Book.updateOne({ _id: pending._id }, { $set: { price: 35 } });
    expect(await listedAt(pending._id)).toBeNull();

    // Approved through a query update: dated; hidden and shown again: the first date stays.
    await Book.updateOne({ _id: pending._id }, { $set: { isAvailable: true } });
    const first = await listedAt(pending._id);
    expect(first).toBeInstanceOf(Date);
    await Book.findOneAndUpdate({ _id: pending._id }, { isAvailable: false });
    await Book.updateOne({ _id: pending._id }, { $set: { isAvailable: true } });
    expect(await listedAt(pending._id)).toEqual(first);

    // Created on sale: dated at creation; through save() as well.
    const live = await book('חי', true);
    expect(await listedAt(live._id)).toBeInstanceOf(Date);
    const saved = await book('נשמר', false);
    saved.isAvailable = true;
    await saved.save();
    expect(await listedAt(saved._id)).toBeInstanceOf(Date);

    // On sale from before the field existed, then taken off sale: dated as it goes off sale.
    const legacy = await book('ותיק', true);
    await Book.collection.updateOne({ _id: legacy._id }, { $unset: { firstListedAt: '' } });
    await Book.updateOne({ _id: legacy._id }, { $set: { isAvailable: false } });
    expect(await listedAt(legacy._id)).toBeInstanceOf(Date);
    const legacyDoc = await book('ותיק 2', true);
    await Book.collection.updateOne({ _id: legacyDoc._id }, { $unset: { firstListedAt: '' } });
    const reread = await Book.findById(legacyDoc._id);
    if (!reread) throw new Error('missing');
    reread.isAvailable = false;
    await reread.save();
    expect(await listedAt(legacyDoc._id)).toBeInstanceOf(Date);
  });

  it('hides the search fields from ordinary reads', async () => {
    const [book] = await Book.find().lean();
    expect(book).not.toHaveProperty('searchKeys');
  });

  it('keeps e-mails unique, lower-cased', async () => {
    await User.create({ name: 'דנה', email: 'Dana@Example.com', passwordHash: 'x' });
    await expect(
      User.create({ name: 'דנה', email: 'dana@example.com', passwordHash: 'x' }),
    ).rejects.toMatchObject({ code: 11000 });
  });

  it('expires client logs after 30 days', async () => {
    const indexes = await connection.collection('client_logs').indexes();
    expect(indexes.find((i) => i.key.receivedAt === 1)?.expireAfterSeconds).toBe(
      CLIENT_LOG_TTL_SECONDS,
    );
  });

  it('removes a session once its token has expired', async () => {
    const indexes = await connection.collection('sessions').indexes();
    expect(indexes.find((i) => i.key.expiresAt === 1)?.expireAfterSeconds).toBe(0);
    expect(indexes.find((i) => i.key.user === 1)).toBeDefined();
  });

  it('tells listeners about writes to books', async () => {
    const seen: string[] = [];
    const stop = onModelChange((model) => seen.push(model));
    await Book.updateMany({ author }, { $set: { salesCount: 3 } });
    stop();
    await Book.updateMany({ author }, { $set: { salesCount: 4 } });
    expect(seen).toEqual(['Book']);
  });

  it('counts every kind of write per model, before the write is answered', async () => {
    /** Runs a write and gives how far it moved the model's counter. */
    const bumps = async (model: string, write: () => Promise<unknown>) => {
      const before = (await readCatalogueVersions(connection)).get(model) ?? 0;
      await write();
      return ((await readCatalogueVersions(connection)).get(model) ?? 0) - before;
    };
    const fields = { author, authorName: 'נועה ברק', category: 'רומן', price: 40 };
    const book = new Book({ title: 'מונה הגרסאות', ...fields });

    expect(await bumps('Book', () => book.save())).toBeGreaterThan(0);
    expect(
      await bumps('Book', () => Book.updateOne({ _id: book._id }, { $set: { price: 45 } })),
    ).toBeGreaterThan(0);
    expect(
      await bumps('Book', () =>
        Book.bulkWrite([
          { updateOne: { filter: { _id: book._id }, update: { $set: { isAvailable: false } } } },
        ]),
      ),
    ).toBeGreaterThan(0);
    expect(
      await bumps('Book', () => Book.insertMany([{ title: 'עוד ספר', ...fields }])),
    ).toBeGreaterThan(0);
    expect(await bumps('Book', () => book.deleteOne())).toBeGreaterThan(0);
    expect(
      await bumps('User', () =>
        User.updateOne({ _id: new Types.ObjectId() }, { $set: { name: 'אף אחד' } }),
      ),
    ).toBeGreaterThan(0);
    // Models outside the catalogue are not counted.
    const catalogueModels = ['AuthorProfile', 'Book', 'Category', 'Review', 'User'];
    for (const model of (await readCatalogueVersions(connection)).keys())
      expect(catalogueModels).toContain(model);
  });
});
