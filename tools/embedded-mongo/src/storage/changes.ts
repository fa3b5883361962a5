import { randomBytes } from 'node:crypto';
import { Document, Timestamp } from 'bson';

/** What a change event reports (MongoDB's `operationType`). */
export type ChangeKind = 'insert' | 'update' | 'replace' | 'delete' | 'drop' | 'dropDatabase';

/** One recorded change: enough to build MongoDB's change event when a change stream reads it. */
export interface ChangeRecord {
  /** Position in the log (resume tokens name it). */
  seq: number;
  kind: ChangeKind;
  db: string;
  coll: string;
  /** The document's `_id` (none for drop/dropDatabase). */
  id?: unknown;
  /** The document after the change (insert, update, replace). Stored documents are never edited in place. */
  doc?: Document;
  /** The document before the change (update, replace, delete). */
  old?: Document;
  wallTime: Date;
  clusterTime: Timestamp;
  txnNumber?: number;
}

/** Events kept for resuming; older ones are forgotten (a resume before them answers 286). */
const KEEP = 50_000;

/**
 * The server's change log: what change streams read. Nothing is recorded until the first change
 * stream opens (so the write path pays one property read while nobody watches); from then on every
 * insert, update, replace and delete, in commit order. Events become visible to change streams once
 * the command that made them has been journaled (`publish`).
 */
export class ChangeLog {
  /** Changes are recorded once somebody has opened a change stream. */
  enabled = false;
  /** Distinguishes this server run: tokens from an earlier run cannot be resumed. */
  readonly epoch = randomBytes(4).toString('hex');
  private readonly records: ChangeRecord[] = [];
  private lastSeq = 0;
  /** The last seq change streams may read (recorded changes that have been journaled). */
  private visibleSeq = 0;
  private lastTime = new Timestamp({ t: 0, i: 0 });
  private readonly waiters = new Set<() => void>();

  record(change: Omit<ChangeRecord, 'seq' | 'wallTime' | 'clusterTime'>): void {
    if (!this.enabled) return;
    const seq = ++this.lastSeq;
    const now = new Date();
    const secs = Math.floor(now.getTime() / 1000);
    const last = this.lastTime;
    // Cluster times only move forward, also when the wall clock steps back.
    this.lastTime =
      secs > last.t
        ? new Timestamp({ t: secs, i: 1 })
        : new Timestamp({ t: last.t, i: last.i + 1 });
    this.records.push({ ...change, seq, wallTime: now, clusterTime: this.lastTime });
    if (this.records.length > KEEP * 1.2) this.records.splice(0, this.records.length - KEEP);
  }

  /** Makes what was recorded so far readable and wakes the change streams waiting for it. */
  publish(): void {
    if (this.visibleSeq === this.lastSeq) return;
    this.visibleSeq = this.lastSeq;
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake();
  }

  /** The newest readable position. */
  get head(): number {
    return this.visibleSeq;
  }

  /** The cluster time of the newest change (or now, when there is none yet). */
  get clusterTime(): Timestamp {
    return this.lastTime.t
      ? this.lastTime
      : new Timestamp({ t: Math.floor(Date.now() / 1000), i: 0 });
  }

  /** Whether changes after `seq` are all still kept. */
  covers(seq: number): boolean {
    const first = this.records[0];
    return seq >= this.visibleSeq || !first || first.seq <= seq + 1;
  }

  /** The readable changes after `seq`, oldest first. */
  *after(seq: number): Iterable<ChangeRecord> {
    const first = this.records[0];
    if (!first) return;
    for (let i = Math.max(0, seq + 1 - first.seq); i < this.records.length; i++) {
      const r = this.records[i];
      if (!r || r.seq > this.visibleSeq) return;
      yield r;
    }
  }

  /** The position just before the first readable change at or after `time`. */
  seqAtOrAfter(time: Timestamp): number {
    for (const r of this.records) if (r.clusterTime.compare(time) >= 0) return r.seq - 1;
    return this.visibleSeq;
  }

  /** Resolves on the next `publish`, or after `ms`. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.waiters.add(wake);
    });
  }

  /** Wakes every waiting change stream (server stopping). */
  close(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake();
  }
}
