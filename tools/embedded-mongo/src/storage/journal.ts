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
import { Document, serialize } from 'bson';
import { decodeDocument } from '../numbers';
import { crc32c } from '../wire/crc32c';

/** A journal operation; one record holds the operations of one acknowledged write, applied all or nothing. */
export type JournalOp =
  | { o: 'p'; ns: string; d: Document }
  | { o: 'd'; ns: string; id: unknown }
  | { o: 'cc'; ns: string; opts: Document; uuid?: unknown }
  | { o: 'cm'; ns: string; opts: Document }
  | { o: 'dc'; ns: string }
  | { o: 'dd'; db: string }
  | { o: 'ci'; ns: string; spec: Document }
  | { o: 'di'; ns: string; name: string };

/** Makes the bytes written to `fd` durable (default: fdatasync). Injectable so tests can observe or delay it. */
export type SyncFn = (fd: number) => Promise<void>;

export interface JournalOptions {
  sync?: SyncFn;
}

const MAGIC = 0x4d454a31; // "MEJ1"
const HEADER = 12; // magic, payload length, crc32c

export function encodeRecord(ops: JournalOp[]): Buffer {
  const parts = ops.map((op) => serialize(op as Document));
  let len = 0;
  for (const p of parts) len += p.length;
  // One buffer for header and payload (no intermediate copies).
  const out = Buffer.allocUnsafe(HEADER + len);
  let off = HEADER;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  out.writeUInt32LE(MAGIC, 0);
  out.writeUInt32LE(len, 4);
  out.writeUInt32LE(crc32c(out, HEADER, HEADER + len), 8);
  return out;
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
        ops.push(decodeDocument(buf.subarray(p, p + size), true) as JournalOp);
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
  /** Batches being written/synced at once; later batches' fdatasync also covers earlier bytes. */
  private static readonly MAX_IN_FLIGHT = 8;
  private fd: number;
  private pending: Buffer[] = [];
  private waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;
  private writeChain: Promise<void> = Promise.resolve();
  private idleWaiters: (() => void)[] = [];
  private failed: Error | null = null;
  private closed = false;
  size = 0;
  private readonly sync: SyncFn;

  constructor(
    readonly file: string,
    readonly options: JournalOptions = {},
  ) {
    this.sync = options.sync ?? fdatasyncAsync;
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

  /** Atomically replaces `file` with the given records (compaction). */
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

  /** Appends one record; resolves once it is on disk (fdatasync). */
  append(ops: JournalOp[]): Promise<void> {
    if (!ops.length) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error('journal closed'));
    if (this.failed) return Promise.reject(this.failed);
    this.pending.push(encodeRecord(ops));
    const p = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.schedule();
    return p;
  }

  private schedule(): void {
    if (this.scheduled || !this.pending.length || this.inFlight >= Journal.MAX_IN_FLIGHT) return;
    this.scheduled = true;
    // Everything appended during this turn of the event loop goes into one batch (group commit).
    setImmediate(() => {
      this.scheduled = false;
      this.startBatch();
    });
  }

  private startBatch(): void {
    if (!this.pending.length || this.inFlight >= Journal.MAX_IN_FLIGHT) return;
    const data = Buffer.concat(this.pending);
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    this.inFlight++;
    // Writes are strictly sequential so the file stays in append order; syncs may overlap.
    const written = this.writeChain.then(() => this.writeAll(data));
    this.writeChain = written.catch(() => undefined);
    written
      .then(() => this.sync(this.fd))
      .then(
        () => {
          this.size += data.length;
          for (const w of waiters) w.resolve();
        },
        (e: Error) => {
          // After a failed write the tail may hold garbage: refuse everything after it.
          this.failed ??= e;
          for (const w of waiters) w.reject(e);
        },
      )
      .finally(() => {
        this.inFlight--;
        this.schedule();
        if (!this.busy) for (const f of this.idleWaiters.splice(0)) f();
      });
  }

  private async writeAll(data: Buffer): Promise<void> {
    if (this.failed) throw this.failed;
    let off = 0;
    while (off < data.length) {
      const { bytesWritten } = await writeAsync(this.fd, data, off);
      off += bytesWritten;
    }
  }

  /** Resolves when every appended record is durable. */
  flush(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  get busy(): boolean {
    return this.inFlight > 0 || this.pending.length > 0 || this.scheduled;
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
