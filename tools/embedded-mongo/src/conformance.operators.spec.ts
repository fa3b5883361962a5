import { DBRef, ObjectId } from 'mongodb';
import { serverError, useDriver } from './test-support/driver';

// Conformance (query operators on DBRefs, server parameters), from MongoDB's documentation of
// $elemMatch and DBRefs and of the setParameter command. Runs against the embedded server, or
// against MONGODB_TEST_URI when set.
const t = useDriver();
const coll = (name: string) => t.coll(name);

describe('DBRefs inside $elemMatch', () => {
  it('matches a condition on $id alone, or on $ref with operators on $id', async () => {
    const c = coll('ops_dbref');
    const author = new ObjectId();
    const other = new ObjectId();
    await c.insertMany([
      { _id: 1, refs: [new DBRef('authors', author)] },
      { _id: 2, refs: [new DBRef('authors', other), new DBRef('publishers', author)] },
      { _id: 3, refs: [] },
    ]);
    const ids = async (filter: object) =>
      (await c.find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ refs: { $elemMatch: { $id: author } } })).toEqual([1, 2]);
    expect(
      await ids({ refs: { $elemMatch: { $ref: 'authors', $id: { $in: [author] } } } }),
    ).toEqual([1]);
    expect(await ids({ refs: { $elemMatch: { $ref: 'publishers' } } })).toEqual([2]);
  });
});

describe('setParameter', () => {
  const admin = () => t.client.db('admin');

  it('answers 72 InvalidOptions for an unknown parameter or none, changing nothing', async () => {
    const before = await admin().command({ getParameter: 1, cursorTimeoutMillis: 1 });
    const unknown = await serverError(
      admin().command({ setParameter: 1, cursorTimeoutMillis: 1000, noSuchParameterAnywhere: 1 }),
    );
    expect(unknown.code).toBe(72);
    expect(unknown.message).toContain('noSuchParameterAnywhere');
    const none = await serverError(admin().command({ setParameter: 1 }));
    expect(none.code).toBe(72);
    const after = await admin().command({ getParameter: 1, cursorTimeoutMillis: 1 });
    expect(after.cursorTimeoutMillis).toBe(before.cursorTimeoutMillis);
  });

  it('sets several parameters in one command', async () => {
    const before = await admin().command({
      getParameter: 1,
      cursorTimeoutMillis: 1,
      transactionLifetimeLimitSeconds: 1,
    });
    await admin().command({
      setParameter: 1,
      cursorTimeoutMillis: 700_000,
      transactionLifetimeLimitSeconds: 75,
    });
    const after = await admin().command({
      getParameter: 1,
      cursorTimeoutMillis: 1,
      transactionLifetimeLimitSeconds: 1,
    });
    expect([after.cursorTimeoutMillis, after.transactionLifetimeLimitSeconds]).toEqual([
      700_000, 75,
    ]);
    await admin().command({
      setParameter: 1,
      cursorTimeoutMillis: before.cursorTimeoutMillis,
      transactionLifetimeLimitSeconds: before.transactionLifetimeLimitSeconds,
    });
  });
});
