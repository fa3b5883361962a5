import { serverError, useDriver } from './test-support/driver';

// Conformance (find projections and $project output), from MongoDB's documentation of projection
// operators. Runs against the embedded server, or against MONGODB_TEST_URI when set.
const t = useDriver();
const coll = (name: string) => t.coll(name);

const post = {
  _id: 1,
  title: 'שירים',
  tags: ['a', 'b', 'c'],
  scores: [3, 8, 9],
  comments: [{ body: 'א' }, { body: 'ב' }, { body: 'ג' }],
  secret: 'x',
};

describe('projection operators', () => {
  beforeAll(async () => {
    await coll('proj').insertOne(post);
  });

  it('returns the element the query matched for a positional projection', async () => {
    const doc = await coll('proj').findOne({ tags: 'b' }, { projection: { 'tags.$': 1 } });
    expect(doc).toEqual({ _id: 1, tags: ['b'] });
    const withOther = await coll('proj').findOne(
      { scores: { $gt: 5 } },
      { projection: { title: 1, 'scores.$': 1 } },
    );
    expect(withOther).toEqual({ _id: 1, title: 'שירים', scores: [8] });
  });

  it('takes the positional element from conditions inside $and and $or, in document order', async () => {
    const viaOr = await coll('proj').findOne(
      { $or: [{ scores: { $gte: 9 } }, { title: 'אין' }] },
      { projection: { 'scores.$': 1 } },
    );
    expect(viaOr).toEqual({ _id: 1, scores: [9] });
    const viaAnd = await coll('proj').findOne(
      { _id: 1, $and: [{ 'comments.body': 'ב' }] },
      { projection: { 'comments.$': 1, title: 1 } },
    );
    expect(JSON.stringify(viaAnd)).toBe(
      JSON.stringify({ _id: 1, title: 'שירים', comments: [{ body: 'ב' }] }),
    );
  });

  it('keeps every other field when the projection is only $slice', async () => {
    const doc = await coll('proj').findOne({}, { projection: { comments: { $slice: 1 } } });
    expect(doc).toEqual({ ...post, comments: [{ body: 'א' }] });
    const fromEnd = await coll('proj').findOne({}, { projection: { tags: { $slice: -2 } } });
    expect(fromEnd?.tags).toEqual(['b', 'c']);
    expect(fromEnd?.secret).toBe('x');
  });

  it('accepts $slice beside an exclusion', async () => {
    const doc = await coll('proj').findOne(
      {},
      { projection: { secret: 0, comments: { $slice: [1, 1] } } },
    );
    const { secret: _secret, ...rest } = post;
    expect(doc).toEqual({ ...rest, comments: [{ body: 'ב' }] });
  });

  it('applies $elemMatch to an array of scalars', async () => {
    const doc = await coll('proj').findOne(
      {},
      { projection: { scores: { $elemMatch: { $gt: 5 } } } },
    );
    expect(doc).toEqual({ _id: 1, scores: [8] });
    const none = await coll('proj').findOne(
      {},
      { projection: { scores: { $elemMatch: { $gt: 50 } } } },
    );
    expect(none).toEqual({ _id: 1 });
  });

  it('places an $elemMatch field after the other included fields', async () => {
    const doc = await coll('proj').findOne(
      {},
      { projection: { scores: { $elemMatch: { $lt: 5 } }, title: 1, secret: 1 } },
    );
    expect(JSON.stringify(doc)).toBe(
      JSON.stringify({ _id: 1, title: 'שירים', secret: 'x', scores: [3] }),
    );
  });

  it('still refuses mixing inclusion and exclusion (31254)', async () => {
    const err = await serverError(
      coll('proj').findOne({}, { projection: { title: 1, secret: 0 } }),
    );
    expect(err.code).toBe(31254);
  });
});

describe('field order of projected documents', () => {
  const doc = { _id: 1, a: 1, b: { x: 1, y: 2, z: 3 }, c: 3, d: 4 };
  beforeAll(async () => {
    await coll('order').insertOne(doc);
  });

  it('keeps included fields in document order, also for dotted paths', async () => {
    const found = await coll('order').findOne(
      {},
      { projection: { d: 1, 'b.z': 1, 'b.x': 1, a: 1 } },
    );
    expect(JSON.stringify(found)).toBe(JSON.stringify({ _id: 1, a: 1, b: { x: 1, z: 3 }, d: 4 }));
  });

  it('puts computed fields after the included ones, in find and in $project', async () => {
    const projection = { total: { $add: ['$a', '$c'] }, d: 1, a: 1 };
    const found = await coll('order').findOne({}, { projection });
    const expected = JSON.stringify({ _id: 1, a: 1, d: 4, total: 4 });
    expect(JSON.stringify(found)).toBe(expected);
    const [aggregated] = await coll('order')
      .aggregate([{ $project: projection }])
      .toArray();
    expect(JSON.stringify(aggregated)).toBe(expected);
  });

  it('places a computed field that replaces a document field after the selected ones, also inside subdocuments', async () => {
    const projection = { c: '$a', d: 1, 'b.sum': { $add: ['$a', 1] }, 'b.x': 1 };
    const expected = JSON.stringify({ _id: 1, b: { x: 1, sum: 2 }, d: 4, c: 1 });
    expect(JSON.stringify(await coll('order').findOne({}, { projection }))).toBe(expected);
    const [aggregated] = await coll('order')
      .aggregate([{ $project: projection }])
      .toArray();
    expect(JSON.stringify(aggregated)).toBe(expected);
  });

  it('leaves the stored document whole after a nested exclusion', async () => {
    const projected = await coll('order').findOne({}, { projection: { 'b.y': 0 } });
    expect(projected?.b).toEqual({ x: 1, z: 3 });
    expect(await coll('order').findOne({})).toEqual(doc);
  });
});
