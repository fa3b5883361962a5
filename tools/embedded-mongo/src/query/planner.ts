import { Document, ObjectId } from 'bson';
import type { Collection } from '../storage/collection';
import type { IndexState, RangeBound } from '../storage/indexes';
import { isPlainObject, keyOf, typeRank } from '../values';
import { at } from '../at';

function eligibleEq(v: unknown): boolean {
  return (
    v === null ||
    typeof v === 'string' ||
    typeof v === 'number' ||
    typeof v === 'boolean' ||
    v instanceof ObjectId ||
    v instanceof Date
  );
}

function eligibleRange(v: unknown): boolean {
  return (
    typeof v === 'string' || typeof v === 'number' || v instanceof ObjectId || v instanceof Date
  );
}

/** Field conditions ANDed at the top level of a filter (including nested $and). */
function conjuncts(filter: Document, out: [string, unknown][] = []): [string, unknown][] {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(v)) {
      for (const sub of v) if (isPlainObject(sub)) conjuncts(sub, out);
    } else if (!k.startsWith('$')) out.push([k, v]);
  }
  return out;
}

type Access =
  | { kind: 'eq'; values: unknown[] }
  | { kind: 'range'; lo: RangeBound | null; hi: RangeBound | null };

function accessFor(cond: unknown): Access | null {
  if (eligibleEq(cond)) return { kind: 'eq', values: [cond] };
  if (!isPlainObject(cond)) return null;
  const keys = Object.keys(cond);
  if (!keys[0]?.startsWith('$')) return null;
  if ('$eq' in cond && eligibleEq(cond.$eq)) return { kind: 'eq', values: [cond.$eq] };
  if ('$in' in cond && Array.isArray(cond.$in) && cond.$in.every(eligibleEq))
    return { kind: 'eq', values: cond.$in };
  let lo: RangeBound | null = null;
  let hi: RangeBound | null = null;
  for (const op of ['$gt', '$gte'] as const) {
    if (op in cond && eligibleRange(cond[op])) lo = { value: cond[op], inclusive: op === '$gte' };
  }
  for (const op of ['$lt', '$lte'] as const) {
    if (op in cond && eligibleRange(cond[op])) hi = { value: cond[op], inclusive: op === '$lte' };
  }
  if (lo && hi && typeRank(lo.value) !== typeRank(hi.value)) return { kind: 'range', lo, hi: null };
  if (lo || hi) return { kind: 'range', lo, hi };
  return null;
}

/** Whether the access compares strings (which a binary index cannot answer under a collation). */
function comparesStrings(access: Access): boolean {
  if (access.kind === 'eq') return access.values.some((v) => typeof v === 'string');
  return typeof access.lo?.value === 'string' || typeof access.hi?.value === 'string';
}

export interface Plan {
  /** Document keys that may match; null means a collection scan. */
  keys: Set<string> | null;
  index: string | null;
}

/**
 * Chooses the most selective usable index for the filter's top-level conditions. The indexes hold
 * binary (simple-collation) keys: under a query collation, string equality and string ranges
 * cannot use them, while numbers, ObjectIds, dates, booleans and null still can.
 */
/**
 * Can `idx` answer one condition on `field` by a key lookup? Only a plain index (not text, partial
 * or collated) led by that field; and not for null on a sparse index or a dotted path, whose
 * missing values the index does not hold.
 */
function servesLookup(idx: IndexState, field: string, access: Access): boolean {
  if (idx.isText || idx.spec.partialFilterExpression || idx.spec.collation) return false;
  if (idx.fields[0] !== field) return false;
  return !(
    access.kind === 'eq' &&
    access.values.some((v) => v === null) &&
    (idx.sparse || field.includes('.'))
  );
}

export function plan(coll: Collection, filter: Document, collated = false): Plan {
  let best: Plan = { keys: null, index: null };
  for (const [field, cond] of conjuncts(filter)) {
    const access = accessFor(cond);
    if (!access || (collated && comparesStrings(access))) continue;
    let keys: Set<string> | null = null;
    let index: string | null = null;
    if (field === '_id') {
      if (access.kind !== 'eq') continue;
      keys = new Set();
      for (const v of access.values) {
        const k = keyOf(v);
        if (coll.docs.has(k)) keys.add(k);
      }
      index = '_id_';
    } else {
      for (const idx of coll.indexes.values()) {
        if (!servesLookup(idx, field, access)) continue;
        if (access.kind === 'eq') {
          keys = new Set();
          for (const v of access.values) for (const k of idx.lookupEq(v)) keys.add(k);
        } else {
          keys = idx.lookupRange(access.lo, access.hi);
        }
        index = idx.name;
        break;
      }
    }
    if (keys && (best.keys === null || keys.size < best.keys.size)) best = { keys, index };
  }
  // Compound indexes with an equality prefix: their key range.
  for (const { idx, prefix } of equalityPrefixes(coll, filter, collated)) {
    if (best.keys !== null && idx.countPrefix(prefix) >= best.keys.size) continue;
    const keys = new Set<string>();
    for (const e of idx.walk(prefix, false)) for (const dk of e.keys) keys.add(dk);
    if (best.keys === null || keys.size < best.keys.size) best = { keys, index: idx.name };
  }
  return best;
}

/**
 * Compound indexes whose first two or more fields the filter fixes by equality
 * ({ isAvailable: true, category: X } on { isAvailable: 1, category: 1, … }), with the values of
 * that key prefix: one rule for {@link plan} and {@link estimateCandidates}.
 */
function* equalityPrefixes(coll: Collection, filter: Document, collated: boolean) {
  const eqs = equalities(filter, collated);
  if (eqs.size < 2) return;
  for (const idx of coll.indexes.values()) {
    if (!idx.canOrder) continue;
    let k = 0;
    while (k < idx.fields.length && eqs.has(at(idx.fields, k))) k++;
    if (k >= 2) yield { idx, prefix: idx.fields.slice(0, k).map((f) => eqs.get(f)) };
  }
}

/** A cheap upper bound on the candidates {@link plan} would return (no sets built for equality). */
export function estimateCandidates(coll: Collection, filter: Document, collated = false): number {
  let best = coll.docs.size;
  for (const [field, cond] of conjuncts(filter)) {
    const access = accessFor(cond);
    if (!access || (collated && comparesStrings(access))) continue;
    if (field === '_id') {
      if (access.kind === 'eq') best = Math.min(best, access.values.length);
      continue;
    }
    for (const idx of coll.indexes.values()) {
      if (!servesLookup(idx, field, access)) continue;
      let n: number;
      if (access.kind === 'eq') {
        n = 0;
        for (const v of access.values) n += idx.lookupEq(v).size;
      } else n = idx.lookupRange(access.lo, access.hi).size;
      best = Math.min(best, n);
      break;
    }
  }
  for (const { idx, prefix } of equalityPrefixes(coll, filter, collated)) {
    best = Math.min(best, idx.countPrefix(prefix));
  }
  return best;
}

/** An index walk that yields documents in (a prefix of) the requested sort order. */
export interface SortPlan {
  index: IndexState;
  /** Values of the leading index fields the filter fixes by equality (the walk stays inside them). */
  prefix: unknown[];
  /** Walk the index from its end (every sort direction is the reverse of the key pattern's). */
  backward: boolean;
  /** How many leading sort keys the walk provides; fewer than the sort's: runs of equal keys are sorted in memory. */
  covered: number;
}

/** Equality conditions usable as an index prefix (single non-null scalar values). */
function equalities(filter: Document, collated: boolean): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [field, cond] of conjuncts(filter)) {
    let v: unknown = cond;
    if (isPlainObject(cond)) {
      const keys = Object.keys(cond);
      if (keys.length !== 1 || keys[0] !== '$eq') continue;
      v = cond.$eq;
    }
    if (v === null || !eligibleEq(v) || (collated && typeof v === 'string')) continue;
    if (!out.has(field)) out.set(field, v);
  }
  return out;
}

/**
 * Chooses an index whose key pattern, after leading fields the filter fixes by equality, starts
 * with the sort's keys in the same order, every direction equal or every one reversed (MongoDB's
 * rule). An index that is multikey in a sorted field cannot give the order of array sort keys;
 * under a collation, a sorted field holding strings cannot use the binary order. Prefers the plan
 * covering most sort keys, then the one fixing most leading fields.
 */
export function planSort(
  coll: Collection,
  filter: Document,
  sort: Document,
  collated = false,
): SortPlan | null {
  const sortFields = Object.entries(sort);
  if (
    !sortFields.length ||
    sortFields.some(([, d]) => typeof d !== 'number' || (d !== 1 && d !== -1))
  )
    return null;
  const eqs = equalities(filter, collated);
  let best: SortPlan | null = null;
  for (const idx of coll.indexes.values()) {
    if (!idx.canOrder) continue;
    let maxPrefix = 0;
    while (maxPrefix < idx.fields.length && eqs.has(at(idx.fields, maxPrefix))) maxPrefix++;
    for (let k = maxPrefix; k >= 0; k--) {
      const sign = (at(sortFields, 0)[1] as number) * (idx.dirs[k] ?? 0);
      let p = 0;
      while (
        p < sortFields.length &&
        k + p < idx.fields.length &&
        at(sortFields, p)[0] === idx.fields[k + p] &&
        (at(sortFields, p)[1] as number) * at(idx.dirs, k + p) === sign &&
        !idx.isMultikeyField(k + p) &&
        !(collated && idx.hasStrings(k + p))
      )
        p++;
      if (!p) continue;
      if (!best || p > best.covered || (p === best.covered && k > best.prefix.length)) {
        best = {
          index: idx,
          prefix: idx.fields.slice(0, k).map((f) => eqs.get(f)),
          backward: sign < 0,
          covered: p,
        };
      }
      break;
    }
  }
  return best;
}
