import { serverError, useDriver } from './test-support/driver';

// Conformance (collection options that MongoDB enforces, hints, server parameters), from MongoDB's
// documentation of `create`, schema validation, `aggregate` and `setParameter`.
// Runs against the embedded server, or against MONGODB_TEST_URI when set.
const t = useDriver();
const coll = (name: string) => t.coll(name);

describe('default collation of a collection', () => {
  it('applies to queries and sorts without their own collation', async () => {
    await t.db.createCollection('coll_collation', { collation: { locale: 'en', strength: 2 } });
    const c = coll('coll_collation');
    await c.insertMany([
      { _id: 1, name: 'bob' },
      { _id: 2, name: 'Amos' },
      { _id: 3, name: 'amos' },
      { _id: 4, name: 'Bob' },
    ]);
    const found = await c.find({ name: 'AMOS' }).sort({ _id: 1 }).toArray();
    expect(found.map((d) => d._id)).toEqual([2, 3]);
    const sorted = await c.find({}).sort({ name: 1, _id: 1 }).toArray();
    expect(sorted.map((d) => d._id)).toEqual([2, 3, 1, 4]);
    expect(await c.countDocuments({ name: 'bob' })).toBe(2);
    const binary = await c.find({ name: 'amos' }, { collation: { locale: 'simple' } }).toArray();
    expect(binary.map((d) => d._id)).toEqual([3]);
    const updated = await c.updateMany({ name: 'BOB' }, { $set: { seen: true } });
    expect(updated.modifiedCount).toBe(2);
  });

  it('applies to unique indexes without their own collation', async () => {
    await t.db.createCollection('coll_unique_ci', { collation: { locale: 'he', strength: 1 } });
    const c = coll('coll_unique_ci');
    await c.createIndex({ handle: 1 }, { unique: true });
    await c.createIndex({ code: 1 }, { unique: true, collation: { locale: 'simple' } });
    // The collection's collation is the index's (as listIndexes shows); an index's own one wins.
    const indexes = await c.listIndexes().toArray();
    expect(indexes.find((i) => i.name === 'handle_1')?.collation).toMatchObject({
      locale: 'he',
      strength: 1,
    });
    await c.insertOne({ _id: 1, handle: 'Dana', code: 'a1' });
    // Strength 1: case and marks (niqqud too) do not make a handle different.
    for (const handle of ['dana', 'DANA', 'Dána']) {
      const err = await serverError(c.insertOne({ _id: handle, handle, code: handle }));
      expect(err.code).toBe(11000);
    }
    await c.insertOne({ _id: 2, handle: 'שָׁלוֹם', code: 'b' });
    expect((await serverError(c.insertOne({ _id: 3, handle: 'שלום', code: 'c' }))).code).toBe(
      11000,
    );
    // The simple collation of `code` compares binary: case makes another code.
    await c.insertOne({ _id: 4, handle: 'Other', code: 'A1' });
    const upd = await serverError(c.updateOne({ _id: 4 }, { $set: { handle: 'dana' } }));
    expect(upd.code).toBe(11000);
    expect(await c.countDocuments()).toBe(3);
  });
});

describe('document validation', () => {
  const bookSchema = {
    bsonType: 'object',
    required: ['title', 'price'],
    properties: {
      title: { bsonType: 'string', minLength: 1 },
      price: { bsonType: ['int', 'double'], minimum: 0 },
      tags: { bsonType: 'array', items: { bsonType: 'string' } },
      status: { enum: ['draft', 'published'] },
    },
  };

  it('refuses documents that fail a $jsonSchema with DocumentValidationFailure (121)', async () => {
    await t.db.createCollection('val_schema', {
      validator: { $jsonSchema: bookSchema },
      validationAction: 'error',
    });
    const c = coll('val_schema');
    await c.insertOne({ _id: 1, title: 'שירים', price: 45, tags: ['שירה'], status: 'draft' });
    for (const bad of [
      { _id: 2, title: 'בלי מחיר' },
      { _id: 3, title: 7, price: 1 },
      { _id: 4, title: 'שלילי', price: -1 },
      { _id: 5, title: 'תגית', price: 1, tags: [3] },
      { _id: 6, title: 'מצב', price: 1, status: 'gone' },
    ]) {
      const err = await serverError(c.insertOne(bad));
      expect(err.code).toBe(121);
      expect(err.errInfo).toMatchObject({
        failingDocumentId: bad._id,
        details: { operatorName: '$jsonSchema' },
      });
    }
    const update = await serverError(c.updateOne({ _id: 1 }, { $set: { price: 'חינם' } }));
    expect(update.code).toBe(121);
    const upsert = await serverError(
      c.updateOne({ _id: 9 }, { $set: { title: 'חדש' } }, { upsert: true }),
    );
    expect(upsert.code).toBe(121);
    await c.insertOne({ _id: 7, title: 'עוקף' }, { bypassDocumentValidation: true });
    expect((await c.find({}).sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([1, 7]);
  });

  it('accepts failing documents with validationAction warn, and enforces a query validator added by collMod', async () => {
    await t.db.createCollection('val_warn', {
      validator: { $jsonSchema: bookSchema },
      validationAction: 'warn',
    });
    await coll('val_warn').insertOne({ _id: 1, title: 'בלי מחיר' });
    expect(await coll('val_warn').countDocuments()).toBe(1);

    await t.db.createCollection('val_query');
    const c = coll('val_query');
    await c.insertOne({ _id: 1, stock: -1 });
    await t.db.command({ collMod: 'val_query', validator: { stock: { $gte: 0 } } });
    const err = await serverError(c.insertOne({ _id: 2, stock: -5 }));
    expect(err.code).toBe(121);
    await c.insertOne({ _id: 3, stock: 2 });
    expect(await c.countDocuments()).toBe(2);
  });

  it('refuses a capped collection without a size', async () => {
    const err = await serverError(t.db.createCollection('capped_no_size', { capped: true }));
    expect(err.code).toBe(72);
  });
});

describe('hints and parameters', () => {
  it('refuses an aggregate or find hint naming no index, and accepts an existing one', async () => {
    const c = coll('hints');
    await c.insertMany([
      { _id: 1, a: 1 },
      { _id: 2, a: 2 },
    ]);
    await c.createIndex({ a: 1 });
    const missing = await serverError(
      c.aggregate([{ $match: { a: 1 } }], { hint: { b: 1 } }).toArray(),
    );
    expect(missing.code).toBe(2);
    const missingFind = await serverError(c.find({ a: 1 }).hint('b_1').toArray());
    expect(missingFind.code).toBe(2);
    expect(await c.aggregate([{ $match: { a: 2 } }], { hint: { a: 1 } }).toArray()).toEqual([
      { _id: 2, a: 2 },
    ]);
    expect(await c.find({ a: 1 }).hint('a_1').toArray()).toEqual([{ _id: 1, a: 1 }]);
  });

  it('sets a known server parameter and answers its previous value', async () => {
    const admin = t.client.db('admin');
    const before = await admin.command({ getParameter: 1, transactionLifetimeLimitSeconds: 1 });
    const set = await admin.command({ setParameter: 1, transactionLifetimeLimitSeconds: 90 });
    expect(set.was).toBe(before.transactionLifetimeLimitSeconds);
    const after = await admin.command({ getParameter: 1, transactionLifetimeLimitSeconds: 1 });
    expect(after.transactionLifetimeLimitSeconds).toBe(90);
    await admin.command({
      setParameter: 1,
      transactionLifetimeLimitSeconds: before.transactionLifetimeLimitSeconds,
    });
    await serverError(admin.command({ setParameter: 1, noSuchParameterAnywhere: 1 }));
  });
});

describe('document limits', () => {
  /** `{ s: { s: … { s: 1 } } }` with `levels` documents, the outermost one included (SERVER-26703). */
  const nested = (levels: number): Record<string, unknown> => {
    let doc: Record<string, unknown> = { s: 1 };
    for (let i = 1; i < levels; i++) doc = { s: doc };
    return doc;
  };

  it('stores 100 levels of nesting and refuses 101, on insert and on update', async () => {
    const c = coll('limits_depth');
    await c.insertOne({ _id: 1, ...nested(100) });
    await serverError(c.insertOne({ _id: 2, ...nested(101) }));
    const arrays = await serverError(c.insertOne({ _id: 3, s: [nested(100)] }));
    expect(arrays).toBeDefined();
    await serverError(c.updateOne({ _id: 1 }, { $set: { deeper: nested(100) } }));
    expect((await c.find({}).toArray()).map((d) => d._id)).toEqual([1]);
  });
});
