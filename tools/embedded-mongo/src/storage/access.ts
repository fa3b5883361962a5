import type { Document } from 'bson';
import { writeConflict } from '../errors';
import { keyOf } from '../values';
import { Collection } from './collection';
import type { JournalOp } from './journal';
import type { Storage } from './storage';

/**
 * How a command reads and writes documents: directly against the store (collecting journal ops),
 * or through a transaction's private overlay that nobody else sees until commit.
 */
export interface Access {
  readonly storage: Storage;
  readonly ops: JournalOp[];
  readonly txn: Txn | null;
  get(coll: Collection, key: string): Document | undefined;
  /** Documents for the given candidate keys (null: all documents). */
  scan(coll: Collection, keys: Set<string> | null): Iterable<Document>;
  count(coll: Collection): number;
  insert(coll: Collection, doc: Document): void;
  /** Stores a new version of a document; `kind` is what a change stream reports (default `update`). */
  replace(coll: Collection, doc: Document, kind?: 'update' | 'replace'): void;
  remove(coll: Collection, key: string): void;
}

export class DirectAccess implements Access {
  readonly ops: JournalOp[] = [];
  readonly txn = null;

  constructor(readonly storage: Storage) {}

  get(coll: Collection, key: string): Document | undefined {
    return coll.docs.get(key);
  }

  *scan(coll: Collection, keys: Set<string> | null): Iterable<Document> {
    if (!keys) {
      yield* coll.docs.values();
      return;
    }
    for (const k of keys) {
      const d = coll.docs.get(k);
      if (d) yield d;
    }
  }

  count(coll: Collection): number {
    return coll.docs.size;
  }

  insert(coll: Collection, doc: Document): void {
    const key = keyOf(doc._id);
    coll.checkUnique(key, doc, true);
    coll.put(doc, this.storage.nextSeq());
    this.ops.push({ o: 'p', ns: coll.ns, d: doc });
    const changes = this.storage.changes;
    if (changes.enabled)
      changes.record({ kind: 'insert', db: coll.db, coll: coll.name, id: doc._id, doc });
  }

  replace(coll: Collection, doc: Document, kind: 'update' | 'replace' = 'update'): void {
    const key = keyOf(doc._id);
    coll.checkUnique(key, doc, false);
    const changes = this.storage.changes;
    const old = changes.enabled ? coll.docs.get(key) : undefined;
    coll.put(doc, this.storage.nextSeq());
    this.ops.push({ o: 'p', ns: coll.ns, d: doc });
    if (changes.enabled) {
      changes.record({
        kind: old ? kind : 'insert',
        db: coll.db,
        coll: coll.name,
        id: doc._id,
        doc,
        old,
      });
    }
  }

  remove(coll: Collection, key: string): void {
    const old = coll.remove(key, this.storage.nextSeq());
    if (!old) return;
    this.ops.push({ o: 'd', ns: coll.ns, id: old._id });
    const changes = this.storage.changes;
    if (changes.enabled)
      changes.record({ kind: 'delete', db: coll.db, coll: coll.name, id: old._id, old });
  }
}

/** A multi-document transaction: writes live in an overlay until commit applies them at once. */
export class Txn implements Access {
  readonly overlay = new Map<Collection, Map<string, Document | null>>();
  /** Snapshot: versions of documents as they were when the transaction started (null: absent). */
  private readonly pre = new Map<Collection, Map<string, Document | null>>();
  readonly ops: JournalOp[] = [];
  readonly txn = this;
  readonly startSeq: number;
  readonly startedAt = Date.now();
  state: 'active' | 'committed' | 'aborted' = 'active';
  /** Collections this transaction created (by namespace): invisible to others until commit. */
  readonly created = new Map<string, Collection>();
  /** Ids of cursors opened inside the transaction: killed when it ends (as MongoDB does). */
  readonly cursorIds = new Set<string>();
  /** Called once when the transaction commits or aborts. */
  onEnd: ((txn: Txn) => void) | null = null;
  /** Documents this transaction replaced whole (a change stream reports `replace`, not `update`). */
  private readonly replaced = new Set<string>();

  constructor(
    readonly storage: Storage,
    readonly txnNumber: number,
  ) {
    this.startSeq = storage.seq;
    storage.activeTxns.add(this);
  }

  /** Ends the transaction; it stops tracking its snapshot. */
  end(state: 'committed' | 'aborted'): void {
    this.state = state;
    this.storage.activeTxns.delete(this);
    this.pre.clear();
    if (state === 'aborted') this.created.clear();
    const onEnd = this.onEnd;
    this.onEnd = null;
    onEnd?.(this);
  }

  /** A collection created inside this transaction (not yet visible to anyone else). */
  createdCollection(db: string, name: string): Collection | undefined {
    return this.created.get(`${db}.${name}`);
  }

  /** Creates a collection privately; commit makes it (with its indexes) visible and durable. */
  createCollection(db: string, name: string, opts: Document): Collection {
    const coll = new Collection(db, name, opts);
    this.created.set(coll.ns, coll);
    return coll;
  }

  /** Records the pre-image of a document another writer is about to change; true when newly captured. */
  capture(coll: Collection, key: string, old: Document | undefined): boolean {
    let m = this.pre.get(coll);
    if (!m) this.pre.set(coll, (m = new Map()));
    if (m.has(key)) return false;
    m.set(key, old ?? null);
    return true;
  }

  /** Forgets a pre-image captured for a change that was rolled back. */
  uncapture(coll: Collection, key: string): void {
    this.pre.get(coll)?.delete(key);
  }

  private layer(coll: Collection): Map<string, Document | null> {
    let m = this.overlay.get(coll);
    if (!m) this.overlay.set(coll, (m = new Map()));
    return m;
  }

  /** The document as of the snapshot (ignoring this transaction's own writes). */
  private snapshotDoc(coll: Collection, key: string): Document | undefined {
    const p = this.pre.get(coll);
    if (p?.has(key)) return p.get(key) ?? undefined;
    return coll.docs.get(key);
  }

  get(coll: Collection, key: string): Document | undefined {
    const m = this.overlay.get(coll);
    if (m?.has(key)) return m.get(key) ?? undefined;
    return this.snapshotDoc(coll, key);
  }

  *scan(coll: Collection, keys: Set<string> | null): Iterable<Document> {
    const m = this.overlay.get(coll);
    const p = this.pre.get(coll);
    const hidden = (k: string) => (m?.has(k) ?? false) || (p?.has(k) ?? false);
    if (!keys) {
      for (const [k, d] of coll.docs) if (!hidden(k)) yield d;
    } else {
      for (const k of keys) {
        if (hidden(k)) continue;
        const d = coll.docs.get(k);
        if (d) yield d;
      }
    }
    // Snapshot versions are few; they are offered as candidates whatever the index said.
    if (p) for (const [k, d] of p) if (d && !m?.has(k)) yield d;
    if (m) for (const d of m.values()) if (d) yield d;
  }

  count(coll: Collection): number {
    let n = coll.docs.size;
    const p = this.pre.get(coll);
    if (p) for (const [k, d] of p) n += (d ? 1 : 0) - (coll.docs.has(k) ? 1 : 0);
    const m = this.overlay.get(coll);
    if (m) for (const [k, d] of m) n += (d ? 1 : 0) - (this.snapshotDoc(coll, k) ? 1 : 0);
    return n;
  }

  private checkUnique(coll: Collection, key: string, doc: Document, isNew: boolean): void {
    const m = this.overlay.get(coll);
    if (isNew && m?.get(key)) throw coll.dupError('_id_', { _id: 1 }, { _id: doc._id });
    coll.checkUnique(key, doc, isNew, (other) => m?.has(other) ?? false);
    if (!m) return;
    for (const [k, other] of m) {
      if (!other || k === key) continue;
      for (const idx of coll.indexes.values()) {
        const kv = idx.collides(doc, other);
        if (kv) throw coll.dupError(idx.name, idx.spec.key, kv);
      }
    }
  }

  insert(coll: Collection, doc: Document): void {
    const key = keyOf(doc._id);
    this.checkUnique(coll, key, doc, true);
    this.layer(coll).set(key, doc);
  }

  replace(coll: Collection, doc: Document, kind: 'update' | 'replace' = 'update'): void {
    const key = keyOf(doc._id);
    this.checkUnique(coll, key, doc, false);
    this.layer(coll).set(key, doc);
    const tag = `${coll.ns}\0${key}`;
    if (kind === 'replace') this.replaced.add(tag);
    else this.replaced.delete(tag);
  }

  remove(coll: Collection, key: string): void {
    this.layer(coll).set(key, null);
  }

  /** Applies the overlay to the store atomically; returns the journal ops. Throws on conflict. */
  commit(): JournalOp[] {
    const ops: JournalOp[] = [];
    this.storage.activeTxns.delete(this);
    for (const [coll, m] of this.overlay) {
      for (const k of m.keys())
        if ((coll.modSeq.get(k) ?? 0) > this.startSeq) throw writeConflict();
    }
    // Another writer created a collection of the same name meanwhile.
    for (const c of this.created.values())
      if (this.storage.getCollection(c.db, c.name)) throw writeConflict();
    // Phase 1 takes the old versions out of the indexes; phase 2 checks and installs the new ones
    // in place (documents keep their natural order); any failure restores the previous state,
    // including change sequence numbers and the pre-images other transactions captured.
    const registered: Collection[] = [];
    const touched: [Collection, string, Document | undefined][] = [];
    const applied: [
      Collection,
      string,
      Document | undefined,
      Document | null,
      number | undefined,
    ][] = [];
    const captured: [Txn, Collection, string][] = [];
    try {
      for (const c of this.created.values()) {
        this.storage.adoptCollection(c);
        registered.push(c);
        ops.push({ o: 'cc', ns: c.ns, opts: c.options, uuid: c.uuid });
        for (const idx of c.indexes.values()) ops.push({ o: 'ci', ns: c.ns, spec: idx.spec });
      }
      for (const [coll, m] of this.overlay) {
        if (this.storage.getCollection(coll.db, coll.name) !== coll) throw writeConflict();
        for (const k of m.keys()) {
          const old = coll.docs.get(k);
          touched.push([coll, k, old]);
          if (old) coll.unindex(k, old);
        }
      }
      for (const [coll, m] of this.overlay) {
        for (const [k, d] of m) {
          const old = coll.docs.get(k);
          if (d) coll.checkUnique(k, d, false);
          applied.push([coll, k, old, d, coll.modSeq.get(k)]);
          for (const t of this.storage.activeTxns)
            if (t.capture(coll, k, old)) captured.push([t, coll, k]);
          coll.modSeq.set(k, this.storage.nextSeq());
          if (d) {
            coll.docs.set(k, d);
            coll.reindex(k, d);
            ops.push({ o: 'p', ns: coll.ns, d });
          } else if (old) {
            coll.docs.delete(k);
            ops.push({ o: 'd', ns: coll.ns, id: old._id });
          }
        }
      }
    } catch (e) {
      for (const [coll, k, old, d, seq] of applied.reverse()) {
        if (d) coll.unindex(k, d);
        if (old) coll.docs.set(k, old);
        else coll.docs.delete(k);
        if (seq === undefined) coll.modSeq.delete(k);
        else coll.modSeq.set(k, seq);
      }
      for (const [coll, k, old] of touched) if (old) coll.reindex(k, old);
      for (const [t, coll, k] of captured) t.uncapture(coll, k);
      for (const c of registered) this.storage.dropCollection(c.db, c.name, null);
      throw e;
    }
    const changes = this.storage.changes;
    if (changes.enabled) {
      for (const [coll, k, old, d] of applied) {
        if (!d && !old) continue;
        const kind = !d
          ? 'delete'
          : !old
            ? 'insert'
            : this.replaced.has(`${coll.ns}\0${k}`)
              ? 'replace'
              : 'update';
        changes.record({
          kind,
          db: coll.db,
          coll: coll.name,
          id: (d ?? old)?._id,
          doc: d ?? undefined,
          old,
          txnNumber: this.txnNumber,
        });
      }
    }
    this.end('committed');
    return ops;
  }
}
