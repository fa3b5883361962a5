import { Long } from 'mongodb';
import { serverError, useDriver } from './test-support/driver';

// Conformance (aggregation and transactions): MongoDB's documented behaviour through the official driver.
// Runs against the embedded server, or against MONGODB_TEST_URI when set.
const t = useDriver();
const coll = (name: string) => t.coll(name);

describe('aggregation', () => {
  beforeAll(async () => {
    await coll('books').insertMany([
      { _id: 1, title: 'A', authorId: 10, tags: ['poetry', 'classic'], price: 50 },
      { _id: 2, title: 'B', authorId: 11, tags: ['prose'], price: 70 },
      { _id: 3, title: 'C', authorId: 10, tags: ['poetry'], price: 30 },
    ]);
    await coll('authors').insertMany([
      { _id: 10, name: 'Rachel' },
      { _id: 11, name: 'Bialik' },
    ]);
  });

  it('groups, sorts and projects', async () => {
    const out = await t.db
      .collection('books')
      .aggregate([
        { $match: { price: { $gte: 30 } } },
        { $group: { _id: '$authorId', total: { $sum: '$price' }, n: { $sum: 1 } } },
        { $sort: { total: -1 } },
        { $project: { _id: 0, authorId: '$_id', total: 1, n: 1 } },
      ])
      .toArray();
    expect(out).toEqual([
      { total: 80, n: 2, authorId: 10 },
      { total: 70, n: 1, authorId: 11 },
    ]);
  });

  it('unwinds, counts by tag and joins with $lookup', async () => {
    const books = coll('books');
    expect(
      await books
        .aggregate([{ $unwind: '$tags' }, { $sortByCount: '$tags' }, { $limit: 1 }])
        .toArray(),
    ).toEqual([{ _id: 'poetry', count: 2 }]);
    const joined = await books
      .aggregate([
        { $lookup: { from: 'authors', localField: 'authorId', foreignField: '_id', as: 'author' } },
        { $unwind: '$author' },
        { $replaceRoot: { newRoot: { title: '$title', author: '$author.name' } } },
        { $sort: { title: 1 } },
      ])
      .toArray();
    expect(joined).toEqual([
      { title: 'A', author: 'Rachel' },
      { title: 'B', author: 'Bialik' },
      { title: 'C', author: 'Rachel' },
    ]);
  });

  it('runs $facet, $count, $addFields, $unset, $skip and $sample', async () => {
    const [facet] = await t.db
      .collection('books')
      .aggregate([
        {
          $facet: {
            cheap: [{ $match: { price: { $lt: 60 } } }, { $count: 'n' }],
            all: [
              { $sort: { _id: 1 } },
              { $skip: 1 },
              { $addFields: { p2: { $multiply: ['$price', 2] } } },
              { $unset: ['tags', 'authorId'] },
            ],
          },
        },
      ])
      .toArray();
    expect(facet?.cheap).toEqual([{ n: 2 }]);
    expect(facet?.all).toEqual([
      { _id: 2, title: 'B', price: 70, p2: 140 },
      { _id: 3, title: 'C', price: 30, p2: 60 },
    ]);
    expect(
      await t.db
        .collection('books')
        .aggregate([{ $sample: { size: 2 } }])
        .toArray(),
    ).toHaveLength(2);
  });

  it('returns aggregation results through a cursor with batches', async () => {
    const c = coll('aggbig');
    await c.insertMany(Array.from({ length: 150 }, (_, i) => ({ i })));
    const all = await c.aggregate([{ $sort: { i: -1 } }], { batchSize: 20 }).toArray();
    expect(all).toHaveLength(150);
    expect(all[0]?.i).toBe(149);
  });
});

describe('transactions', () => {
  it('commits all writes at once and keeps them invisible until then', async () => {
    const c = coll('tx1');
    await c.insertOne({ _id: 'seed', v: 0 });
    const session = t.client.startSession();
    try {
      session.startTransaction();
      await c.insertOne({ _id: 'a', v: 1 }, { session });
      await c.updateOne({ _id: 'seed' }, { $set: { v: 1 } }, { session });
      expect(await c.findOne({ _id: 'a' }, { session })).toEqual({ _id: 'a', v: 1 });
      // Outside the transaction nothing has changed yet.
      expect(await c.findOne({ _id: 'a' })).toBeNull();
      expect((await c.findOne({ _id: 'seed' }))?.v).toBe(0);
      await session.commitTransaction();
    } finally {
      await session.endSession();
    }
    expect(await c.countDocuments()).toBe(2);
    expect((await c.findOne({ _id: 'seed' }))?.v).toBe(1);
  });

  it('reads from a snapshot taken when the transaction started', async () => {
    const c = coll('txsnap');
    await c.insertMany([
      { _id: 1, v: 0 },
      { _id: 2, v: 0 },
    ]);
    const session = t.client.startSession();
    try {
      session.startTransaction();
      expect((await c.findOne({ _id: 1 }, { session }))?.v).toBe(0);
      await c.updateOne({ _id: 1 }, { $set: { v: 1 } });
      await c.insertOne({ _id: 3, v: 0 });
      await c.deleteOne({ _id: 2 });
      expect((await c.findOne({ _id: 1 }, { session }))?.v).toBe(0);
      expect(
        (await c.find({ v: 0 }, { session }).sort({ _id: 1 }).toArray()).map((d) => d._id),
      ).toEqual([1, 2]);
      expect(await c.countDocuments({}, { session })).toBe(2);
      await session.commitTransaction();
    } finally {
      await session.endSession();
    }
    expect((await c.find().sort({ _id: 1 }).toArray()).map((d) => [d._id, d.v])).toEqual([
      [1, 1],
      [3, 0],
    ]);
  });

  it('discards everything on abort', async () => {
    const c = coll('tx2');
    await c.insertOne({ _id: 1, v: 'kept' });
    const session = t.client.startSession();
    try {
      session.startTransaction();
      await c.insertOne({ _id: 2 }, { session });
      await c.deleteOne({ _id: 1 }, { session });
      await session.abortTransaction();
    } finally {
      await session.endSession();
    }
    expect(await c.find().toArray()).toEqual([{ _id: 1, v: 'kept' }]);
  });

  it('withTransaction rolls back when the callback throws, and a duplicate aborts the transaction', async () => {
    const c = coll('tx3');
    await c.createIndex({ k: 1 }, { unique: true });
    await c.insertOne({ k: 'taken' });
    const session = t.client.startSession();
    try {
      await expect(
        session.withTransaction(async () => {
          await c.insertOne({ k: 'new' }, { session });
          await c.insertOne({ k: 'taken' }, { session });
        }),
      ).rejects.toMatchObject({ code: 11000 });
    } finally {
      await session.endSession();
    }
    expect(await c.countDocuments({ k: 'new' })).toBe(0);
  });

  it('forgets collections created inside an aborted transaction', async () => {
    const session = t.client.startSession();
    try {
      session.startTransaction();
      await coll('txnewA').insertOne({ _id: 1 }, { session });
      await t.db.createCollection('txnewB', { session });
      await coll('txnewC').createIndex({ k: 1 }, { session });
      expect(await coll('txnewA').find({}, { session }).toArray()).toEqual([{ _id: 1 }]);
      expect(await coll('txnewA').find().toArray()).toEqual([]);
      await session.abortTransaction();
    } finally {
      await session.endSession();
    }
    const names = (await t.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).not.toContain('txnewA');
    expect(names).not.toContain('txnewB');
    expect(names).not.toContain('txnewC');
    expect(await coll('txnewA').find().toArray()).toEqual([]);
  });

  it('refuses DDL other than create/createIndexes inside a transaction (263)', async () => {
    await coll('txddl').insertOne({ _id: 1 });
    const session = t.client.startSession();
    try {
      session.startTransaction();
      await coll('txddl').findOne({ _id: 1 }, { session });
      const e = await serverError(coll('txddl').drop({ session }));
      expect(e.code).toBe(263);
      await session.abortTransaction().catch(() => undefined);
    } finally {
      await session.endSession();
    }
    expect(await coll('txddl').countDocuments()).toBe(1);
  });

  it('creates a collection with a unique index inside a committed transaction', async () => {
    const session = t.client.startSession();
    try {
      await session.withTransaction(async () => {
        await coll('txnewD').createIndex({ k: 1 }, { unique: true, session });
        await coll('txnewD').insertOne({ _id: 1, k: 'a' }, { session });
      });
    } finally {
      await session.endSession();
    }
    expect((await coll('txnewD').listIndexes().toArray()).map((i) => i.name)).toEqual([
      '_id_',
      'k_1',
    ]);
    expect((await serverError(coll('txnewD').insertOne({ _id: 2, k: 'a' }))).code).toBe(11000);
  });

  it.each(['commit', 'abort'])(
    'kills cursors opened inside a transaction when it ends (%s)',
    async (how) => {
      const name = `txcur_${how}`;
      await coll(name).insertMany(Array.from({ length: 10 }, (_, i) => ({ _id: i })));
      const session = t.client.startSession();
      try {
        session.startTransaction();
        const reply = await t.db.command(
          { find: name, filter: {}, batchSize: 2 },
          { session, promoteLongs: false },
        );
        const id = reply.cursor.id as Long;
        expect(id.isZero()).toBe(false);
        if (how === 'commit') await session.commitTransaction();
        else await session.abortTransaction();
        const e = await serverError(
          t.db.command({ getMore: id, collection: name, batchSize: 2 }, { session }),
        );
        expect(e.code).toBe(43);
        expect(e.codeName).toBe('CursorNotFound');
      } finally {
        await session.endSession();
      }
    },
  );

  it('answers NoSuchTransaction (251) when committing a transaction that was never started', async () => {
    const e = await serverError(
      t.client
        .db('admin')
        .command({ commitTransaction: 1, txnNumber: Long.fromNumber(7), autocommit: false }),
    );
    expect(e.code).toBe(251);
    expect(e.hasErrorLabel('TransientTransactionError')).toBe(true);
  });
});
