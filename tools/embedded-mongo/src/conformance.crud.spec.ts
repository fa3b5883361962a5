import { CollationOptions, Document, ObjectId } from 'mongodb';
import { serverError, useDriver } from './test-support/driver';

// Conformance (CRUD and updates): MongoDB's documented behaviour through the official driver.
// Runs against the embedded server, or against MONGODB_TEST_URI when set.
const t = useDriver();
const coll = (name: string) => t.coll(name);

describe('CRUD', () => {
  it('inserts with a generated ObjectId _id and finds by it', async () => {
    const c = coll('crud1');
    const { insertedId } = await c.insertOne({ title: 'ספר', n: 1 });
    expect(insertedId).toBeInstanceOf(ObjectId);
    const doc = await c.findOne({ _id: insertedId });
    expect(doc).toEqual({ _id: insertedId, title: 'ספר', n: 1 });
    expect(Object.keys(doc as object)[0]).toBe('_id');
  });

  it('ordered insertMany stops at the first duplicate; unordered continues', async () => {
    const c = coll('crud2');
    const ordered = await serverError(c.insertMany([{ _id: 1 }, { _id: 1 }, { _id: 2 }]));
    expect(ordered.code).toBe(11000);
    expect(await c.countDocuments()).toBe(1);
    await c.deleteMany({});
    const unordered = await serverError(
      c.insertMany([{ _id: 1 }, { _id: 1 }, { _id: 2 }], { ordered: false }),
    );
    expect(unordered.code).toBe(11000);
    expect(await c.countDocuments()).toBe(2);
  });

  it('filters with comparison, logical, array and element operators', async () => {
    const c = coll('crud3');
    await c.insertMany([
      { _id: 1, price: 10, tags: ['a', 'b'], author: { name: 'Amos Oz' } },
      { _id: 2, price: 20, tags: ['b'], author: { name: 'Lea Goldberg' } },
      { _id: 3, price: 30, tags: [], lines: [{ sku: 'x', qty: 2 }] },
    ]);
    const ids = async (f: object) => (await c.find(f).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ price: { $gte: 20 } })).toEqual([2, 3]);
    expect(await ids({ price: { $in: [10, 30] } })).toEqual([1, 3]);
    expect(await ids({ tags: 'b' })).toEqual([1, 2]);
    expect(await ids({ tags: { $size: 0 } })).toEqual([3]);
    expect(await ids({ 'author.name': /goldberg/i })).toEqual([2]);
    expect(await ids({ $or: [{ price: 10 }, { author: { $exists: false } }] })).toEqual([1, 3]);
    expect(await ids({ lines: { $elemMatch: { sku: 'x', qty: { $gt: 1 } } } })).toEqual([3]);
    expect(await ids({ price: { $not: { $gt: 15 } } })).toEqual([1]);
    expect(await ids({ $nor: [{ price: 10 }, { price: 20 }] })).toEqual([3]);
  });

  it('sorts, skips, limits and projects', async () => {
    const c = coll('crud4');
    await c.insertMany([1, 2, 3, 4, 5].map((i) => ({ _id: i, n: i % 3, s: `v${i}`, extra: true })));
    const docs = await c
      .find({}, { projection: { s: 1 } })
      .sort({ n: -1, _id: 1 })
      .skip(1)
      .limit(3)
      .toArray();
    expect(docs).toEqual([
      { _id: 5, s: 'v5' },
      { _id: 1, s: 'v1' },
      { _id: 4, s: 'v4' },
    ]);
    const excluded = await c.findOne({ _id: 1 }, { projection: { extra: 0, _id: 0 } });
    expect(excluded).toEqual({ n: 1, s: 'v1' });
  });

  it('sorts case-insensitively with a strength-2 collation', async () => {
    const c = coll('crud5');
    await c.insertMany([{ t: 'banana' }, { t: 'Apple' }, { t: 'cherry' }, { t: 'apricot' }]);
    const binary = (await c.find().sort({ t: 1 }).toArray()).map((d) => d.t);
    expect(binary).toEqual(['Apple', 'apricot', 'banana', 'cherry']);
    const ci = (
      await c.find().sort({ t: -1 }).collation({ locale: 'en', strength: 2 }).toArray()
    ).map((d) => d.t);
    expect(ci).toEqual(['cherry', 'banana', 'apricot', 'Apple']);
  });

  it('orders and matches strings as ICU does under a collation (find and aggregate agree)', async () => {
    const c = coll('crud5icu');
    const words = [
      'zebra',
      'Apple',
      'אבא',
      'בית',
      'éclair',
      'eclair',
      'Eclair',
      'שָׁלוֹם',
      'שלום',
      'apple',
    ];
    await c.insertMany(words.map((t, i) => ({ _id: i + 1, t })));
    const order = async (collation: CollationOptions) => {
      const found = (await c.find().sort({ t: 1, _id: 1 }).collation(collation).toArray()).map(
        (d) => d._id,
      );
      const aggregated = (
        await c.aggregate([{ $sort: { t: 1, _id: 1 } }], { collation }).toArray()
      ).map((d) => d._id);
      expect(aggregated).toEqual(found);
      return found;
    };
    // Hebrew: its letters sort before Latin; case ignored, accents and niqqud count (after the bare form).
    expect(await order({ locale: 'he', strength: 2 })).toEqual([3, 4, 9, 8, 2, 10, 6, 7, 5, 1]);
    // English, strength 1: case and accents (and niqqud) ignored; Latin before Hebrew; ties by _id.
    expect(await order({ locale: 'en', strength: 1 })).toEqual([2, 10, 5, 6, 7, 1, 3, 4, 8, 9]);
    const ids = async (filter: Document, collation: CollationOptions) =>
      (await c.find(filter).sort({ _id: 1 }).collation(collation).toArray()).map((d) => d._id);
    expect(await ids({ t: 'ECLAIR' }, { locale: 'en', strength: 1 })).toEqual([5, 6, 7]);
    expect(await ids({ t: 'ECLAIR' }, { locale: 'en', strength: 2 })).toEqual([6, 7]);
    expect(await ids({ t: 'שלום' }, { locale: 'he', strength: 1 })).toEqual([8, 9]);
    expect(await ids({ t: 'שלום' }, { locale: 'he', strength: 2 })).toEqual([9]);
    expect(await ids({ t: { $gte: 'b', $lt: 'f' } }, { locale: 'en', strength: 2 })).toEqual([
      5, 6, 7,
    ]);
  });

  it('iterates a large result through getMore batches and closes cursors', async () => {
    const c = coll('crud6');
    await c.insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
    const cursor = c.find({}).sort({ i: 1 }).batchSize(17);
    const seen: number[] = [];
    for await (const d of cursor) seen.push(d.i);
    expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => i));
    const early = c.find({}).batchSize(5);
    await early.next();
    const id = early.id;
    expect(id?.isZero()).toBe(false);
    await early.close();
    const gone = await serverError(t.db.command({ getMore: id, collection: 'crud6' }));
    expect(gone.code).toBe(43);
  });

  it('accepts a large batch (tens of MB in one message) and returns it in batches under 16 MB', async () => {
    const c = coll('crudbig');
    const blob = 'x'.repeat(6 * 1024 * 1024);
    await c.insertMany([1, 2, 3, 4].map((i) => ({ _id: i, blob })));
    const docs = await c.find().sort({ _id: 1 }).toArray();
    expect(docs.map((d) => [d._id, d.blob.length])).toEqual(
      [1, 2, 3, 4].map((i) => [i, blob.length]),
    );
    // Over the 16 MB document limit: refused (by the driver before it is even sent).
    await expect(c.insertOne({ _id: 9, blob: 'y'.repeat(16 * 1024 * 1024) })).rejects.toThrow(
      /object to insert too large/,
    );
    expect(await c.countDocuments()).toBe(4);
  });

  it('counts and returns distinct values', async () => {
    const c = coll('crud7');
    await c.insertMany([{ g: 'a', t: ['x', 'y'] }, { g: 'b', t: ['y'] }, { g: 'a' }]);
    expect(await c.countDocuments({ g: 'a' })).toBe(2);
    expect(await c.estimatedDocumentCount()).toBe(3);
    expect((await c.distinct('g')).sort()).toEqual(['a', 'b']);
    expect((await c.distinct('t')).sort()).toEqual(['x', 'y']);
  });

  it('deletes one or many', async () => {
    const c = coll('crud8');
    await c.insertMany([{ k: 1 }, { k: 1 }, { k: 2 }]);
    expect((await c.deleteOne({ k: 1 })).deletedCount).toBe(1);
    expect((await c.deleteMany({})).deletedCount).toBe(2);
  });
});

describe('updates', () => {
  it('applies field, array and arithmetic operators', async () => {
    const c = coll('upd1');
    await c.insertOne({ _id: 1, n: 1, tags: ['a'], nested: { x: 1 }, gone: true });
    const r = await c.updateOne({ _id: 1 }, {
      $inc: { n: 2 },
      $push: { tags: { $each: ['b', 'c'] } },
      $set: { 'nested.y': 2 },
      $unset: { gone: '' },
      $min: { low: 5 },
    } as Document);
    expect(r.matchedCount).toBe(1);
    expect(r.modifiedCount).toBe(1);
    await c.updateOne({ _id: 1 }, { $pull: { tags: 'a' }, $mul: { n: 2 } } as Document);
    await c.updateOne({ _id: 1 }, { $addToSet: { tags: 'b' } });
    const conflict = await serverError(
      c.updateOne({ _id: 1 }, { $pull: { tags: 'a' }, $addToSet: { tags: 'b' } } as Document),
    );
    expect(conflict.code).toBe(40);
    expect(await c.findOne({ _id: 1 })).toEqual({
      _id: 1,
      n: 6,
      tags: ['b', 'c'],
      nested: { x: 1, y: 2 },
      low: 5,
    });
    const noop = await c.updateOne({ _id: 1 }, { $set: { n: 6 } });
    expect(noop.modifiedCount).toBe(0);
  });

  it('updates array elements with arrayFilters and the positional operator', async () => {
    const c = coll('upd2');
    await c.insertOne({
      _id: 1,
      lines: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 5 },
        { sku: 'c', qty: 9 },
      ],
    });
    await c.updateOne(
      { _id: 1 },
      { $inc: { 'lines.$[l].qty': 10 } },
      { arrayFilters: [{ 'l.qty': { $gte: 5 } }] },
    );
    await c.updateOne({ _id: 1, 'lines.sku': 'a' }, { $set: { 'lines.$.qty': 0 } });
    const doc = await c.findOne({ _id: 1 });
    expect(doc?.lines.map((l: { qty: number }) => l.qty)).toEqual([0, 15, 19]);
  });

  it('upserts with $setOnInsert and the query equality fields', async () => {
    const c = coll('upd3');
    const r = await c.updateOne(
      { email: 'a@x.io' },
      { $set: { name: 'A' }, $setOnInsert: { created: 1 } },
      { upsert: true },
    );
    expect(r.upsertedCount).toBe(1);
    expect(r.upsertedId).toBeInstanceOf(ObjectId);
    await c.updateOne(
      { email: 'a@x.io' },
      { $set: { name: 'B' }, $setOnInsert: { created: 2 } },
      { upsert: true },
    );
    const doc = await c.findOne({ email: 'a@x.io' }, { projection: { _id: 0 } });
    expect(doc).toEqual({ email: 'a@x.io', name: 'B', created: 1 });
  });

  it('supports pipeline updates, replaceOne and updateMany', async () => {
    const c = coll('upd4');
    await c.insertMany([
      { _id: 1, a: 1, b: 2 },
      { _id: 2, a: 3, b: 4 },
    ]);
    const many = await c.updateMany({}, [
      { $set: { sum: { $add: ['$a', '$b'] } } },
      { $unset: 'b' },
    ]);
    expect(many.modifiedCount).toBe(2);
    expect(await c.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, a: 1, sum: 3 },
      { _id: 2, a: 3, sum: 7 },
    ]);
    await c.replaceOne({ _id: 2 }, { z: true });
    expect(await c.findOne({ _id: 2 })).toEqual({ _id: 2, z: true });
  });

  it('findOneAndUpdate / findOneAndDelete honour sort, returnDocument and upsert', async () => {
    const c = coll('upd5');
    await c.insertMany([
      { q: 1, p: 3 },
      { q: 1, p: 1 },
    ]);
    const before = await c.findOneAndUpdate(
      { q: 1 },
      { $set: { hit: true } },
      { sort: { p: 1 }, returnDocument: 'before' },
    );
    expect(before?.p).toBe(1);
    expect(before?.hit).toBeUndefined();
    const after = await c.findOneAndUpdate(
      { q: 2 },
      { $set: { p: 9 } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(after).toMatchObject({ q: 2, p: 9 });
    const removed = await c.findOneAndDelete(
      { q: 1 },
      { sort: { p: -1 }, projection: { _id: 0, p: 1 } },
    );
    expect(removed).toEqual({ p: 3 });
    expect(await c.findOneAndUpdate({ q: 99 }, { $set: { x: 1 } })).toBeNull();
  });
});

describe('documented details', () => {
  it('sorts mixed types in BSON order and arrays by their smallest/largest element', async () => {
    const c = coll('det1');
    await c.insertMany([
      { _id: 1, v: 'b' },
      { _id: 2, v: 10 },
      { _id: 3, v: null },
      { _id: 4, v: [5, 50] },
      { _id: 5, v: { a: 1 } },
      { _id: 6 },
    ]);
    const asc = (await c.find().sort({ v: 1, _id: 1 }).toArray()).map((d) => d._id);
    expect(asc).toEqual([3, 6, 4, 2, 1, 5]);
    const desc = (
      await c
        .find({ v: { $type: ['number', 'array'] } })
        .sort({ v: -1 })
        .toArray()
    ).map((d) => d._id);
    expect(desc).toEqual([4, 2]);
  });

  it('matches equality case-insensitively under a strength-2 collation', async () => {
    const c = coll('det2');
    await c.insertMany([{ name: 'Apple' }, { name: 'apple' }, { name: 'Banana' }]);
    expect(await c.countDocuments({ name: 'apple' })).toBe(1);
    const found = await c
      .find({ name: 'APPLE' })
      .collation({ locale: 'en', strength: 2 })
      .toArray();
    expect(found).toHaveLength(2);
  });

  it('creates missing fields with $inc/$push and ignores $unset of missing ones', async () => {
    const c = coll('det3');
    await c.insertOne({ _id: 1 });
    await c.updateOne({ _id: 1 }, {
      $inc: { n: 5 },
      $push: { list: 'x' },
      $unset: { nope: '' },
    } as Document);
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, n: 5, list: ['x'] });
  });

  it('projects embedded fields and reports duplicate _id with the _id_ index', async () => {
    const c = coll('det4');
    await c.insertOne({ _id: 7, author: { name: 'Rachel', born: 1890 }, title: 'T' });
    expect(await c.findOne({}, { projection: { 'author.name': 1 } })).toEqual({
      _id: 7,
      author: { name: 'Rachel' },
    });
    const e = await serverError(c.insertOne({ _id: 7 }));
    expect(e.message).toBe(
      `E11000 duplicate key error collection: ${t.target.dbName}.det4 index: _id_ dup key: { _id: 7 }`,
    );
  });

  it('upserts a replacement using the _id from the query', async () => {
    const c = coll('det5');
    const r = await c.replaceOne({ _id: 'sku-1' }, { qty: 3 }, { upsert: true });
    expect(r.upsertedId).toBe('sku-1');
    expect(await c.findOne({ _id: 'sku-1' })).toEqual({ _id: 'sku-1', qty: 3 });
  });

  it('writes aggregation results with $out and renames collections', async () => {
    const src = coll('det6');
    await src.insertMany([{ g: 'a' }, { g: 'a' }, { g: 'b' }]);
    await src
      .aggregate([{ $group: { _id: '$g', n: { $sum: 1 } } }, { $out: 'det6_counts' }])
      .toArray();
    const counts = await coll('det6_counts').find().sort({ _id: 1 }).toArray();
    expect(counts).toEqual([
      { _id: 'a', n: 2 },
      { _id: 'b', n: 1 },
    ]);
    await t.client.db('admin').command({
      renameCollection: `${t.target.dbName}.det6_counts`,
      to: `${t.target.dbName}.det6_renamed`,
    });
    expect(await coll('det6_renamed').countDocuments()).toBe(2);
    expect(await coll('det6_counts').countDocuments()).toBe(0);
  });
});
