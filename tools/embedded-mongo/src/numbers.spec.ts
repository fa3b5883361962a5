import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  Binary,
  Code,
  Decimal128,
  Document,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  deserialize,
  serialize,
} from 'bson';
import { MongoClient } from 'mongodb';
import { decodeDocument, hasTypedNumbers } from './numbers';
import { startEmbeddedMongo } from './server';

/** What the scan must answer: whether a full typed decoding finds a Long or a whole Double. */
export function typedByDecoding(bytes: Uint8Array, skipTop: boolean): boolean {
  const find = (v: unknown, top: boolean): boolean => {
    if (v instanceof Long && v._bsontype === 'Long') return !top;
    if (v instanceof Double)
      return !top && Number.isInteger(v.value) && Math.abs(v.value) < 2 ** 31;
    if (typeof v !== 'object' || v === null) return false;
    if ((v as { _bsontype?: string })._bsontype !== undefined) return false;
    return Object.values(v).some((x) => find(x, false));
  };
  const doc = deserialize(bytes, { promoteValues: false });
  return Object.values(doc).some((x) => find(x, skipTop));
}

function randomValue(depth: number, rnd: () => number): unknown {
  const pick = Math.floor(rnd() * 16);
  switch (pick) {
    case 0:
      return rnd() < 0.5 ? 3 : 2.5;
    case 1:
      return new Double(rnd() < 0.5 ? 4 : 4.25);
    case 2:
      return Long.fromNumber(Math.floor(rnd() * 1000));
    case 3:
      return 'טקסט ' + 'x'.repeat(Math.floor(rnd() * 5));
    case 4:
      return new ObjectId();
    case 5:
      return new Date(1_700_000_000_000);
    case 6:
      return new Binary(Buffer.from([1, 2, 3]), rnd() < 0.5 ? 0 : 4);
    case 7:
      return Decimal128.fromString('1.5');
    case 8:
      return null;
    case 9:
      return rnd() < 0.5;
    case 10:
      return /a.c/i;
    case 11:
      return new Timestamp({ t: 1, i: 2 });
    case 12:
      return rnd() < 0.5 ? new MinKey() : new MaxKey();
    case 13:
      return new Code('x');
    case 14:
      return depth > 3 ? 1 : [randomValue(depth + 1, rnd), randomValue(depth + 1, rnd)];
    default:
      return depth > 3 ? new Double(2.5) : randomDoc(depth + 1, rnd);
  }
}

export function randomDoc(depth: number, rnd: () => number): Document {
  const doc: Document = {};
  const n = 1 + Math.floor(rnd() * 4);
  for (let i = 0; i < n; i++) doc[`f${i}`] = randomValue(depth, rnd);
  return doc;
}

describe('BSON number types', () => {
  it('scans a document for int64 and whole doubles as a typed decoding finds them', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++) {
      const bytes = serialize(randomDoc(0, rnd));
      for (const skipTop of [false, true])
        expect([i, hasTypedNumbers(bytes, 0, skipTop)]).toEqual([
          i,
          typedByDecoding(bytes, skipTop),
        ]);
    }
  });

  it('decodes a command with its own fields as numbers and the values inside it with their types', () => {
    const bytes = serialize({
      insert: 'c',
      txnNumber: Long.fromNumber(3),
      documents: [{ _id: 1, n: Long.fromNumber(5), d: new Double(2), i: new Int32(1), f: 1.5 }],
    });
    const cmd = decodeDocument(bytes, true);
    expect(cmd.txnNumber).toBe(3);
    const [doc] = cmd.documents as Document[];
    expect(doc?.n).toBeInstanceOf(Long);
    expect(doc?.d).toBeInstanceOf(Double);
    expect(doc?.i).toBe(1);
    expect(doc?.f).toBe(1.5);
    // Nothing typed inside: the ordinary decoding (plain numbers everywhere).
    expect(decodeDocument(serialize({ find: 'c', filter: { n: 5 }, limit: 1 }), true)).toEqual({
      find: 'c',
      filter: { n: 5 },
      limit: 1,
    });
  });

  it('keeps int64 and whole doubles through the journal and a restart', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-numbers-'));
    try {
      const first = await startEmbeddedMongo({ port: 0, dataDir });
      const c1 = new MongoClient(first.uri);
      await c1
        .db('n')
        .collection<{ _id: number; l: Long; d: Double }>('c')
        .insertOne({ _id: 1, l: Long.fromNumber(9), d: new Double(9) });
      await c1.close();
      await first.stop();
      const second = await startEmbeddedMongo({ port: 0, dataDir });
      const c2 = new MongoClient(second.uri);
      const coll = c2.db('n').collection('c');
      expect(await coll.countDocuments({ l: { $type: 'long' }, d: { $type: 'double' } })).toBe(1);
      await c2.close();
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
