import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import { DirectAccess, Txn } from './access';
import { Storage } from './storage';
import { MongoServerError } from '../errors';
import { startEmbeddedMongo } from '../server';

function setup() {
  const s = Storage.open();
  const coll = s.createCollection('db', 'users', {}, null);
  s.createIndex(coll, { v: 2, key: { email: 1 }, name: 'email_1', unique: true }, null);
  const a = new DirectAccess(s);
  a.insert(coll, { _id: 1, email: 'a' });
  a.insert(coll, { _id: 2, email: 'b' });
  a.insert(coll, { _id: 3, email: 'c' });
  return { s, coll, a };
}

const emails = (coll: ReturnType<typeof setup>['coll']) =>
  [...coll.docs.values()].map((d) => `${d._id}:${d.email}`);

describe('transactions in storage', () => {
  it('commits in place, keeping natural order, and allows swapping unique values', () => {
    const { s, coll } = setup();
    const t = new Txn(s, 1);
    t.replace(coll, { _id: 1, email: 'tmp' });
    t.replace(coll, { _id: 2, email: 'a' });
    t.replace(coll, { _id: 1, email: 'b' });
    t.remove(coll, 'n3');
    t.insert(coll, { _id: 4, email: 'c' });
    expect(emails(coll)).toEqual(['1:a', '2:b', '3:c']);
    const ops = t.commit();
    expect(emails(coll)).toEqual(['1:b', '2:a', '4:c']);
    expect(ops.map((o) => o.o).sort()).toEqual(['d', 'p', 'p', 'p']);
    expect(() => new DirectAccess(s).insert(coll, { _id: 9, email: 'a' })).toThrow(
      MongoServerError,
    );
  });

  it('fails with WriteConflict when another writer changed the same document', () => {
    const { s, coll, a } = setup();
    const t = new Txn(s, 1);
    t.replace(coll, { _id: 1, email: 'x' });
    a.replace(coll, { _id: 1, email: 'y' });
    expect(() => t.commit()).toThrow(expect.objectContaining({ code: 112 }));
    expect(emails(coll)).toEqual(['1:y', '2:b', '3:c']);
  });

  it('rolls back completely when a unique value was taken meanwhile', () => {
    const { s, coll, a } = setup();
    const t = new Txn(s, 1);
    t.replace(coll, { _id: 2, email: 'z' });
    t.insert(coll, { _id: 5, email: 'q' });
    a.insert(coll, { _id: 6, email: 'q' });
    expect(() => t.commit()).toThrow(expect.objectContaining({ code: 11000 }));
    expect(emails(coll)).toEqual(['1:a', '2:b', '3:c', '6:q']);
    // Indexes are intact after the rollback.
    expect(() => new DirectAccess(s).insert(coll, { _id: 7, email: 'b' })).toThrow(
      MongoServerError,
    );
    new DirectAccess(s).insert(coll, { _id: 8, email: 'z' });
  });

  it('hides uncommitted writes from direct readers and shows them inside', () => {
    const { s, coll, a } = setup();
    const t = new Txn(s, 1);
    t.insert(coll, { _id: 10, email: 'new' });
    t.remove(coll, 'n1');
    expect(a.get(coll, 'n10')).toBeUndefined();
    expect(a.get(coll, 'n1')).toBeDefined();
    expect(t.get(coll, 'n10')).toBeDefined();
    expect(t.get(coll, 'n1')).toBeUndefined();
    expect(t.count(coll)).toBe(3);
    expect([...t.scan(coll, null)].map((d) => d._id).sort()).toEqual([10, 2, 3].sort());
  });

  it('keeps its snapshot while others write, and forgets it when it ends', () => {
    const { s, coll, a } = setup();
    const t = new Txn(s, 1);
    a.replace(coll, { _id: 1, email: 'changed' });
    a.remove(coll, 'n2');
    a.insert(coll, { _id: 4, email: 'd' });
    expect(t.get(coll, 'n1')).toEqual({ _id: 1, email: 'a' });
    expect(t.get(coll, 'n2')).toEqual({ _id: 2, email: 'b' });
    expect(t.get(coll, 'n4')).toBeUndefined();
    expect([...t.scan(coll, null)].map((d) => d.email).sort()).toEqual(['a', 'b', 'c']);
    expect([...t.scan(coll, new Set(['n1']))].map((d) => d.email)).toContain('a');
    expect(t.count(coll)).toBe(3);
    expect(s.activeTxns.has(t)).toBe(true);
    t.end('aborted');
    expect(s.activeTxns.has(t)).toBe(false);
  });

  it('prunes change records of deleted documents only when no transaction is open', () => {
    const { s, coll, a } = setup();
    a.remove(coll, 'n3');
    const t = new Txn(s, 1);
    s.pruneModSeq();
    expect(coll.modSeq.has('n3')).toBe(true);
    t.end('aborted');
    s.pruneModSeq();
    expect(coll.modSeq.has('n3')).toBe(false);
    expect(coll.modSeq.has('n1')).toBe(true);
  });

  it('a failed commit restores change sequences and captures, so others see no false write conflict', () => {
    const { s, coll, a } = setup();
    const other = new Txn(s, 2);
    const t = new Txn(s, 1);
    t.replace(coll, { _id: 1, email: 'x' });
    t.insert(coll, { _id: 5, email: 'q' });
    a.insert(coll, { _id: 6, email: 'q' });
    const seqBefore = coll.modSeq.get('n1');
    expect(() => t.commit()).toThrow(expect.objectContaining({ code: 11000 }));
    expect(coll.modSeq.get('n1')).toBe(seqBefore);
    // The other transaction still reads the live document and may change it.
    other.replace(coll, { _id: 1, email: 'y' });
    expect(() => other.commit()).not.toThrow();
    expect(coll.docs.get('n1')).toEqual({ _id: 1, email: 'y' });
  });

  it('a collection created in a failed commit is not left behind', () => {
    const { s, coll, a } = setup();
    const t = new Txn(s, 1);
    const fresh = t.createCollection('db', 'fresh', {});
    t.insert(fresh, { _id: 1 });
    t.insert(coll, { _id: 5, email: 'q' });
    a.insert(coll, { _id: 6, email: 'q' });
    expect(() => t.commit()).toThrow(expect.objectContaining({ code: 11000 }));
    expect(s.getCollection('db', 'fresh')).toBeUndefined();
  });
});

describe('transactions through the server', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'em-txn-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('collections created inside an aborted transaction exist neither afterwards nor after a restart', async () => {
    let server = await startEmbeddedMongo({ dataDir: dir });
    let client = new MongoClient(server.uri);
    try {
      const db = client.db('shop');
      await db.collection('kept').insertOne({ _id: 1 } as never);
      const session = client.startSession();
      session.startTransaction();
      await db.collection('implicit').insertOne({ _id: 1 } as never, { session });
      await db.createCollection('explicit', { session });
      await db.collection('indexed').createIndex({ k: 1 }, { session });
      const inside = (await db.listCollections({}, { session, nameOnly: true }).toArray())
        .map((c) => c.name)
        .sort();
      expect(inside).toEqual(['explicit', 'implicit', 'indexed', 'kept']);
      const outside = (await db.listCollections({}, { nameOnly: true }).toArray()).map(
        (c) => c.name,
      );
      expect(outside).toEqual(['kept']);
      await session.abortTransaction();
      await session.endSession();
      expect((await db.listCollections().toArray()).map((c) => c.name)).toEqual(['kept']);
    } finally {
      await client.close();
      await server.stop();
    }
    server = await startEmbeddedMongo({ dataDir: dir });
    client = new MongoClient(server.uri);
    try {
      const names = (await client.db('shop').listCollections().toArray()).map((c) => c.name);
      expect(names).toEqual(['kept']);
    } finally {
      await client.close();
      await server.stop();
    }
  });

  it('a committed transaction makes its new collection, index and documents durable', async () => {
    let server = await startEmbeddedMongo({ dataDir: dir });
    let client = new MongoClient(server.uri);
    try {
      const db = client.db('shop');
      const session = client.startSession();
      await session.withTransaction(async () => {
        await db.collection('fresh').createIndex({ k: 1 }, { unique: true, session });
        await db.collection('fresh').insertOne({ _id: 1, k: 'a' } as never, { session });
      });
      await session.endSession();
    } finally {
      await client.close();
      await server.stop();
    }
    server = await startEmbeddedMongo({ dataDir: dir });
    client = new MongoClient(server.uri);
    try {
      const c = client.db('shop').collection('fresh');
      expect(await c.find().toArray()).toEqual([{ _id: 1, k: 'a' }]);
      expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'k_1']);
      await expect(c.insertOne({ k: 'a' })).rejects.toMatchObject({ code: 11000 });
    } finally {
      await client.close();
      await server.stop();
    }
  });
});
