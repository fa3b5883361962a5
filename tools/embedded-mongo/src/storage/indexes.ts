import type { Document } from 'bson';
import { Query } from 'mingo';
import { MongoServerError } from '../errors';
import { at } from '../at';
import { compareValues, keyOf, typeRank, valuesAtPath } from '../values';
import { foldFor } from '../query/collation';
import { arrayPaths, dedupe, throughArray } from './index-keys';
import { OrderedKeys, type FullEntry } from './ordered-keys';
import { firstOfRank, lowerBound, removeEntry, upperBound, type Entry } from './sorted-entries';

export type { FullEntry } from './ordered-keys';

export interface IndexSpec extends Document {
  v?: number;
  key: Document;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
  expireAfterSeconds?: number;
}

export interface DuplicateInfo {
  otherKey: string;
  keyValue: Document;
}

export interface RangeBound {
  value: unknown;
  inclusive: boolean;
}

/**
 * A secondary index: a hash of full (compound) keys for uniqueness and equality,
 * a hash of first-field values, and a sorted array of first-field values for ranges
 * (built on the first range lookup, then maintained incrementally).
 */
export class IndexState {
  readonly fields: string[];
  readonly unique: boolean;
  readonly sparse: boolean;
  readonly isText: boolean;
  private readonly partial?: Query;
  private readonly full = new Map<string, FullEntry>();
  private readonly first = new Map<string, Entry>();
  /** First-field entries in BSON order, built on the first range lookup and then kept up to date. */
  private sorted: Entry[] | null = null;
  /** How many times the sorted array was built from scratch (a statistic; tests check it stays 1). */
  sortBuilds = 0;
  /** The full keys in index order, for the sorts the index provides. */
  private readonly order: OrderedKeys;
  /** Per field: 1 or -1 from the key pattern (0 when the index cannot order, e.g. text/hashed). */
  readonly dirs: number[];
  /** Per field: how many indexed documents reach it through an array (multikey when > 0). */
  private readonly arrayDocs: number[];
  /** Per field: how many indexed documents hold a string there (binary order ≠ a collation's). */
  private readonly stringDocs: number[];
  /**
   * A unique index with a collation (its own or the collection's default): strings are unique as
   * the collation compares them, through these keys (null otherwise; lookups stay binary).
   */
  private readonly fold: ((s: string) => string) | null;
  private readonly folded: Map<string, Set<string>> | null;

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.unique = spec.unique === true;
    this.sparse = spec.sparse === true;
    this.isText = Object.values(spec.key).some(
      (d) => d === 'text' || d === '2dsphere' || d === '2d',
    );
    if (spec.partialFilterExpression) this.partial = new Query(spec.partialFilterExpression);
    this.dirs = Object.values(spec.key).map((d) => {
      const n = typeof d === 'number' ? d : Number(d);
      return n === 1 || n === -1 ? n : 0;
    });
    this.arrayDocs = this.fields.map(() => 0);
    this.stringDocs = this.fields.map(() => 0);
    this.fold = this.unique ? foldFor(spec.collation as Document | undefined) : null;
    this.folded = this.fold ? new Map() : null;
    this.order = new OrderedKeys(this.dirs, () => this.full.values());
  }

  /** How many times the ordered full-key array was built from scratch (a statistic). */
  get orderBuilds(): number {
    return this.order.builds;
  }

  /** A tuple's key as the index's collation compares it (strings folded). */
  private foldedKey(tuple: unknown[]): string {
    const fold = this.fold as (s: string) => string;
    return tuple.map((v) => (typeof v === 'string' ? 's' + fold(v) : keyOf(v))).join('\u0000');
  }

  /** The key uniqueness is checked on: the full key, or the collation's when the index has one. */
  private uniqueKey(tuple: unknown[]): string {
    return this.fold ? this.foldedKey(tuple) : IndexState.fullKey(tuple);
  }

  /** Whether some indexed document reaches field `i` through an array (MongoDB's multikey). */
  isMultikeyField(i: number): boolean {
    return (this.arrayDocs[i] ?? 0) > 0;
  }

  get isMultikey(): boolean {
    return this.arrayDocs.some((n) => n > 0);
  }

  /** Whether some indexed document holds a string in field `i`. */
  hasStrings(i: number): boolean {
    return (this.stringDocs[i] ?? 0) > 0;
  }

  /** Counts the document's arrays and strings per field (+1 on add, -1 on remove). */
  private account(doc: Document, tuples: unknown[][], delta: number): void {
    for (let i = 0; i < this.fields.length; i++) {
      if (throughArray(doc, at(this.fields, i))) this.arrayDocs[i] = at(this.arrayDocs, i) + delta;
      for (const t of tuples) {
        if (typeof t[i] === 'string') {
          this.stringDocs[i] = at(this.stringDocs, i) + delta;
          break;
        }
      }
    }
  }

  get name(): string {
    return this.spec.name;
  }

  /** The tuples of values this document contributes to the index (none when sparse/partial excludes it). */
  tuples(doc: Document): unknown[][] {
    if (this.isText) return [];
    if (this.partial && !this.partial.test(doc)) return [];
    if (this.fields.length === 1) {
      // The common case, without the combination machinery (this runs on every write).
      const vals = valuesAtPath(doc, at(this.fields, 0));
      if (!vals.length) return this.sparse ? [] : [[null]];
      if (vals.length === 1) return [[vals[0]]];
      return dedupe(vals).map((v) => [v]);
    }
    const perField = this.fields.map((f) => valuesAtPath(doc, f));
    if (this.sparse && perField.every((vals) => vals.length === 0)) return [];
    // At most one field holds several values (parallel arrays are refused before storing).
    let combos: unknown[][] = [[]];
    for (const vals of perField) {
      const options = vals.length ? dedupe(vals) : [null];
      const next: unknown[][] = [];
      for (const c of combos) for (const v of options) next.push([...c, v]);
      combos = next;
    }
    return combos;
  }

  /**
   * MongoDB refuses a document in which two fields of a compound index go through different
   * arrays (code 171): the index would need every combination of their elements.
   */
  assertIndexable(doc: Document): void {
    if (this.fields.length < 2 || this.isText) return;
    if (this.partial && !this.partial.test(doc)) return;
    const perField = this.fields.map((f) => arrayPaths(doc, f));
    for (let i = 0; i < perField.length; i++) {
      for (let j = i + 1; j < perField.length; j++) {
        for (const a of at(perField, i)) {
          for (const b of at(perField, j)) {
            if (a === b || a.startsWith(b + '.') || b.startsWith(a + '.')) continue;
            throw new MongoServerError(
              171,
              'CannotIndexParallelArrays',
              `cannot index parallel arrays [${b}] [${a}]`,
            );
          }
        }
      }
    }
  }

  private static fullKey(tuple: unknown[]): string {
    return tuple.length === 1 ? keyOf(tuple[0]) : tuple.map(keyOf).join('\u0000');
  }

  add(docKey: string, doc: Document): void {
    const tuples = this.tuples(doc);
    if (tuples.length) this.account(doc, tuples, 1);
    for (const tuple of tuples) {
      const fk = IndexState.fullKey(tuple);
      let fe = this.full.get(fk);
      if (!fe) {
        const t = tuple.map((v) => v ?? null);
        this.full.set(fk, (fe = { t, keys: new Set() }));
        this.order.insert(fe);
      }
      fe.keys.add(docKey);
      const k1 = keyOf(tuple[0]);
      let entry = this.first.get(k1);
      if (!entry) {
        this.first.set(k1, (entry = { v: tuple[0] ?? null, keys: new Set() }));
        if (this.sorted) this.sorted.splice(upperBound(this.sorted, entry.v), 0, entry);
      }
      entry.keys.add(docKey);
      if (this.folded) {
        const k = this.foldedKey(tuple);
        let keys = this.folded.get(k);
        if (!keys) this.folded.set(k, (keys = new Set()));
        keys.add(docKey);
      }
    }
  }

  remove(docKey: string, doc: Document): void {
    const tuples = this.tuples(doc);
    if (tuples.length) this.account(doc, tuples, -1);
    for (const tuple of tuples) {
      const fk = IndexState.fullKey(tuple);
      const fe = this.full.get(fk);
      if (fe) {
        fe.keys.delete(docKey);
        if (!fe.keys.size) {
          this.full.delete(fk);
          this.order.remove(fe);
        }
      }
      if (this.folded) {
        const k = this.foldedKey(tuple);
        const keys = this.folded.get(k);
        keys?.delete(docKey);
        if (keys && !keys.size) this.folded.delete(k);
      }
      const k1 = keyOf(tuple[0]);
      const entry = this.first.get(k1);
      if (entry) {
        entry.keys.delete(docKey);
        if (!entry.keys.size) {
          this.first.delete(k1);
          if (this.sorted) removeEntry(this.sorted, entry);
        }
      }
    }
  }

  clear(): void {
    this.full.clear();
    this.first.clear();
    this.folded?.clear();
    this.sorted = null;
    this.order.reset();
    this.arrayDocs.fill(0);
    this.stringDocs.fill(0);
  }

  /** Compares two full keys in index order (the key pattern's direction per field). */
  compareFull(a: unknown[], b: unknown[], fields = a.length): number {
    return this.order.compare(a, b, fields);
  }

  /** Whether the key pattern can order documents (every field 1 or -1, not sparse/partial/text). */
  get canOrder(): boolean {
    return (
      !this.isText &&
      !this.sparse &&
      !this.spec.partialFilterExpression &&
      !this.spec.collation &&
      this.dirs.every((d) => d !== 0)
    );
  }

  /**
   * The full keys whose first fields equal `prefix`, in index order (or in reverse), as one
   * synchronous walk. The caller must not write to the collection while iterating.
   */
  walk(prefix: unknown[], backward: boolean): Generator<FullEntry> {
    return this.order.walk(prefix, backward);
  }

  /** How many documents (with multikey repeats) hold keys starting with `prefix`, without collecting them. */
  countPrefix(prefix: unknown[]): number {
    return this.order.countPrefix(prefix);
  }

  /** For a unique index: another document already holding one of this document's keys. */
  findDuplicate(
    docKey: string,
    doc: Document,
    ignore?: (otherKey: string) => boolean,
  ): DuplicateInfo | undefined {
    if (!this.unique) return undefined;
    for (const tuple of this.tuples(doc)) {
      const keys = this.folded
        ? this.folded.get(this.foldedKey(tuple))
        : this.full.get(IndexState.fullKey(tuple))?.keys;
      if (!keys) continue;
      for (const other of keys) {
        if (other !== docKey && !(ignore && ignore(other)))
          return { otherKey: other, keyValue: this.keyValue(tuple) };
      }
    }
    return undefined;
  }

  keyValue(tuple: unknown[]): Document {
    const out: Document = {};
    this.fields.forEach((f, i) => (out[f] = tuple[i] ?? null));
    return out;
  }

  /** Whether two documents collide on this unique index (used for transaction overlays). */
  collides(a: Document, b: Document): Document | undefined {
    if (!this.unique) return undefined;
    const keysB = new Set(this.tuples(b).map((t) => this.uniqueKey(t)));
    for (const t of this.tuples(a)) if (keysB.has(this.uniqueKey(t))) return this.keyValue(t);
    return undefined;
  }

  lookupEq(value: unknown): Set<string> {
    return this.first.get(keyOf(value))?.keys ?? new Set();
  }

  lookupRange(lo: RangeBound | null, hi: RangeBound | null): Set<string> {
    const sorted = this.getSorted();
    const rank = typeRank((lo ?? hi)?.value);
    const out = new Set<string>();
    let i = lo ? lowerBound(sorted, lo.value) : firstOfRank(sorted, rank);
    for (; i < sorted.length; i++) {
      const e = at(sorted, i);
      if (typeRank(e.v) !== rank) break;
      if (lo && !lo.inclusive && compareValues(e.v, lo.value) === 0) continue;
      if (hi) {
        const c = compareValues(e.v, hi.value);
        if (c > 0 || (c === 0 && !hi.inclusive)) break;
      }
      for (const k of e.keys) out.add(k);
    }
    return out;
  }

  private getSorted(): Entry[] {
    if (!this.sorted) {
      this.sorted = [...this.first.values()].sort((a, b) => compareValues(a.v, b.v));
      this.sortBuilds++;
    }
    return this.sorted;
  }
}
