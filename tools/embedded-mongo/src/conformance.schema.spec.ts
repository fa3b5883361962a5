import type { Document } from 'mongodb';
import { serverError, useDriver } from './test-support/driver';

// Conformance (errors, indexes, collections): MongoDB's documented behaviour through the official driver.
// Runs against the embedded server, or against MONGODB_TEST_URI when set.
const t = useDriver();
const coll = (name: string) => t.coll(name);

describe('errors', () => {
  it('answers CommandNotFound (59) for an unknown command', async () => {
    const e = await serverError(t.db.command({ definitelyNotACommand: 1 }));
    expect(e.code).toBe(59);
    expect(e.codeName).toBe('CommandNotFound');
  });

  it('answers BadValue (2) for an unknown query operator', async () => {
    const e = await serverError(
      t.db
        .collection('err1')
        .find({ a: { $bogus: 1 } })
        .toArray(),
    );
    expect(e.code).toBe(2);
    const top = await serverError(coll('err1').find({ $bogus: [] }).toArray());
    expect(top.code).toBe(2);
    const inNeedsArray = await serverError(
      t.db
        .collection('err1')
        .find({ a: { $in: 5 } })
        .toArray(),
    );
    expect(inNeedsArray.code).toBe(2);
  });

  it('answers FailedToParse (9) for an unknown update modifier', async () => {
    await coll('err2').insertOne({ _id: 1 });
    const e = await serverError(coll('err2').updateOne({ _id: 1 }, { $bogus: { a: 1 } }));
    expect(e.code).toBe(9);
  });

  it('refuses to modify _id (66) and $inc on a string (14)', async () => {
    const c = coll('err3');
    await c.insertOne({ _id: 1, s: 'x' });
    expect((await serverError(c.updateOne({ _id: 1 }, { $set: { _id: 2 } }))).code).toBe(66);
    expect((await serverError(c.updateOne({ _id: 1 }, { $inc: { s: 1 } }))).code).toBe(14);
    expect(
      (await serverError(c.updateOne({ _id: 1 }, { $set: { a: 1 }, $inc: { a: 1 } }))).code,
    ).toBe(40);
  });

  it('answers NamespaceNotFound (26) for listIndexes on a missing collection', async () => {
    const e = await serverError(coll('doesNotExist').listIndexes().toArray());
    expect(e.code).toBe(26);
  });

  it('rejects an unknown aggregation stage', async () => {
    const e = await serverError(
      t.db
        .collection('err4')
        .aggregate([{ $bogusStage: {} }])
        .toArray(),
    );
    expect(e.code).toBe(40324);
  });
});

describe('indexes', () => {
  it('enforces a unique index with MongoDB error shape', async () => {
    const c = coll('users');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertOne({ email: 'dana@example.com' });
    const e = await serverError(c.insertOne({ email: 'dana@example.com' }));
    expect(e.code).toBe(11000);
    expect(e.message).toBe(
      `E11000 duplicate key error collection: ${t.target.dbName}.users index: email_1 dup key: { email: "dana@example.com" }`,
    );
    expect(e.keyPattern).toEqual({ email: 1 });
    expect(e.keyValue).toEqual({ email: 'dana@example.com' });
    const upd = await serverError(
      c
        .insertOne({ email: 'other@example.com' })
        .then(() =>
          c.updateOne({ email: 'other@example.com' }, { $set: { email: 'dana@example.com' } }),
        ),
    );
    expect(upd.code).toBe(11000);
  });

  it('refuses to build a unique index over duplicates', async () => {
    const c = coll('idx0');
    await c.insertMany([{ a: 1 }, { a: 1 }]);
    expect((await serverError(c.createIndex({ a: 1 }, { unique: true }))).code).toBe(11000);
  });

  it('enforces compound, sparse and partial unique indexes', async () => {
    const c = coll('idx1');
    await c.createIndex({ a: 1, b: 1 }, { unique: true });
    await c.insertMany([
      { a: 1, b: 1 },
      { a: 1, b: 2 },
    ]);
    const e = await serverError(c.insertOne({ a: 1, b: 2 }));
    expect(e.message).toMatch(/index: a_1_b_1 dup key: \{ a: 1, b: 2 \}$/);

    const s = coll('idx2');
    await s.createIndex({ code: 1 }, { unique: true, sparse: true });
    await s.insertMany([{ x: 1 }, { x: 2 }, { code: 'A' }]);
    expect((await serverError(s.insertOne({ code: 'A' }))).code).toBe(11000);

    const p = coll('idx3');
    await p.createIndex(
      { slug: 1 },
      { unique: true, partialFilterExpression: { published: { $eq: true } } },
    );
    await p.insertMany([
      { slug: 's', published: false },
      { slug: 's', published: false },
      { slug: 's', published: true },
    ]);
    expect((await serverError(p.insertOne({ slug: 's', published: true }))).code).toBe(11000);
  });

  it('refuses parallel arrays in a compound index (171)', async () => {
    const c = coll('idxpar');
    await c.createIndex({ tags: 1, authors: 1 });
    await c.insertOne({ _id: 1, tags: ['poetry', 'prose'], authors: 'Rachel' });
    await c.insertOne({ _id: 2, tags: 'poetry', authors: ['Rachel', 'Bialik'] });
    const ins = await serverError(c.insertOne({ _id: 3, tags: ['a', 'b'], authors: ['x', 'y'] }));
    expect(ins.code).toBe(171);
    expect(ins.message).toMatch(/^cannot index parallel arrays \[\w+\] \[\w+\]$/);
    const upd = await serverError(c.updateOne({ _id: 1 }, { $set: { authors: ['a', 'b'] } }));
    expect(upd.code).toBe(171);
    expect(await c.findOne({ _id: 1 })).toEqual({
      _id: 1,
      tags: ['poetry', 'prose'],
      authors: 'Rachel',
    });
    expect(await c.countDocuments()).toBe(2);
    // Two fields through the same array are fine.
    const sub = coll('idxpar2');
    await sub.createIndex({ 'lines.sku': 1, 'lines.qty': 1 });
    await sub.insertOne({
      lines: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 2 },
      ],
    });
    // Building the index over existing parallel arrays fails too.
    const pre = coll('idxpar3');
    await pre.insertOne({ a: [1, 2], b: [3, 4] });
    expect((await serverError(pre.createIndex({ a: 1, b: 1 }))).code).toBe(171);
  });

  it('explains index use for equality and ranges, and a scan otherwise', async () => {
    const c = coll('idx5');
    await c.insertMany(Array.from({ length: 50 }, (_, i) => ({ n: i, s: `s${i}` })));
    await c.createIndex({ n: 1 });
    const eq = JSON.stringify(await c.find({ n: 7 }).explain('queryPlanner'));
    expect(eq).toContain('IXSCAN');
    expect(eq).toContain('n_1');
    expect(
      JSON.stringify(await c.find({ n: { $gte: 10, $lt: 20 } }).explain('queryPlanner')),
    ).toContain('IXSCAN');
    const scan = JSON.stringify(await c.find({ s: 's7' }).explain('queryPlanner'));
    expect(scan).toContain('COLLSCAN');
    expect(scan).not.toContain('IXSCAN');
    const stats = await c.find({ n: { $lt: 5 } }).explain('executionStats');
    expect(stats.executionStats?.nReturned).toBe(5);
    expect(stats.executionStats?.totalDocsExamined).toBe(5);
  });

  it('keeps using indexes for non-string values under a collation', async () => {
    const c = coll('idxcoll');
    await c.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: i, n: i, s: `s${i}` })));
    await c.createIndex({ n: 1 });
    await c.createIndex({ s: 1 });
    const ci = { locale: 'en', strength: 2 };
    const planOf = async (filter: Document) =>
      JSON.stringify((await c.find(filter).collation(ci).explain('queryPlanner')).queryPlanner);
    const byNumber = await planOf({ n: 7 });
    expect(byNumber).toContain('IXSCAN');
    expect(byNumber).toContain('n_1');
    expect(await planOf({ n: { $gte: 10, $lt: 20 } })).toContain('IXSCAN');
    expect(await planOf({ _id: 7 })).not.toContain('COLLSCAN');
    // The index holds binary (simple-collation) keys: string comparisons under a collation scan.
    const byString = await planOf({ s: 'S7' });
    expect(byString).toContain('COLLSCAN');
    expect(byString).not.toContain('IXSCAN');
    expect(await c.find({ s: 'S7' }).collation(ci).toArray()).toEqual([{ _id: 7, n: 7, s: 's7' }]);
    expect(await c.find({ n: 7 }).collation(ci).toArray()).toEqual([{ _id: 7, n: 7, s: 's7' }]);
  });

  it('lists and drops indexes', async () => {
    const c = coll('idx4');
    const name = await c.createIndex({ t: 1, n: -1 });
    expect(name).toBe('t_1_n_-1');
    const names = (await c.listIndexes().toArray()).map((i) => i.name);
    expect(names).toEqual(['_id_', 't_1_n_-1']);
    await c.dropIndex('t_1_n_-1');
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
    expect((await serverError(c.dropIndex('nope'))).code).toBe(27);
  });

  it('expires documents through TTL indexes (partial ones too); collMod changes the expiry', async () => {
    const c = coll('ttl');
    await c.createIndex({ at: 1 }, { expireAfterSeconds: 0 });
    const p = coll('ttlp');
    await p.createIndex(
      { at: 1 },
      { expireAfterSeconds: 0, partialFilterExpression: { kind: 'session' } },
    );
    const m = coll('ttlm');
    await m.createIndex({ at: 1 }, { expireAfterSeconds: 3600 });
    const past = new Date(Date.now() - 60_000);
    await c.insertMany([
      { at: past },
      { at: new Date(Date.now() + 3600_000) },
      { at: 'not a date' },
    ]);
    await p.insertMany([
      { kind: 'session', at: past },
      { kind: 'order', at: past },
    ]);
    await m.insertOne({ at: past });

    const byKey = await t.db.command({
      collMod: 'ttlm',
      index: { keyPattern: { at: 1 }, expireAfterSeconds: 3000 },
    });
    expect(byKey).toMatchObject({
      expireAfterSeconds_old: 3600,
      expireAfterSeconds_new: 3000,
      ok: 1,
    });
    const byName = await t.db.command({
      collMod: 'ttlm',
      index: { name: 'at_1', expireAfterSeconds: 10 },
    });
    expect(byName).toMatchObject({ expireAfterSeconds_old: 3000, expireAfterSeconds_new: 10 });
    const missing = await serverError(
      t.db.command({ collMod: 'ttlm', index: { name: 'nope_1', expireAfterSeconds: 1 } }),
    );
    expect(missing.code).toBe(27);

    const index = async (x: typeof c) =>
      (await x.listIndexes().toArray()).find((i) => i.name === 'at_1');
    expect(await index(c)).toMatchObject({ key: { at: 1 }, expireAfterSeconds: 0 });
    expect(await index(p)).toMatchObject({
      expireAfterSeconds: 0,
      partialFilterExpression: { kind: 'session' },
    });
    expect((await index(m))?.expireAfterSeconds).toBe(10);

    // MongoDB's own TTL monitor runs every 60 s: against it the test stops at the options above.
    if (t.target.external) return;
    const deadline = Date.now() + 5000;
    const counts = async () =>
      [await c.countDocuments(), await p.countDocuments(), await m.countDocuments()].join();
    while ((await counts()) !== '2,1,0' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await counts()).toBe('2,1,0');
    expect((await p.findOne({}))?.kind).toBe('order');
  });
});

describe('collections and databases', () => {
  it('creates, lists and drops collections and databases', async () => {
    const other = t.client.db(`${t.target.dbName}_other`);
    await other.createCollection('alpha');
    // MongoDB 7.0+: the same options again succeed; different options answer NamespaceExists (48).
    await other.createCollection('alpha');
    const differing = await serverError(
      other.createCollection('alpha', { validator: { x: { $exists: true } } }),
    );
    expect(differing.code).toBe(48);
    expect(differing.codeName).toBe('NamespaceExists');
    await other.collection('beta').insertOne({ x: 1 });
    const names = (await other.listCollections().toArray()).map((c) => c.name).sort();
    expect(names).toEqual(['alpha', 'beta']);
    const dbs = (await t.client.db().admin().listDatabases()).databases.map((d) => d.name);
    expect(dbs).toContain(`${t.target.dbName}_other`);
    expect(await other.collection('alpha').drop()).toBe(true);
    await other.dropDatabase();
    expect(await other.listCollections().toArray()).toEqual([]);
  });

  it('answers ping and buildInfo', async () => {
    expect((await t.db.command({ ping: 1 })).ok).toBe(1);
    const info = await t.db.admin().buildInfo();
    expect(typeof info.version).toBe('string');
  });
});
