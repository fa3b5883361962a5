import {
  closeSync,
  existsSync,
  fdatasync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  write,
  writeSync,
} from 'node:fs';
import * as path from 'node:path';
import { Document, deserialize, serialize } from 'bson';
import { crc32c } from '../wire/crc32c';

/** A journal operation; one record holds the operations of one acknowledged write, applied all or nothing. */
export type JournalOp =
  | { o: 'p'; ns: string; d: Document }
  | { o: 'd'; ns: string; id: unknown }
  | { o: 'cc'; ns: string; opts: Document; uuid?: unknown }
  | { o: 'dc'; ns: string }
  | { o: 'dd'; db: string }
  | { o: 'ci'; ns: string; spec: Document }
  | { o: 'di'; ns: string; name: string };

const MAGIC = 0x4d454a31; // "MEJ1"
const HEADER = 12; // magic, payload length, crc32c

export function encodeRecord(ops: JournalOp[]): Buffer {
  const parts = ops.map((op) => serialize(op as Document));
  const payload = Buffer.concat(parts);
  const header = Buffer.alloc(HEADER);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(payload.length, 4);
  header.writeUInt32LE(crc32c(payload), 8);
  return Buffer.concat([header, payload]);
}

/** Reads every intact record; returns the byte offset where the valid prefix ends. */
export function readRecords(buf: Buffer, onRecord: (ops: JournalOp[]) => void): number {
  let off = 0;
  while (off + HEADER <= buf.length) {
    if (buf.readUInt32LE(off) !== MAGIC) break;
    const len = buf.readUInt32LE(off + 4);
    const crc = buf.readUInt32LE(off + 8);
    const start = off + HEADER;
    if (start + len > buf.length) break;
    if (crc32c(buf, start, start + len) !== crc) break;
    const ops: JournalOp[] = [];
    let p = start;
    try {
      while (p < start + len) {
        const size = buf.readInt32LE(p);
        if (size < 5 || p + size > start + len) throw new Error('bad op');
        ops.push(deserialize(buf.subarray(p, p + size)) as JournalOp);
        p += size;
      }
    } catch {
      break;
    }
    onRecord(ops);
    off = start + len;
  }
  return off;
}

/**
 * Append-only journal with group commit: records appended in the same tick are written together
 * and made durable with one fdatasync before any of their writers is acknowledged.
 */
export class Journal {
  private fd: number;
  private pending: Buffer[] = [];
  private waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;
  size = 0;

  constructor(readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.fd = openSync(file, 'a');
    this.size = statSync(file).size;
  }

  /** Replays the journal at `file`, truncating a torn or corrupt tail. */
  static replay(file: string, onRecord: (ops: JournalOp[]) => void): void {
    if (!existsSync(file)) return;
    const buf = readFileSync(file);
    const valid = readRecords(buf, onRecord);
    if (valid < buf.length) {
      const fd = openSync(file, 'r+');
      ftruncateSync(fd, valid);
      fsyncSync(fd);
      closeSync(fd);
    }
  }

  /** Atomically replaces `file` with records produced by `write` (compaction). */
  static rewrite(file: string, records: Iterable<JournalOp[]>): void {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = file + '.compact';
    const fd = openSync(tmp, 'w');
    for (const ops of records) writeSync(fd, encodeRecord(ops));
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, file);
    const dirFd = openSync(path.dirname(file), 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  }

  append(ops: JournalOp[]): Promise<void> {
    if (!ops.length) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error('journal closed'));
    const rec = encodeRecord(ops);
    this.pending.push(rec);
    const p = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.flushing) this.flushing = this.flushLoop();
    return p;
  }

  private async flushLoop(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    while (this.pending.length) {
      const bufs = this.pending;
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      try {
        const data = Buffer.concat(bufs);
        let off = 0;
        while (off < data.length) {
          const { bytesWritten } = await writeAsync(this.fd, data, off);
          off += bytesWritten;
        }
        await fdatasyncAsync(this.fd);
        this.size += data.length;
        for (const w of waiters) w.resolve();
      } catch (e) {
        for (const w of waiters) w.reject(e as Error);
      }
    }
    this.flushing = null;
  }

  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  get busy(): boolean {
    return this.flushing !== null || this.pending.length > 0;
  }

  /** Closes immediately; only valid when not busy. */
  closeNow(): void {
    this.closed = true;
    closeSync(this.fd);
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    closeSync(this.fd);
  }
}

function writeAsync(fd: number, data: Buffer, off: number): Promise<{ bytesWritten: number }> {
  return new Promise((resolve, reject) =>
    write(fd, data, off, data.length - off, null, (err, bytesWritten) =>
      err ? reject(err) : resolve({ bytesWritten }),
    ),
  );
}

function fdatasyncAsync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fdatasync(fd, (err) => (err ? reject(err) : resolve())));
}
