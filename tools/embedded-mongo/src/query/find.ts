import type { Document } from 'bson';
import { Query } from 'mingo';
import { MongoServerError, badValue, toServerError } from '../errors';
import type { Access } from '../storage/access';
import type { Collection } from '../storage/collection';
import { isPlainObject, valuesAtPath } from '../values';
import { Cmp, comparatorFor, isCollated } from './collation';
import { compileFilter } from './filter';
import { plan } from './planner';

export interface SelectOptions {
  collation?: Document;
  sort?: Document;
  skip?: number;
  limit?: number;
}

/** Matching documents, using an index when the filter allows, then sorted/skipped/limited. */
export function selectDocs(
  access: Access,
  coll: Collection | undefined,
  filter: unknown,
  opts: SelectOptions = {},
): Document[] {
  const matcher = compileFilter(filter, opts.collation);
  if (!coll) return [];
  const f = (filter ?? {}) as Document;
  const keys = matcher.empty ? null : plan(coll, f, isCollated(opts.collation)).keys;
  const skip = opts.skip ?? 0;
  const limit = opts.limit ?? 0;
  const sort = opts.sort && Object.keys(opts.sort).length ? opts.sort : undefined;
  const out: Document[] = [];
  // Without a sort we can stop early.
  const stopAt = !sort && limit > 0 ? skip + limit : Infinity;
  for (const doc of access.scan(coll, keys)) {
    if (matcher.test(doc)) {
      out.push(doc);
      if (out.length >= stopAt) break;
    }
  }
  let result = out;
  if (sort) result = sortDocs(out, sort, opts.collation, limit > 0 ? skip + limit : 0);
  if (skip || limit) result = result.slice(skip, limit > 0 ? skip + limit : undefined);
  return result;
}

export function validateSort(sort: unknown): Document | undefined {
  if (sort === undefined || sort === null) return undefined;
  if (!isPlainObject(sort))
    throw new MongoServerError(14, 'TypeMismatch', 'Expected field sort to be of type object');
  for (const [k, v] of Object.entries(sort)) {
    if (isPlainObject(v) && '$meta' in v) continue;
    const n = Number(v);
    if (n !== 1 && n !== -1) {
      throw new MongoServerError(
        15975,
        'Location15975',
        '$sort key ordering must be 1 (for ascending) or -1 (for descending)',
      );
    }
    if (!k) throw badValue('sort key must not be empty');
  }
  return sort;
}

function sortKey(doc: Document, path: string, dir: number, cmp: Cmp): unknown {
  const vals = valuesAtPath(doc, path);
  if (!vals.length) return null;
  if (vals.length === 1) return vals[0];
  let best = vals[0];
  for (const v of vals) if (dir > 0 ? cmp(v, best) < 0 : cmp(v, best) > 0) best = v;
  return best;
}

/** MongoDB sort order (BSON type order, array min/max keys), with an optional collation for strings. */
export function sortDocs(
  docs: Document[],
  sort: Document,
  collation?: Document,
  topK = 0,
): Document[] {
  const { cmp } = comparatorFor(collation);
  const fields = Object.entries(sort).filter(([, v]) => !(isPlainObject(v) && '$meta' in v));
  const dirs = fields.map(([, dir]) => (Number(dir) > 0 ? 1 : -1));
  type Keyed = { d: Document; i: number; k: unknown[] };
  const keyOfDoc = (d: Document, i: number): Keyed => ({
    d,
    i,
    k: fields.map(([p], j) => sortKey(d, p, dirs[j], cmp)),
  });
  const order = (a: Keyed, b: Keyed): number => {
    for (let j = 0; j < fields.length; j++) {
      const c = cmp(a.k[j], b.k[j]);
      if (c !== 0) return c * dirs[j];
    }
    return a.i - b.i;
  };
  if (topK > 0 && topK * 4 < docs.length) {
    // Only the first topK are needed (sort + limit): keep a sorted window instead of sorting everything.
    const best: Keyed[] = [];
    docs.forEach((d, i) => {
      const item = keyOfDoc(d, i);
      if (best.length === topK && order(item, best[topK - 1]) >= 0) return;
      let lo = 0;
      let hi = best.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (order(best[mid], item) <= 0) lo = mid + 1;
        else hi = mid;
      }
      best.splice(lo, 0, item);
      if (best.length > topK) best.pop();
    });
    return best.map((x) => x.d);
  }
  const keyed = docs.map(keyOfDoc);
  keyed.sort(order);
  return keyed.map((x) => x.d);
}

/** Applies a find projection, keeping `_id` first as MongoDB does. */
export function projectDocs(docs: Document[], projection: unknown): Document[] {
  if (projection === undefined || projection === null) return docs;
  if (!isPlainObject(projection))
    throw new MongoServerError(
      14,
      'TypeMismatch',
      'Expected field projection to be of type object',
    );
  if (!Object.keys(projection).length) return docs;
  validateProjection(projection);
  try {
    const q = new Query({}, { scriptEnabled: false });
    return (q.find(docs, projection).all() as Document[]).map(idFirst);
  } catch (e) {
    throw toServerError(e);
  }
}

function validateProjection(p: Document): void {
  let incl: string | null = null;
  let excl: string | null = null;
  for (const [k, v] of Object.entries(p)) {
    if (isPlainObject(v) || Array.isArray(v) || typeof v === 'string') {
      if (typeof v === 'string' || Array.isArray(v)) incl ??= k;
      continue;
    }
    const on =
      v === true ||
      (typeof v === 'number' && v !== 0) ||
      (typeof v === 'object' && v !== null && Number(v) !== 0);
    if (k === '_id') continue;
    if (on) incl ??= k;
    else excl ??= k;
  }
  if (incl && excl) {
    throw new MongoServerError(
      31254,
      'Location31254',
      `Cannot do exclusion on field ${excl} in inclusion projection`,
    );
  }
}

export function idFirst(doc: Document): Document {
  const keys = Object.keys(doc);
  if (!('_id' in doc) || keys[0] === '_id') return doc;
  const out: Document = { _id: doc._id };
  for (const k of keys) if (k !== '_id') out[k] = doc[k];
  return out;
}
