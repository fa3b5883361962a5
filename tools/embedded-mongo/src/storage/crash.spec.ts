import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  MongoBulkWriteError,
  MongoClient,
  MongoNetworkError,
  MongoServerSelectionError,
} from 'mongodb';
import { killHard, spawnServer, stopGracefully } from '../test-support/child';

// Crash test: SIGKILL the server repeatedly during concurrent writes; every acknowledged
// write must survive, transactions must be all-or-nothing, and the journal must replay cleanly.
jest.setTimeout(60000);

interface Doc {
  _id: string;
  u: string;
  round: number;
  payload?: string;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const acked = new Set<string>();
/** Errors a writer met that are not the connection dropping after the kill: the test fails on any. */
const unexpected: string[] = [];
const txnPairs: string[] = [];
const ackedPairs = new Set<string>();

/** Writes each round acknowledges at least before its kill (4 rounds: over the 50 checked). */
const MIN_ACKED_PER_ROUND = 15;

async function writeUntilKilled(
  uri: string,
  round: number,
  runMs: number,
  kill: () => Promise<void>,
): Promise<void> {
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: 3000,
    retryWrites: false,
    maxPoolSize: 20,
  });
  await client.connect();
  const coll = client.db('crash').collection<Doc>('docs');
  if (round === 0) await coll.createIndex({ u: 1 }, { unique: true });
  let stop = false;
  let killing = false;
  const writer = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const id = `${round}-${w}-${i}`;
      try {
        if (w === 0 && i % 3 === 0) {
          txnPairs.push(id);
          const session = client.startSession();
          try {
            session.startTransaction();
            await coll.insertOne({ _id: `${id}-a`, u: `${id}-a`, round }, { session });
            await coll.insertOne({ _id: `${id}-b`, u: `${id}-b`, round }, { session });
            await session.commitTransaction();
            ackedPairs.add(id);
          } finally {
            await session.endSession().catch(() => undefined);
          }
        } else if (w === 1 && i % 2 === 0) {
          await coll.insertMany([
            { _id: `${id}-m1`, u: `${id}-m1`, round },
            { _id: `${id}-m2`, u: `${id}-m2`, round, payload: 'x'.repeat(2000) },
          ]);
          acked.add(`${id}-m1`);
          acked.add(`${id}-m2`);
        } else {
          await coll.insertOne({ _id: id, u: id, round, payload: 'p'.repeat(i % 500) });
          acked.add(id);
        }
      } catch (e) {
        // Only the server going away (after the kill started) may end a writer; anything else —
        // a server error, a driver error before the kill — is a failure of the test.
        const gone =
          e instanceof MongoNetworkError ||
          e instanceof MongoServerSelectionError ||
          // insertMany wraps the network error: no server code, no write errors.
          (e instanceof MongoBulkWriteError &&
            e.code === undefined &&
            ![e.writeErrors].flat().length);
        if (!(killing && gone)) unexpected.push(`writer ${w}, ${id}: ${String(e)}`);
        return;
      }
    }
  };
  const ackedBefore = acked.size;
  let writing = 6;
  const writers = Array.from({ length: 6 }, (_, w) => writer(w).finally(() => (writing -= 1)));
  await new Promise((r) => setTimeout(r, runMs));
  // Counted as well as timed: a busy machine may acknowledge few writes in `runMs` (the wire fuzz
  // sent 30 frames in 3 s in a CI run, against ~900 alone), and the kill must land among writes.
  while (acked.size - ackedBefore < MIN_ACKED_PER_ROUND && writing > 0) {
    await new Promise((r) => setTimeout(r, 20));
  }
  killing = true;
  await kill();
  stop = true;
  await Promise.all(writers);
  await client.close(true).catch(() => undefined);
}

async function verify(uri: string): Promise<number> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 3000 });
  await client.connect();
  try {
    const coll = client.db('crash').collection<Doc>('docs');
    const ids = new Set(
      (await coll.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id),
    );
    const missing = [...acked].filter((id) => !ids.has(id));
    expect(missing).toEqual([]);
    for (const p of txnPairs) {
      const a = ids.has(`${p}-a`);
      const b = ids.has(`${p}-b`);
      expect(`${p}:${a}`).toBe(`${p}:${b}`);
      if (ackedPairs.has(p)) expect(a).toBe(true);
    }
    const indexes = (await coll.listIndexes().toArray()).map((i) => i.name);
    expect(indexes).toContain('u_1');
    const someId = [...acked][0];
    if (someId) {
      await expect(
        coll.insertOne({ _id: `dup-${Date.now()}`, u: someId, round: -1 }),
      ).rejects.toMatchObject({ code: 11000 });
    }
    return ids.size;
  } finally {
    await client.close();
  }
}

it('keeps every acknowledged write across repeated SIGKILLs and torn journal tails', async () => {
  const rounds = 4;
  for (let round = 0; round < rounds; round++) {
    const srv = await spawnServer(['--port', '0', '--dbpath', dir]);
    if (round > 0) await verify(srv.uri);
    await writeUntilKilled(srv.uri, round, 300 + round * 100, () => killHard(srv.proc));
    if (round % 2 === 1) {
      // Simulate a write torn mid-record: a header promising more bytes than were written.
      const torn = Buffer.alloc(40, 7);
      torn.writeUInt32LE(0x4d454a31, 0);
      torn.writeUInt32LE(1000, 4);
      appendFileSync(path.join(dir, 'journal.mej'), torn);
    }
  }
  expect(unexpected).toEqual([]);
  expect(acked.size).toBeGreaterThan(50);
  const final = await spawnServer(['--port', '0', '--dbpath', dir]);
  const count = await verify(final.uri);
  expect(count).toBeGreaterThanOrEqual(acked.size);
  expect(await stopGracefully(final.proc, 'SIGTERM')).toBe(0);
  // A clean restart after a graceful stop sees the same data.
  const again = await spawnServer(['--port', '0', '--dbpath', dir]);
  expect(await verify(again.uri)).toBe(count);
  expect(await stopGracefully(again.proc, 'SIGINT')).toBe(0);
});
