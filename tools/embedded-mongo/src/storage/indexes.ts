import type { Document } from 'bson';
import { Query } from 'mingo';
import { MongoServerError } from '../errors';
import { at } from '../at';
import { compareValues, isPlainObject, keyOf, typeRank, valuesAtPath } from '../values';
import { foldFor } from '../query/collation';

export interface IndexSpec extends Document {
  v?: number;
  key: Document;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
  expireAfterSeconds?: number;
}

interface Entry {
  v: unknown;
  keys: Set<string>;
}

/** One full (compound) key of the index and the documents holding it. */
export interface FullEntry {
  /** The key's values, one per index field (null for a missing field). */
  t: unknown[];
  keys: Set<string>;
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
  /**
   * Full keys in index order (each field ascending or descending as the key pattern says), built
   * on the first index-ordered walk (a sort the index provides) and then kept up to date.
   */
  private ordered: FullEntry[] | null = null;
  /** How many times the ordered full-key array was built from scratch (a statistic). */
  orderBuilds = 0;
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
        if (this.ordered) this.ordered.splice(this.upperBoundFull(fe.t), 0, fe);
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
          if (this.ordered) this.removeFull(fe);
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
    this.ordered = null;
    this.arrayDocs.fill(0);
    this.stringDocs.fill(0);
  }

  /** Compares two full keys in index order (the key pattern's direction per field). */
  compareFull(a: unknown[], b: unknown[], fields = a.length): number {
    for (let i = 0; i < fields; i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c * at(this.dirs, i);
    }
    return 0;
  }

  private upperBoundFull(t: unknown[]): number {
    const arr = this.ordered as FullEntry[];
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compareFull(at(arr, mid).t, t) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first position whose first `prefix.length` fields are ≥ (or >, when `after`) `prefix`. */
  private boundPrefix(prefix: unknown[], after: boolean): number {
    const arr = this.ordered as FullEntry[];
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = this.compareFull(at(arr, mid).t, prefix, prefix.length);
      if (c < 0 || (after && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private removeFull(fe: FullEntry): void {
    const arr = this.ordered as FullEntry[];
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compareFull(at(arr, mid).t, fe.t) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < arr.length && this.compareFull(at(arr, i).t, fe.t) === 0; i++) {
      if (arr[i] === fe) {
        arr.splice(i, 1);
        return;
      }
    }
    const i = arr.indexOf(fe);
    if (i >= 0) arr.splice(i, 1);
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
  *walk(prefix: unknown[], backward: boolean): Generator<FullEntry> {
    const arr = this.getOrdered();
    const lo = prefix.length ? this.boundPrefix(prefix, false) : 0;
    const hi = prefix.length ? this.boundPrefix(prefix, true) : arr.length;
    if (backward) for (let i = hi - 1; i >= lo; i--) yield at(arr, i);
    else for (let i = lo; i < hi; i++) yield at(arr, i);
  }

  /** How many documents (with multikey repeats) hold keys starting with `prefix`, without collecting them. */
  countPrefix(prefix: unknown[]): number {
    const arr = this.getOrdered();
    const lo = prefix.length ? this.boundPrefix(prefix, false) : 0;
    const hi = prefix.length ? this.boundPrefix(prefix, true) : arr.length;
    let n = 0;
    for (let i = lo; i < hi; i++) n += at(arr, i).keys.size;
    return n;
  }

  private getOrdered(): FullEntry[] {
    if (!this.ordered) {
      this.ordered = [...this.full.values()].sort((a, b) => this.compareFull(a.t, b.t));
      this.orderBuilds++;
    }
    return this.ordered;
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

/** Whether the way to `path` (or the value there) goes through an array. */
function throughArray(doc: Document, path: string): boolean {
  if (!path.includes('.')) return Array.isArray(doc[path]);
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(cur)) return true;
    if (!isPlainObject(cur) || !(part in cur)) return false;
    cur = cur[part];
  }
  return Array.isArray(cur);
}

/** The paths of the arrays met on the way to the values at `path` ('tags', 'authors', 'a.b'). */
function arrayPaths(doc: Document, path: string): string[] {
  const parts = path.split('.');
  const out = new Set<string>();
  const walk = (cur: unknown, i: number): void => {
    if (Array.isArray(cur)) {
      out.add(parts.slice(0, i).join('.'));
      if (i === parts.length) return;
      for (const el of cur)
        if (isPlainObject(el) && at(parts, i) in el) walk(el[at(parts, i)], i + 1);
      return;
    }
    if (i < parts.length && isPlainObject(cur) && at(parts, i) in cur)
      walk(cur[at(parts, i)], i + 1);
  };
  walk(doc, 0);
  return [...out];
}

function dedupe(vals: unknown[]): unknown[] {
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const v of vals) {
    const k = keyOf(v);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(v);
    }
  }
  return out;
}

function lowerBound(sorted: Entry[], value: unknown): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareValues(at(sorted, mid).v, value) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first position whose value sorts after `value` (where a new equal value goes). */
function upperBound(sorted: Entry[], value: unknown): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareValues(at(sorted, mid).v, value) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Removes one entry (by identity) from the sorted array, found by binary search. */
function removeEntry(sorted: Entry[], entry: Entry): void {
  for (let i = lowerBound(sorted, entry.v); i < sorted.length; i++) {
    if (sorted[i] === entry) {
      sorted.splice(i, 1);
      return;
    }
    if (compareValues(at(sorted, i).v, entry.v) !== 0) break;
  }
  // Not found where its value sorts (cannot happen for values with a total order): search it all.
  const i = sorted.indexOf(entry);
  if (i >= 0) sorted.splice(i, 1);
}

function firstOfRank(sorted: Entry[], rank: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (typeRank(at(sorted, mid).v) < rank) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
