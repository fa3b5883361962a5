import { Binary, DBRef, Decimal128, Double, Int32, Long, ObjectId } from 'mongodb';
import { useDriver } from './test-support/driver';

// Conformance (BSON types in queries and round trips), from MongoDB's documentation of $type and
// of comparison/sort order. Runs against the embedded server, or against MONGODB_TEST_URI when set.
const t = useDriver();
const coll = (name: string) => t.coll(name);

describe('BSON types', () => {
  it('matches $type objectId, binData and decimal', async () => {
    const c = coll('types_match');
    await c.insertMany([
      { _id: 1, v: new ObjectId() },
      { _id: 2, v: new Binary(Buffer.from([1, 2, 3])) },
      { _id: 3, v: Decimal128.fromString('9.99') },
      { _id: 4, v: 'טקסט' },
    ]);
    const ids = async (type: string) =>
      (await c.find({ v: { $type: type } }).toArray()).map((d) => d._id);
    expect(await ids('objectId')).toEqual([1]);
    expect(await ids('binData')).toEqual([2]);
    expect(await ids('decimal')).toEqual([3]);
    expect(
      (
        await c
          .find({ v: { $type: ['string', 'objectId'] } })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => d._id),
    ).toEqual([1, 4]);
  });

  it('matches numbers by $type name, number and the alias number', async () => {
    const c = coll('types_numbers');
    await c.insertMany([
      { _id: 1, v: new Int32(3) },
      { _id: 2, v: 2.5 },
      { _id: 3, v: '3' },
      { _id: 4, v: Long.fromNumber(3) },
      { _id: 5, v: new Double(3) },
    ]);
    const ids = async (type: unknown) =>
      (
        await c
          .find({ v: { $type: type } })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => d._id);
    expect(await ids('int')).toEqual([1]);
    expect(await ids(16)).toEqual([1]);
    expect(await ids('double')).toEqual([2, 5]);
    expect(await ids(1)).toEqual([2, 5]);
    expect(await ids('long')).toEqual([4]);
    expect(await ids(18)).toEqual([4]);
    expect(await ids('number')).toEqual([1, 2, 4, 5]);
    expect(await ids(['string', 'double'])).toEqual([2, 3, 5]);
  });

  it('reads int64 and whole doubles back with the BSON type they were stored with', async () => {
    const c = coll('types_roundtrip');
    await c.insertOne({
      _id: 1,
      long: Long.fromNumber(42),
      big: Long.fromString('9007199254740993'),
      double: new Double(7),
      int: new Int32(7),
      nested: { counts: [Long.fromNumber(1), new Double(2), 3] },
    });
    const raw = await c.findOne({ _id: 1 }, { promoteValues: false, promoteLongs: false });
    expect(raw?.long).toBeInstanceOf(Long);
    expect(raw?.big).toEqual(Long.fromString('9007199254740993'));
    expect(raw?.double).toBeInstanceOf(Double);
    expect(raw?.int).toBeInstanceOf(Int32);
    const counts = (raw?.nested as { counts: unknown[] }).counts;
    expect(counts[0]).toBeInstanceOf(Long);
    expect(counts[1]).toBeInstanceOf(Double);
    expect(counts[2]).toBeInstanceOf(Int32);
    // The driver's defaults (mongoose's too): int64 that fit and doubles read as JavaScript numbers.
    const plain = await c.findOne({ _id: 1 });
    expect(plain).toMatchObject({ long: 42, double: 7, int: 7, nested: { counts: [1, 2, 3] } });
    // useBigInt64 (mongoose's option of that name) reads every int64 as a bigint, and only those.
    const big = await c.findOne({ _id: 1 }, { useBigInt64: true });
    expect(big).toMatchObject({ long: 42n, big: 9007199254740993n, double: 7, int: 7 });
  });

  it('compares int64 and whole doubles with other numbers by value', async () => {
    const c = coll('types_numeric_compare');
    await c.insertMany([
      { _id: 1, n: Long.fromNumber(5) },
      { _id: 2, n: new Double(5) },
      { _id: 3, n: 5 },
      { _id: 4, n: new Double(6) },
      { _id: 5, n: Long.fromNumber(4) },
    ]);
    const ids = async (filter: object) =>
      (await c.find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ n: 5 })).toEqual([1, 2, 3]);
    expect(await ids({ n: Long.fromNumber(5) })).toEqual([1, 2, 3]);
    expect(await ids({ n: { $gt: new Double(4.5) } })).toEqual([1, 2, 3, 4]);
    expect(await ids({ n: { $in: [4, 6] } })).toEqual([4, 5]);
    expect(await ids({ n: { $ne: 5 } })).toEqual([4, 5]);
    expect(await ids({ $or: [{ n: { $lt: 5 } }, { n: { $elemMatch: { $gt: 0 } } }] })).toEqual([5]);
    expect(await ids({ $expr: { $gt: ['$n', 5] } })).toEqual([4]);
    expect((await c.find({}).sort({ n: -1, _id: 1 }).toArray()).map((d) => d._id)).toEqual([
      4, 1, 2, 3, 5,
    ]);
    const [sum] = await c.aggregate([{ $group: { _id: null, total: { $sum: '$n' } } }]).toArray();
    expect(sum?.total).toBe(25);
  });

  it('keeps number types through updates as MongoDB does', async () => {
    const c = coll('types_updates');
    await c.insertOne({
      _id: 1,
      counter: Long.fromNumber(1),
      price: new Double(10),
      qty: 2,
      tag: 'x',
    });
    await c.updateOne({ _id: 1 }, { $set: { tag: 'y' } });
    await c.updateOne({ _id: 1 }, { $inc: { counter: 1, qty: Long.fromNumber(3) } });
    await c.updateOne({ _id: 1 }, { $mul: { price: 2 } });
    await c.updateOne({ _id: 1 }, { $set: { whole: new Double(3) } });
    const ids = async (filter: object) => (await c.find(filter).toArray()).map((d) => d._id);
    expect(await ids({ counter: { $type: 'long' }, qty: { $type: 'long' } })).toEqual([1]);
    expect(await ids({ price: { $type: 'double' }, whole: { $type: 'double' } })).toEqual([1]);
    expect(await ids({ tag: { $type: 'string' }, counter: { $type: 'int' } })).toEqual([]);
    expect(await c.findOne({ _id: 1 })).toMatchObject({ counter: 2, qty: 5, price: 20, whole: 3 });
    // An upsert's counter set from a bigint (useBigInt64 writes) is an int64 too.
    await c.updateOne({ _id: 2 }, { $inc: { counter: 1n } }, { upsert: true });
    expect(await ids({ _id: 2, counter: { $type: 'long' } })).toEqual([2]);
  });

  it('compares binary values by length, subtype, then bytes', async () => {
    const c = coll('types_binary');
    const bin = (bytes: number[], subtype = 0) => new Binary(Buffer.from(bytes), subtype);
    await c.insertMany([
      { _id: 1, b: bin([1, 2]) },
      { _id: 2, b: bin([1, 3]) },
      { _id: 3, b: bin([9]) },
      { _id: 4, b: bin([0, 0, 0]) },
    ]);
    const ids = async (filter: object) =>
      (await c.find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ b: { $gt: bin([1, 2]) } })).toEqual([2, 4]);
    expect(await ids({ b: { $lt: bin([1, 2]) } })).toEqual([3]);
    expect((await c.find({}).sort({ b: 1 }).toArray()).map((d) => d._id)).toEqual([3, 1, 2, 4]);
  });

  it('keeps a change of binary subtype', async () => {
    const c = coll('types_subtype');
    await c.insertOne({ _id: 1, b: new Binary(Buffer.from([7, 7]), 0) });
    const r = await c.updateOne({ _id: 1 }, { $set: { b: new Binary(Buffer.from([7, 7]), 4) } });
    expect(r.modifiedCount).toBe(1);
    expect(((await c.findOne({ _id: 1 }))?.b as Binary).sub_type).toBe(4);
  });

  it('matches a DBRef $id inside $elemMatch', async () => {
    const c = coll('types_dbref');
    const author = new ObjectId();
    await c.insertMany([
      { _id: 1, refs: [new DBRef('authors', author)] },
      { _id: 2, refs: [new DBRef('authors', new ObjectId())] },
    ]);
    const found = await c
      .find({ refs: { $elemMatch: { $ref: 'authors', $id: author } } })
      .toArray();
    expect(found.map((d) => d._id)).toEqual([1]);
  });

  it('matches $all against a non-array field as against a one-element array', async () => {
    const c = coll('types_all');
    await c.insertMany([
      { _id: 1, tag: 'שירה' },
      { _id: 2, tag: 'פרוזה' },
      { _id: 3, tag: ['שירה', 'פרוזה'] },
    ]);
    const ids = async (filter: object) =>
      (await c.find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ tag: { $all: ['שירה'] } })).toEqual([1, 3]);
    expect(await ids({ tag: { $all: ['שירה', 'פרוזה'] } })).toEqual([3]);
  });
});
