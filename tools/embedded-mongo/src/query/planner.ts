import { Document, ObjectId } from 'bson';
import type { Collection } from '../storage/collection';
import type { RangeBound } from '../storage/indexes';
import { isPlainObject, keyOf, typeRank } from '../values';

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
  if (!keys.length || !keys[0].startsWith('$')) return null;
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
        if (
          idx.isText ||
          idx.spec.partialFilterExpression ||
          idx.spec.collation ||
          idx.fields[0] !== field
        )
          continue;
        if (access.kind === 'eq') {
          if (access.values.some((v) => v === null) && (idx.sparse || field.includes('.')))
            continue;
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
  return best;
}
