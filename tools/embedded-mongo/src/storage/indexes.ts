import type { Document } from 'bson';
import { Query } from 'mingo';
import { MongoServerError } from '../errors';
import { compareValues, isPlainObject, keyOf, typeRank, valuesAtPath } from '../values';

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
  private readonly full = new Map<string, Set<string>>();
  private readonly first = new Map<string, Entry>();
  /** First-field entries in BSON order, built on the first range lookup and then kept up to date. */
  private sorted: Entry[] | null = null;
  /** How many times the sorted array was built from scratch (a statistic; tests check it stays 1). */
  sortBuilds = 0;

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.unique = spec.unique === true;
    this.sparse = spec.sparse === true;
    this.isText = Object.values(spec.key).some(
      (d) => d === 'text' || d === '2dsphere' || d === '2d',
    );
    if (spec.partialFilterExpression) this.partial = new Query(spec.partialFilterExpression);
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
      const vals = valuesAtPath(doc, this.fields[0]);
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
        for (const a of perField[i]) {
          for (const b of perField[j]) {
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
    for (const tuple of this.tuples(doc)) {
      const fk = IndexState.fullKey(tuple);
      let set = this.full.get(fk);
      if (!set) this.full.set(fk, (set = new Set()));
      set.add(docKey);
      const k1 = keyOf(tuple[0]);
      let entry = this.first.get(k1);
      if (!entry) {
        this.first.set(k1, (entry = { v: tuple[0] ?? null, keys: new Set() }));
        if (this.sorted) this.sorted.splice(upperBound(this.sorted, entry.v), 0, entry);
      }
      entry.keys.add(docKey);
    }
  }

  remove(docKey: string, doc: Document): void {
    for (const tuple of this.tuples(doc)) {
      const fk = IndexState.fullKey(tuple);
      const set = this.full.get(fk);
      if (set) {
        set.delete(docKey);
        if (!set.size) this.full.delete(fk);
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
    this.sorted = null;
  }

  /** For a unique index: another document already holding one of this document's keys. */
  findDuplicate(
    docKey: string,
    doc: Document,
    ignore?: (otherKey: string) => boolean,
  ): DuplicateInfo | undefined {
    if (!this.unique) return undefined;
    for (const tuple of this.tuples(doc)) {
      const set = this.full.get(IndexState.fullKey(tuple));
      if (!set) continue;
      for (const other of set) {
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
    const keysB = new Set(this.tuples(b).map((t) => IndexState.fullKey(t)));
    for (const t of this.tuples(a)) if (keysB.has(IndexState.fullKey(t))) return this.keyValue(t);
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
      const e = sorted[i];
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

/** The paths of the arrays met on the way to the values at `path` ('tags', 'authors', 'a.b'). */
function arrayPaths(doc: Document, path: string): string[] {
  const parts = path.split('.');
  const out = new Set<string>();
  const walk = (cur: unknown, i: number): void => {
    if (Array.isArray(cur)) {
      out.add(parts.slice(0, i).join('.'));
      if (i === parts.length) return;
      for (const el of cur) if (isPlainObject(el) && parts[i] in el) walk(el[parts[i]], i + 1);
      return;
    }
    if (i < parts.length && isPlainObject(cur) && parts[i] in cur) walk(cur[parts[i]], i + 1);
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
    if (compareValues(sorted[mid].v, value) < 0) lo = mid + 1;
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
    if (compareValues(sorted[mid].v, value) <= 0) lo = mid + 1;
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
    if (compareValues(sorted[i].v, entry.v) !== 0) break;
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
    if (typeRank(sorted[mid].v) < rank) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
