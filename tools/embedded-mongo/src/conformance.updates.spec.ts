import type { UpdateFilter } from 'mongodb';
import { serverError, useDriver } from './test-support/driver';

// The driver's typing of $pull accepts no conditions on the elements of an untyped array.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const pull = (spec: object) => ({ $pull: spec }) as UpdateFilter<any>;

// Conformance (update paths, upserts keyed by _id, $pull conditions), from MongoDB's documentation
// of the update operators. Runs against the embedded server, or against MONGODB_TEST_URI when set.
const t = useDriver();
const coll = (name: string) => t.coll(name);

describe('several fields of one array element in one update', () => {
  const order = () => ({
    _id: 1,
    lines: [
      { sku: 'a', qty: 1, price: 10 },
      { sku: 'b', qty: 2, price: 20 },
    ],
  });

  it('sets sibling sub-paths of the positional element', async () => {
    const c = coll('upd_positional');
    await c.insertOne(order());
    await c.updateOne(
      { _id: 1, 'lines.sku': 'b' },
      { $set: { 'lines.$.qty': 5, 'lines.$.price': 25 } },
    );
    expect((await c.findOne({ _id: 1 }))?.lines).toEqual([
      { sku: 'a', qty: 1, price: 10 },
      { sku: 'b', qty: 5, price: 25 },
    ]);
  });

  it('sets sibling sub-paths through $[] and $[identifier] with arrayFilters', async () => {
    const c = coll('upd_all_positional');
    await c.insertOne(order());
    await c.updateOne({ _id: 1 }, { $set: { 'lines.$[].qty': 0, 'lines.$[].seen': true } });
    await c.updateOne(
      { _id: 1 },
      { $set: { 'lines.$[line].qty': 7, 'lines.$[line].price': 70 }, $inc: { total: 1 } },
      { arrayFilters: [{ 'line.sku': 'a' }] },
    );
    expect((await c.findOne({ _id: 1 }))?.lines).toEqual([
      { sku: 'a', qty: 7, price: 70, seen: true },
      { sku: 'b', qty: 0, price: 20, seen: true },
    ]);
  });

  it('finds the positional element through conditions inside $and and $or', async () => {
    const c = coll('upd_positional_logical');
    await c.insertOne(order());
    await c.updateOne(
      { $and: [{ _id: 1 }, { 'lines.sku': 'b' }] },
      { $set: { 'lines.$.qty': 5, 'lines.$.price': 25 } },
    );
    await c.updateOne(
      { _id: 1, $or: [{ 'lines.price': { $lt: 15 } }] },
      { $set: { 'lines.$.qty': 9, 'lines.$.seen': true } },
    );
    expect((await c.findOne({ _id: 1 }))?.lines).toEqual([
      { sku: 'a', qty: 9, price: 10, seen: true },
      { sku: 'b', qty: 5, price: 25 },
    ]);
  });

  it('refuses two array filters designating the same field of one element (40)', async () => {
    const c = coll('upd_filters_conflict');
    await c.insertOne(order());
    const err = await serverError(
      c.updateOne(
        { _id: 1 },
        { $set: { 'lines.$[bySku].qty': 5, 'lines.$[byQty].qty': 6 } },
        { arrayFilters: [{ 'bySku.sku': 'a' }, { 'byQty.qty': 1 }] },
      ),
    );
    expect(err.code).toBe(40);
    expect(await c.findOne({ _id: 1 })).toEqual(order());
  });

  it('still refuses a path together with its own prefix (40)', async () => {
    const c = coll('upd_conflict');
    await c.insertOne(order());
    const prefix = await serverError(
      c.updateOne({ _id: 1 }, { $set: { lines: [], 'lines.0.qty': 1 } }),
    );
    expect(prefix.code).toBe(40);
    const same = await serverError(
      c.updateOne(
        { _id: 1, 'lines.sku': 'a' },
        { $set: { 'lines.$.qty': 1 }, $inc: { 'lines.$.qty': 1 } },
      ),
    );
    expect(same.code).toBe(40);
  });

  it('answers PathNotViable (28) for a field path through an array of documents', async () => {
    const c = coll('upd_not_viable');
    await c.insertOne({ _id: 1, comments: [{ body: 'א' }, { body: 'ב' }] });
    const err = await serverError(c.updateOne({ _id: 1 }, { $set: { 'comments.body': 'ג' } }));
    expect(err.code).toBe(28);
    expect((await c.findOne({ _id: 1 }))?.comments).toEqual([{ body: 'א' }, { body: 'ב' }]);
  });
});

describe('$rename and arrays', () => {
  it('refuses a source or destination through an array (2), and renames within subdocuments', async () => {
    const c = coll('rename_arrays');
    await c.insertOne({ _id: 1, note: 'א', comments: [{ body: 'ב' }], meta: { a: 1 } });
    const into = await serverError(c.updateOne({ _id: 1 }, { $rename: { note: 'comments.note' } }));
    expect(into.code).toBe(2);
    const from = await serverError(
      c.updateOne({ _id: 1 }, { $rename: { 'comments.body': 'body' } }),
    );
    expect(from.code).toBe(2);
    await c.updateOne({ _id: 1 }, { $rename: { 'meta.a': 'meta.b', note: 'meta.note' } });
    expect(await c.findOne({ _id: 1 })).toEqual({
      _id: 1,
      comments: [{ body: 'ב' }],
      meta: { b: 1, note: 'א' },
    });
  });
});

describe('upserts that set _id to the filter value', () => {
  it('inserts, then updates, with $set of the same _id', async () => {
    const c = coll('ups_same_id');
    const first = await c.findOneAndUpdate(
      { _id: 'entry-1' },
      { $set: { _id: 'entry-1', amount: 10 } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(first).toEqual({ _id: 'entry-1', amount: 10 });
    const again = await c.findOneAndUpdate(
      { _id: 'entry-1' },
      { $set: { _id: 'entry-1', amount: 12 } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(again).toEqual({ _id: 'entry-1', amount: 12 });
    const viaUpdate = await c.updateOne(
      { _id: 'entry-2' },
      { $set: { _id: 'entry-2', amount: 3 }, $setOnInsert: { createdBy: 'ledger' } },
      { upsert: true },
    );
    expect(viaUpdate.upsertedId).toBe('entry-2');
    expect(await c.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'entry-1', amount: 12 },
      { _id: 'entry-2', amount: 3, createdBy: 'ledger' },
    ]);
  });

  it('refuses an upsert whose replacement or pipeline gives an _id other than the filter one (66)', async () => {
    const c = coll('ups_other_id');
    const replaced = await serverError(
      c.replaceOne({ _id: 8 }, { _id: 9, n: 1 }, { upsert: true }),
    );
    expect(replaced.code).toBe(66);
    const piped = await serverError(
      c.updateOne({ _id: 8 }, [{ $set: { _id: 9, n: 1 } }], { upsert: true }),
    );
    expect(piped.code).toBe(66);
    expect(await c.countDocuments({})).toBe(0);
    await c.updateOne({ _id: 8 }, [{ $set: { _id: 8, n: 1 } }], { upsert: true });
    expect(await c.find({}).toArray()).toEqual([{ _id: 8, n: 1 }]);
  });

  it('accepts a replacement upsert carrying the filter _id, and refuses a different _id (66)', async () => {
    const c = coll('ups_replace_id');
    await c.replaceOne({ _id: 7 }, { _id: 7, n: 1 }, { upsert: true });
    await c.replaceOne({ _id: 7 }, { _id: 7, n: 2 }, { upsert: true });
    expect(await c.find({}).toArray()).toEqual([{ _id: 7, n: 2 }]);
    const err = await serverError(c.updateOne({ _id: 8 }, { $set: { _id: 9 } }, { upsert: true }));
    expect(err.code).toBe(66);
  });
});

describe('$pull with conditions on subdocuments', () => {
  it('removes the elements matching an $or of field conditions', async () => {
    const c = coll('pull_or');
    await c.insertOne({
      _id: 1,
      items: [
        { sku: 'a', qty: 0 },
        { sku: 'b', qty: 3 },
        { sku: 'c', qty: 5 },
      ],
    });
    const r = await c.updateOne(
      { _id: 1 },
      pull({ items: { $or: [{ sku: 'a' }, { qty: { $gte: 5 } }] } }),
    );
    expect(r.modifiedCount).toBe(1);
    expect((await c.findOne({ _id: 1 }))?.items).toEqual([{ sku: 'b', qty: 3 }]);
  });

  it('removes subdocuments without _id by a field condition, leaving other documents alone', async () => {
    const c = coll('pull_fields');
    await c.insertMany([
      {
        _id: 1,
        results: [
          { item: 'A', score: 5 },
          { item: 'B', score: 8 },
        ],
      },
      {
        _id: 2,
        results: [
          { item: 'C', score: 8 },
          { item: 'B', score: 4 },
        ],
      },
    ]);
    await c.updateMany({}, pull({ results: { score: 8, item: 'B' } }));
    expect(await c.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, results: [{ item: 'A', score: 5 }] },
      {
        _id: 2,
        results: [
          { item: 'C', score: 8 },
          { item: 'B', score: 4 },
        ],
      },
    ]);
    await c.updateOne({ _id: 2 }, pull({ results: { score: { $lt: 5 } } }));
    expect((await c.findOne({ _id: 2 }))?.results).toEqual([{ item: 'C', score: 8 }]);
  });

  it('removes the subdocuments an $or condition matches through a positional path', async () => {
    const c = coll('pull_positional');
    await c.insertOne({
      _id: 1,
      shelves: [
        { name: 'א', books: [{ sku: 'a' }, { sku: 'b' }] },
        { name: 'ב', books: [{ sku: 'a' }] },
      ],
    });
    await c.updateOne(
      { 'shelves.name': 'א' },
      pull({ 'shelves.$.books': { $or: [{ sku: 'a' }, { sku: 'z' }] } }),
    );
    expect((await c.findOne({ _id: 1 }))?.shelves).toEqual([
      { name: 'א', books: [{ sku: 'b' }] },
      { name: 'ב', books: [{ sku: 'a' }] },
    ]);
  });

  it('removes by $elemMatch on an array inside the subdocuments', async () => {
    const c = coll('pull_elem_match');
    await c.insertOne({
      _id: 1,
      results: [
        {
          item: 'A',
          answers: [
            { q: 1, a: 4 },
            { q: 2, a: 6 },
          ],
        },
        {
          item: 'B',
          answers: [
            { q: 1, a: 8 },
            { q: 2, a: 9 },
          ],
        },
      ],
    });
    await c.updateOne(
      { _id: 1 },
      pull({ results: { answers: { $elemMatch: { q: 2, a: { $gte: 8 } } } } }),
    );
    expect((await c.findOne({ _id: 1 }))?.results).toEqual([
      {
        item: 'A',
        answers: [
          { q: 1, a: 4 },
          { q: 2, a: 6 },
        ],
      },
    ]);
  });

  it('tests a document condition against subdocuments only (the empty one removes them all)', async () => {
    const c = coll('pull_empty');
    await c.insertOne({ _id: 1, items: [{ sku: 'a' }, 1, 'x', { sku: 'b' }] });
    await c.updateOne({ _id: 1 }, pull({ items: {} }));
    expect((await c.findOne({ _id: 1 }))?.items).toEqual([1, 'x']);
  });
});
