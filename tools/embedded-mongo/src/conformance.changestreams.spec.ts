import type { ChangeStream, ChangeStreamDocument, Document, ResumeToken } from 'mongodb';
import { serverError, useDriver } from './test-support/driver';

// Conformance (change streams), from MongoDB's documentation of watch(), the change events
// (insert, update, replace, delete, drop, invalidate) and resuming a change stream. Runs against the
// embedded server, or against MONGODB_TEST_URI when set (change streams need a replica set there).
const t = useDriver();

/** Opens the stream on the server (the driver sends its aggregate lazily) and waits for nothing. */
async function opened<T extends Document>(cs: ChangeStream<T>): Promise<ChangeStream<T>> {
  expect(await cs.tryNext()).toBeNull();
  return cs;
}

/** The next `n` events (each getMore waits up to the stream's maxAwaitTimeMS). */
async function take<T extends Document>(
  cs: ChangeStream<T>,
  n: number,
): Promise<ChangeStreamDocument<T>[]> {
  const out: ChangeStreamDocument<T>[] = [];
  const deadline = Date.now() + 10_000;
  while (out.length < n && Date.now() < deadline) {
    const ev = await cs.tryNext();
    if (ev) out.push(ev);
  }
  return out;
}

describe('change streams', () => {
  it('reports inserts, updates, replacements and deletes in order, with documentKey and fullDocument', async () => {
    const c = t.coll('cs_ops');
    const cs = await opened(c.watch([], { maxAwaitTimeMS: 100 }));
    await c.insertOne({ _id: 1, title: 'אלף', stock: 2, tags: ['a'] });
    await c.updateOne({ _id: 1 }, { $set: { stock: 3, 'meta.seen': true }, $unset: { tags: '' } });
    await c.replaceOne({ _id: 1 }, { title: 'בית' });
    await c.deleteOne({ _id: 1 });
    const events = await take(cs, 4);
    await cs.close();
    expect(events.map((e) => e.operationType)).toEqual(['insert', 'update', 'replace', 'delete']);
    const [ins, upd, rep, del] = events as Document[];
    expect(ins).toMatchObject({
      ns: { db: t.target.dbName, coll: 'cs_ops' },
      documentKey: { _id: 1 },
      fullDocument: { _id: 1, title: 'אלף', stock: 2, tags: ['a'] },
    });
    expect(upd?.updateDescription).toMatchObject({
      updatedFields: { stock: 3, meta: { seen: true } },
      removedFields: ['tags'],
    });
    expect(upd?.fullDocument).toBeUndefined();
    expect(rep).toMatchObject({ documentKey: { _id: 1 }, fullDocument: { _id: 1, title: 'בית' } });
    expect(del).toMatchObject({ documentKey: { _id: 1 } });
    expect(del?.fullDocument).toBeUndefined();
    for (const e of events as Document[]) {
      expect(e._id).toHaveProperty('_data');
      expect(e.wallTime).toBeInstanceOf(Date);
    }
    // Every event has its own, increasing cluster time position and a distinct resume token.
    expect(new Set(events.map((e) => JSON.stringify(e._id))).size).toBe(4);
  });

  it('looks up the current document for updates with fullDocument: updateLookup', async () => {
    const c = t.coll('cs_lookup');
    await c.insertOne({ _id: 'o1', status: 'pending', total: 100 });
    const cs = await opened(c.watch([], { fullDocument: 'updateLookup', maxAwaitTimeMS: 100 }));
    await c.updateOne({ _id: 'o1' }, { $set: { status: 'paid' } });
    const [ev] = (await take(cs, 1)) as Document[];
    await cs.close();
    expect(ev).toMatchObject({
      operationType: 'update',
      updateDescription: { updatedFields: { status: 'paid' }, removedFields: [] },
      fullDocument: { _id: 'o1', status: 'paid', total: 100 },
    });
  });

  it('filters and reshapes events with stages after $changeStream', async () => {
    const c = t.coll('cs_match');
    const cs = await opened(
      c.watch(
        [
          { $match: { operationType: 'insert', 'fullDocument.kind': 'paid' } },
          { $project: { operationType: 1, 'fullDocument.order': 1 } },
        ],
        { maxAwaitTimeMS: 100 },
      ),
    );
    await c.insertMany([
      { _id: 1, kind: 'note', order: 'a' },
      { _id: 2, kind: 'paid', order: 'b' },
    ]);
    await c.deleteOne({ _id: 2 });
    await c.insertOne({ _id: 3, kind: 'paid', order: 'c' });
    const events = (await take(cs, 2)) as Document[];
    expect(await cs.tryNext()).toBeNull();
    await cs.close();
    expect(events.map((e) => e.fullDocument)).toEqual([{ order: 'b' }, { order: 'c' }]);
    expect(events.every((e) => e.documentKey === undefined)).toBe(true);
  });

  it('waits in getMore for a change that comes while it waits', async () => {
    const c = t.coll('cs_wait');
    // The wait is long and the change early, so that a stall of a busy machine cannot make the
    // wait end first (the event would then come from a second getMore, and this would not show
    // that the change woke the first).
    const cs = await opened(c.watch([], { maxAwaitTimeMS: 10_000 }));
    const started = Date.now();
    const next = cs.next();
    setTimeout(() => void c.insertOne({ _id: 'late' }), 300);
    const ev = (await next) as Document;
    const waited = Date.now() - started;
    await cs.close();
    expect(ev).toMatchObject({ operationType: 'insert', documentKey: { _id: 'late' } });
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(9_000);
  });

  it('answers an empty batch after maxAwaitTimeMS when nothing changes', async () => {
    const c = t.coll('cs_idle');
    const cs = await opened(c.watch([], { maxAwaitTimeMS: 300 }));
    const started = Date.now();
    expect(await cs.tryNext()).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // The stream still has a resume token (the server's postBatchResumeToken).
    expect(cs.resumeToken).toHaveProperty('_data');
    await cs.close();
  });

  it('resumes after a token with resumeAfter and startAfter', async () => {
    const c = t.coll('cs_resume');
    const cs = await opened(c.watch([], { maxAwaitTimeMS: 100 }));
    await c.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }]);
    const first = await take(cs, 1);
    const token: ResumeToken = first[0]?._id;
    await cs.close();
    const ids = async (opts: Document) => {
      const again = c.watch([], { maxAwaitTimeMS: 100, ...opts });
      const evs = (await take(again, 2)) as Document[];
      await again.close();
      return evs.map((e) => e.documentKey._id as number);
    };
    expect(await ids({ resumeAfter: token })).toEqual([2, 3]);
    expect(await ids({ startAfter: token })).toEqual([2, 3]);
  });

  it('reports only committed transactions, each write as its own event', async () => {
    const c = t.coll('cs_txn');
    await c.insertOne({ _id: 'seed' });
    const cs = await opened(c.watch([], { maxAwaitTimeMS: 100 }));
    const session = t.client.startSession();
    try {
      session.startTransaction();
      await c.insertOne({ _id: 'aborted' }, { session });
      await session.abortTransaction();
      await session.withTransaction(async () => {
        await c.insertOne({ _id: 'kept' }, { session });
        await c.updateOne({ _id: 'seed' }, { $set: { n: 1 } }, { session });
      });
    } finally {
      await session.endSession();
    }
    const events = (await take(cs, 2)) as Document[];
    expect(await cs.tryNext()).toBeNull();
    await cs.close();
    expect(events.map((e) => [e.operationType, e.documentKey._id])).toEqual([
      ['insert', 'kept'],
      ['update', 'seed'],
    ]);
  });

  it('ends a collection stream with drop, then invalidate', async () => {
    const c = t.coll('cs_drop');
    await c.insertOne({ _id: 1 });
    const cs = await opened(c.watch([], { maxAwaitTimeMS: 100 }));
    await c.drop();
    const events = (await take(cs, 2)) as Document[];
    expect(events.map((e) => e.operationType)).toEqual(['drop', 'invalidate']);
    expect(cs.closed || (await cs.tryNext().catch(() => null)) === null).toBe(true);
    await cs.close();
    // startAfter the invalidate opens a new stream on the re-created collection.
    const after = c.watch([], { startAfter: events[1]?._id, maxAwaitTimeMS: 100 });
    await c.insertOne({ _id: 2 });
    const [ev] = (await take(after, 1)) as Document[];
    await after.close();
    expect(ev).toMatchObject({ operationType: 'insert', documentKey: { _id: 2 } });
  });

  it('refuses $changeStream other than first and stages a change stream does not allow', async () => {
    const c = t.coll('cs_refuse');
    await c.insertOne({ _id: 1 });
    const late = await serverError(c.aggregate([{ $match: {} }, { $changeStream: {} }]).toArray());
    expect(late.code).toBe(40602);
    const group = c.watch([{ $group: { _id: null } }]);
    const err = await serverError(group.tryNext());
    await group.close();
    expect(err.code).toBeGreaterThan(0);
  });

  it('watches a whole database', async () => {
    const cs = await opened(t.db.watch([], { maxAwaitTimeMS: 100 }));
    await t.coll('cs_db_a').insertOne({ _id: 'a' });
    await t.coll('cs_db_b').insertOne({ _id: 'b' });
    const events = (await take(cs, 2)) as Document[];
    await cs.close();
    expect(events.map((e) => [e.ns.coll, e.documentKey._id])).toEqual([
      ['cs_db_a', 'a'],
      ['cs_db_b', 'b'],
    ]);
  });
});
