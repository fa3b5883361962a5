import { Document, Long, calculateObjectSize } from 'bson';
import { MongoServerError } from './errors';
import { at } from './at';

const DEFAULT_FIRST_BATCH = 101;
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 16 * 1024;
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

interface OpenCursor {
  id: Long;
  ns: string;
  docs: Document[];
  pos: number;
  lastUse: number;
}

/** A cursor whose results are produced as it is read (a change stream): getMore may wait for data. */
export interface LiveCursor {
  ns: string;
  lastUse: number;
  getMore(batchSize: number | undefined, maxTimeMS: number | undefined): Promise<Document>;
}

/** Server-side cursors: the remainder of a result set, handed out in batches by getMore. */
export class CursorManager {
  private readonly cursors = new Map<string, OpenCursor>();
  private readonly live = new Map<string, LiveCursor>();
  private counter = BigInt(Math.floor(Math.random() * 1e9) + 1) * 1000n;

  private take(c: OpenCursor, batchSize: number): Document[] {
    const out: Document[] = [];
    // A single document always goes out alone (findOne, point lookups): no need to measure it.
    if (c.docs.length - c.pos === 1 || batchSize === 1) {
      if (c.pos < c.docs.length) out.push(at(c.docs, c.pos++));
      return out;
    }
    let bytes = 0;
    while (c.pos < c.docs.length && (batchSize <= 0 || out.length < batchSize)) {
      const d = at(c.docs, c.pos);
      bytes += calculateObjectSize(d);
      if (out.length > 0 && bytes > MAX_BATCH_BYTES) break;
      out.push(d);
      c.pos++;
    }
    return out;
  }

  /** Returns the first batch and the cursor id (0 when exhausted). */
  open(ns: string, docs: Document[], batchSize: number | undefined, singleBatch = false): Document {
    const c: OpenCursor = { id: Long.ZERO, ns, docs, pos: 0, lastUse: Date.now() };
    const firstBatch = this.take(c, batchSize === undefined ? DEFAULT_FIRST_BATCH : batchSize);
    if (c.pos < docs.length && !singleBatch) {
      this.counter += 1n;
      c.id = Long.fromBigInt(this.counter);
      this.cursors.set(c.id.toString(), c);
    }
    return { firstBatch, id: c.id, ns };
  }

  getMore(id: Long | number, ns: string, batchSize: number | undefined): Document {
    const key = String(id);
    const c = this.cursors.get(key);
    if (!c) throw new MongoServerError(43, 'CursorNotFound', `cursor id ${key} not found`);
    if (c.ns !== ns) {
      throw new MongoServerError(
        13,
        'Unauthorized',
        `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${c.ns}`,
      );
    }
    c.lastUse = Date.now();
    const nextBatch = this.take(c, batchSize ?? 0);
    let outId: Long = c.id;
    if (c.pos >= c.docs.length) {
      this.cursors.delete(key);
      outId = Long.ZERO;
    }
    return { nextBatch, id: outId, ns };
  }

  /** Registers a live cursor; returns its id. */
  openLive(c: LiveCursor): Long {
    this.counter += 1n;
    const id = Long.fromBigInt(this.counter);
    this.live.set(id.toString(), c);
    return id;
  }

  /** The live cursor of that id, checked against the namespace as getMore does. */
  liveCursor(id: Long | number, ns: string): LiveCursor | undefined {
    const c = this.live.get(String(id));
    if (c && c.ns !== ns) {
      throw new MongoServerError(
        13,
        'Unauthorized',
        `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${c.ns}`,
      );
    }
    return c;
  }

  kill(id: Long | number): boolean {
    const key = String(id);
    return this.cursors.delete(key) || this.live.delete(key);
  }

  sweep(now = Date.now()): void {
    for (const [k, c] of this.cursors)
      if (now - c.lastUse > IDLE_TIMEOUT_MS) this.cursors.delete(k);
    for (const [k, c] of this.live) if (now - c.lastUse > IDLE_TIMEOUT_MS) this.live.delete(k);
  }

  get size(): number {
    return this.cursors.size + this.live.size;
  }
}
