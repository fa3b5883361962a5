import { Binary, Document, UUID } from 'bson';
import { MongoServerError } from '../errors';
import { keyOf, renderValue } from '../values';
import { IndexSpec, IndexState } from './indexes';

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

/** One collection: documents keyed by the canonical form of their _id, plus secondary indexes. */
export class Collection {
  readonly docs = new Map<string, Document>();
  readonly indexes = new Map<string, IndexState>();
  /** Sequence number of the last committed change per document (write-conflict detection). */
  readonly modSeq = new Map<string, number>();
  readonly uuid: Binary;
  /** Called before a document changes (old version or undefined), so open transactions keep their snapshot. */
  onChange: ((coll: Collection, key: string, old: Document | undefined) => void) | null = null;

  constructor(
    public db: string,
    public name: string,
    public options: Document = {},
    uuid?: Binary,
  ) {
    this.uuid = uuid ?? new UUID();
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  indexSpecs(): IndexSpec[] {
    return [ID_INDEX, ...[...this.indexes.values()].map((i) => i.spec)];
  }

  dupError(index: string, keyPattern: Document, keyValue: Document): MongoServerError {
    const rendered = Object.entries(keyValue)
      .map(([k, v]) => `${k}: ${renderValue(v)}`)
      .join(', ');
    return new MongoServerError(
      11000,
      'DuplicateKey',
      `E11000 duplicate key error collection: ${this.ns} index: ${index} dup key: { ${rendered} }`,
      { keyPattern, keyValue },
    );
  }

  /** Throws E11000 when `doc` (stored under `docKey`) would violate a unique index (171 for parallel arrays). */
  checkUnique(
    docKey: string,
    doc: Document,
    isNew: boolean,
    ignore?: (otherKey: string) => boolean,
  ): void {
    if (isNew && this.docs.has(docKey) && !(ignore && ignore(docKey))) {
      throw this.dupError('_id_', { _id: 1 }, { _id: doc._id });
    }
    for (const idx of this.indexes.values()) {
      idx.assertIndexable(doc);
      const dup = idx.findDuplicate(docKey, doc, ignore);
      if (dup) throw this.dupError(idx.name, idx.spec.key, dup.keyValue);
    }
  }

  /** Inserts or replaces a document (unique checks must have been done). */
  put(doc: Document, seq: number): void {
    const key = keyOf(doc._id);
    const old = this.docs.get(key);
    this.onChange?.(this, key, old);
    if (old) for (const idx of this.indexes.values()) idx.remove(key, old);
    this.docs.set(key, doc);
    for (const idx of this.indexes.values()) idx.add(key, doc);
    this.modSeq.set(key, seq);
  }

  unindex(key: string, doc: Document): void {
    for (const idx of this.indexes.values()) idx.remove(key, doc);
  }

  reindex(key: string, doc: Document): void {
    for (const idx of this.indexes.values()) idx.add(key, doc);
  }

  remove(key: string, seq: number): Document | undefined {
    const old = this.docs.get(key);
    if (!old) return undefined;
    this.onChange?.(this, key, old);
    for (const idx of this.indexes.values()) idx.remove(key, old);
    this.docs.delete(key);
    this.modSeq.set(key, seq);
    return old;
  }

  /** Builds a new index over the existing documents; E11000 when a unique index cannot be built. */
  addIndex(spec: IndexSpec): void {
    const idx = new IndexState(spec);
    for (const [key, doc] of this.docs) {
      idx.assertIndexable(doc);
      const dup = idx.findDuplicate(key, doc);
      if (dup) throw this.dupError(spec.name, spec.key, dup.keyValue);
      idx.add(key, doc);
    }
    this.indexes.set(spec.name, idx);
  }

  clear(): void {
    this.docs.clear();
    this.modSeq.clear();
    for (const idx of this.indexes.values()) idx.clear();
  }
}
