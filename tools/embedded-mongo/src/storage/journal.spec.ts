import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Journal, JournalOp, encodeRecord } from './journal';
import { Storage } from './storage';
import { DirectAccess } from './access';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const put = (id: number): JournalOp[] => [{ o: 'p', ns: 'db.c', d: { _id: id, v: `value-${id}` } }];

describe('journal', () => {
  it('replays complete records and truncates a torn tail', () => {
    const file = path.join(dir, 'j');
    const full = Buffer.concat([encodeRecord(put(1)), encodeRecord(put(2))]);
    const third = encodeRecord(put(3));
    writeFileSync(file, Buffer.concat([full, third.subarray(0, third.length - 5)]));
    const seen: unknown[] = [];
    Journal.replay(file, (ops) => ops.forEach((o) => seen.push(o.o === 'p' ? o.d._id : null)));
    expect(seen).toEqual([1, 2]);
    expect(statSync(file).size).toBe(full.length);
  });

  it('stops at a record whose checksum does not match', () => {
    const file = path.join(dir, 'j');
    const a = encodeRecord(put(1));
    const b = encodeRecord(put(2));
    b[b.length - 3] = (b[b.length - 3] ?? 0) ^ 0xff;
    writeFileSync(file, Buffer.concat([a, b, encodeRecord(put(3))]));
    const seen: unknown[] = [];
    Journal.replay(file, (ops) => ops.forEach((o) => seen.push(o.o === 'p' ? o.d._id : null)));
    expect(seen).toEqual([1]);
    expect(readFileSync(file).length).toBe(a.length);
  });

  it('group-commits concurrent appends and survives reopen with compaction', async () => {
    const s = Storage.open(dir);
    const coll = s.createCollection('db', 'c', {}, null);
    await s.commit([{ o: 'cc', ns: 'db.c', opts: {} }]);
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      const a = new DirectAccess(s);
      a.insert(coll, { _id: i, n: i });
      writes.push(s.commit(a.ops));
    }
    const upd = new DirectAccess(s);
    upd.replace(coll, { _id: 5, n: 'five' });
    upd.remove(coll, 'n6');
    writes.push(s.commit(upd.ops));
    await Promise.all(writes);
    await s.close();
    const sizeBefore = statSync(path.join(dir, 'journal.mej')).size;
    appendFileSync(path.join(dir, 'journal.mej'), Buffer.from([1, 2, 3]));
    const reopened = Storage.open(dir);
    const c2 = reopened.getCollection('db', 'c');
    expect(c2?.docs.size).toBe(199);
    expect(c2?.docs.get('n5')).toEqual({ _id: 5, n: 'five' });
    expect(statSync(path.join(dir, 'journal.mej')).size).toBeLessThanOrEqual(sizeBefore);
    await reopened.close();
  });

  it('refuses a data directory locked by another live process and takes over a stale lock', async () => {
    writeFileSync(path.join(dir, 'embedded-mongo.lock'), String(process.ppid));
    expect(() => Storage.open(dir)).toThrow(/in use by process/);
    writeFileSync(path.join(dir, 'embedded-mongo.lock'), '999999999');
    const s = Storage.open(dir);
    await s.close();
  });

  it('replays collMod changes (TTL expiry, validator) after a restart', async () => {
    const s = Storage.open(dir);
    const ops: JournalOp[] = [];
    const coll = s.createCollection('db', 'sessions', {}, ops);
    s.createIndex(coll, { v: 2, key: { at: 1 }, name: 'at_1', expireAfterSeconds: 3600 }, ops);
    await s.commit(ops.splice(0));
    s.modifyIndex(coll, 'at_1', { expireAfterSeconds: 60 }, ops);
    s.modifyCollection(coll, { validator: { at: { $type: 'date' } } }, ops);
    await s.commit(ops.splice(0));
    await s.close();
    const reopened = Storage.open(dir);
    const again = reopened.getCollection('db', 'sessions');
    expect(again?.indexes.get('at_1')?.spec.expireAfterSeconds).toBe(60);
    expect(again?.options).toEqual({ validator: { at: { $type: 'date' } } });
    await reopened.close();
  });
});
