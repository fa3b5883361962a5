import { Binary, DBRef, Decimal128, Int32, ObjectId } from 'mongodb';
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
    // int64 and whole-number doubles are not kept apart from int32 by the embedded server (see
    // the README), so only int32 and fractional doubles are compared here.
    const c = coll('types_numbers');
    await c.insertMany([
      { _id: 1, v: new Int32(3) },
      { _id: 2, v: 2.5 },
      { _id: 3, v: '3' },
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
    expect(await ids('double')).toEqual([2]);
    expect(await ids(1)).toEqual([2]);
    expect(await ids('number')).toEqual([1, 2]);
    expect(await ids(['string', 'double'])).toEqual([2, 3]);
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
