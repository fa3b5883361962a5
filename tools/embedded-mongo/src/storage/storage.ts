import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Binary, Document } from 'bson';
import { MongoServerError } from '../errors';
import { keyOf } from '../values';
import { ChangeLog } from './changes';
import { Collection } from './collection';
import type { Txn } from './access';
import type { IndexSpec } from './indexes';
import { Journal, JournalOp, JournalOptions } from './journal';

const SNAPSHOT_RECORD_OPS = 2000;

function splitNs(ns: string): [string, string] {
  const i = ns.indexOf('.');
  return [ns.slice(0, i), ns.slice(i + 1)];
}

/** All databases and collections in memory, with an optional journal making changes durable. */
export class Storage {
  readonly dbs = new Map<string, Map<string, Collection>>();
  private seqCounter = 0;
  journal: Journal | null = null;
  private compacting = false;
  private lockFile: string | null = null;
  /** Transactions in progress; they capture the pre-images of documents changed after they started. */
  readonly activeTxns = new Set<Txn>();
  /** What change streams read (records nothing until the first one opens). */
  readonly changes = new ChangeLog();

  constructor(
    readonly dataDir?: string,
    private readonly journalOptions: JournalOptions = {},
  ) {}

  /** Opens the store: replays the journal (truncating a torn tail), compacts it, and opens it for appends. */
  static open(dataDir?: string, journalOptions: JournalOptions = {}): Storage {
    const s = new Storage(dataDir, journalOptions);
    if (dataDir) {
      s.lockFile = acquireLock(dataDir);
      const file = path.join(dataDir, 'journal.mej');
      Journal.replay(file, (ops) => ops.forEach((op) => s.applyOp(op)));
      Journal.rewrite(file, s.snapshot());
      s.journal = new Journal(file, journalOptions);
    }
    return s;
  }

  nextSeq(): number {
    return ++this.seqCounter;
  }

  get seq(): number {
    return this.seqCounter;
  }

  getCollection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  collectionsOf(db: string): Collection[] {
    return [...(this.dbs.get(db)?.values() ?? [])];
  }

  createCollection(
    db: string,
    name: string,
    opts: Document,
    ops: JournalOp[] | null,
    uuid?: Binary,
  ): Collection {
    let colls = this.dbs.get(db);
    if (!colls) this.dbs.set(db, (colls = new Map()));
    const existing = colls.get(name);
    if (existing) return existing;
    const coll = new Collection(db, name, opts, uuid);
    this.adoptCollection(coll);
    ops?.push({ o: 'cc', ns: coll.ns, opts, uuid: coll.uuid });
    return coll;
  }

  /** Registers a collection object (one a transaction created privately, at its commit). */
  adoptCollection(coll: Collection): void {
    let colls = this.dbs.get(coll.db);
    if (!colls) this.dbs.set(coll.db, (colls = new Map()));
    coll.onChange = (c, key, old) => {
      for (const t of this.activeTxns) t.capture(c, key, old);
    };
    colls.set(coll.name, coll);
  }

  dropCollection(db: string, name: string, ops: JournalOp[] | null): boolean {
    const colls = this.dbs.get(db);
    if (!colls?.has(name)) return false;
    colls.delete(name);
    if (!colls.size) this.dbs.delete(db);
    ops?.push({ o: 'dc', ns: `${db}.${name}` });
    return true;
  }

  dropDatabase(db: string, ops: JournalOp[] | null): void {
    if (this.dbs.delete(db)) ops?.push({ o: 'dd', db });
  }

  createIndex(coll: Collection, spec: IndexSpec, ops: JournalOp[] | null): void {
    coll.addIndex(spec);
    ops?.push({ o: 'ci', ns: coll.ns, spec });
  }

  /** Changes options of an existing index (collMod); journaled as the index's new definition. */
  modifyIndex(coll: Collection, name: string, changes: Document, ops: JournalOp[] | null): void {
    const idx = coll.indexes.get(name);
    if (!idx) return;
    Object.assign(idx.spec, changes);
    ops?.push({ o: 'ci', ns: coll.ns, spec: idx.spec });
  }

  /** Changes collection options (collMod); journaled as a collection-options record. */
  modifyCollection(coll: Collection, changes: Document, ops: JournalOp[] | null): void {
    coll.options = { ...coll.options, ...changes };
    ops?.push({ o: 'cm', ns: coll.ns, opts: coll.options });
  }

  dropIndex(coll: Collection, name: string, ops: JournalOp[] | null): void {
    coll.indexes.delete(name);
    ops?.push({ o: 'di', ns: coll.ns, name });
  }

  /** Forgets change sequence numbers of deleted documents once no transaction can still conflict on them. */
  pruneModSeq(): void {
    if (this.activeTxns.size) return;
    for (const colls of this.dbs.values()) {
      for (const c of colls.values())
        for (const k of c.modSeq.keys()) if (!c.docs.has(k)) c.modSeq.delete(k);
    }
  }

  /** Makes `ops` durable (no-op in memory mode). Call in the same tick the changes were applied. */
  commit(ops: JournalOp[]): Promise<void> {
    if (!this.journal || !ops.length) return Promise.resolve();
    const p = this.journal.append(ops);
    this.maybeCompact();
    return p;
  }

  /** Applies one journal operation (replay). */
  applyOp(op: JournalOp): void {
    switch (op.o) {
      case 'cc': {
        const [db, name] = splitNs(op.ns);
        this.createCollection(
          db,
          name,
          op.opts ?? {},
          null,
          op.uuid instanceof Binary ? op.uuid : undefined,
        );
        break;
      }
      case 'dc': {
        const [db, name] = splitNs(op.ns);
        this.dropCollection(db, name, null);
        break;
      }
      case 'dd':
        this.dropDatabase(op.db, null);
        break;
      case 'ci': {
        const [db, name] = splitNs(op.ns);
        const coll = this.createCollection(db, name, {}, null);
        try {
          coll.addIndex(op.spec as IndexSpec);
        } catch {
          /* an index that could not be built was never acknowledged */
        }
        break;
      }
      case 'cm': {
        const [db, name] = splitNs(op.ns);
        const coll = this.getCollection(db, name);
        if (coll) coll.options = op.opts ?? {};
        break;
      }
      case 'di': {
        const [db, name] = splitNs(op.ns);
        this.getCollection(db, name)?.indexes.delete(op.name);
        break;
      }
      case 'p': {
        const [db, name] = splitNs(op.ns);
        this.createCollection(db, name, {}, null).put(op.d, this.nextSeq());
        break;
      }
      case 'd': {
        const [db, name] = splitNs(op.ns);
        this.getCollection(db, name)?.remove(keyOf(op.id), this.nextSeq());
        break;
      }
    }
  }

  /** The current state as journal records (used for compaction). */
  *snapshot(): Iterable<JournalOp[]> {
    for (const colls of this.dbs.values()) {
      for (const coll of colls.values()) {
        const head: JournalOp[] = [{ o: 'cc', ns: coll.ns, opts: coll.options, uuid: coll.uuid }];
        for (const idx of coll.indexes.values())
          head.push({ o: 'ci', ns: coll.ns, spec: idx.spec });
        yield head;
        let batch: JournalOp[] = [];
        for (const doc of coll.docs.values()) {
          batch.push({ o: 'p', ns: coll.ns, d: doc });
          if (batch.length >= SNAPSHOT_RECORD_OPS) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length) yield batch;
      }
    }
  }

  /** Background compaction: when the journal is large, rewrite it from memory once pending writes are durable. */
  private maybeCompact(): void {
    const j = this.journal;
    if (!j || this.compacting || j.size < 64 * 1024 * 1024) return;
    let live = 0;
    for (const colls of this.dbs.values()) for (const c of colls.values()) live += c.docs.size;
    if (j.size < live * 2048) return;
    this.compacting = true;
    void (async () => {
      try {
        while (j.busy) await j.flush();
        // Synchronous from here: nothing else runs until the new journal is in place.
        if (this.journal !== j) return;
        j.closeNow();
        Journal.rewrite(j.file, this.snapshot());
        this.journal = new Journal(j.file, this.journalOptions);
      } catch (e) {
        process.stderr.write(`embedded-mongo: compaction failed: ${(e as Error).message}\n`);
        // The rename is the last step: the file in place is a complete journal (old or new); keep
        // appending to it. If even that fails, writes fail and the server stops serving.
        if (this.journal === j) {
          try {
            this.journal = new Journal(j.file, this.journalOptions);
          } catch (reopen) {
            process.stderr.write(
              `embedded-mongo: cannot reopen the journal: ${(reopen as Error).message}\n`,
            );
          }
        }
      } finally {
        this.compacting = false;
      }
    })();
  }

  async close(): Promise<void> {
    if (this.journal) await this.journal.close();
    this.journal = null;
    if (this.lockFile) rmSync(this.lockFile, { force: true });
    this.lockFile = null;
  }
}

/** One server per data directory: a lock file holding the owner's pid (stale after a crash). */
function acquireLock(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'embedded-mongo.lock');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new Error(`data directory ${dataDir} is in use by process ${pid}`);
    }
  }
  writeFileSync(file, String(process.pid));
  return file;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function assertCollectionName(name: unknown): string {
  if (
    typeof name !== 'string' ||
    !name ||
    name.includes('\0') ||
    name.startsWith('.') ||
    name.includes('$')
  ) {
    throw new MongoServerError(73, 'InvalidNamespace', `Invalid collection name: ${String(name)}`);
  }
  return name;
}
