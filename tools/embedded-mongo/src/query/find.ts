import type { Document } from 'bson';
import { MongoServerError, badValue } from '../errors';
import type { Access } from '../storage/access';
import type { Collection } from '../storage/collection';
import type { IndexState } from '../storage/indexes';
import { compareValues, isPlainObject, valuesAtPath } from '../values';
import { Cmp, comparatorFor, isCollated } from './collation';
import { CompiledFilter, compileFilter } from './filter';
import { SortPlan, estimateCandidates, plan, planSort } from './planner';
import { complexProjector } from './projection';
import { at } from '../at';

export interface SelectOptions {
  collation?: Document;
  sort?: Document;
  skip?: number;
  limit?: number;
}

/** How a selection ran (for `explain`). */
export interface SelectStats {
  /** The index used: for the filter's candidates, or walked in sort order; null for a collection scan. */
  index: IndexState | '_id_' | null;
  /** Set when the index was walked in sort order. */
  sortWalk?: { backward: boolean; prefix: unknown[]; covered: number };
  /** Whether documents were sorted in memory (all of them, or runs of equal index keys). */
  inMemorySort: boolean;
  keysExamined: number;
  docsExamined: number;
}

/** A collection's default collation (`create` with `collation`) applies when the command gives none. */
export function defaultCollation(
  collation: Document | undefined,
  coll: Collection | undefined,
): Document | undefined {
  if (collation !== undefined || !coll) return collation;
  const own: unknown = coll.options.collation;
  return isPlainObject(own) ? own : undefined;
}

function withDefaultCollation(opts: SelectOptions, coll: Collection | undefined): SelectOptions {
  const collation = defaultCollation(opts.collation, coll);
  return collation === opts.collation ? opts : { ...opts, collation };
}

/** Below this many candidates the filter's plan plus an in-memory sort is as cheap as any walk. */
const SMALL_CANDIDATES = 128;

/** Matching documents, using an index when the filter allows, then sorted/skipped/limited. */
export function selectDocs(
  access: Access,
  coll: Collection | undefined,
  filter: unknown,
  options: SelectOptions = {},
  stats?: SelectStats,
): Document[] {
  const opts = withDefaultCollation(options, coll);
  const matcher = compileFilter(filter, opts.collation);
  if (!coll) return [];
  const f = (filter ?? {}) as Document;
  const skip = opts.skip ?? 0;
  const limit = opts.limit ?? 0;
  const sort = opts.sort && Object.keys(opts.sort).length ? opts.sort : undefined;
  const collated = isCollated(opts.collation);
  const need = limit > 0 ? skip + limit : Infinity;
  if (sort && !access.txn) {
    // A transaction's reads go through its overlay and snapshot: those keep the in-memory sort.
    const sp = planSort(coll, f, sort, collated);
    if (sp) {
      // Race the walk against the filter's own plan: give up once it has examined as many
      // documents as that plan would (at most twice the work of the in-memory sort).
      const budget = matcher.empty ? coll.docs.size : estimateCandidates(coll, f, collated);
      if (budget > Math.max(SMALL_CANDIDATES, need === Infinity ? 0 : need)) {
        const walked = walkSorted(coll, sp, matcher, sort, opts.collation, need, budget, stats);
        if (walked) return skip || limit ? walked.slice(skip, need) : walked;
      }
    }
  }
  const chosen = matcher.empty ? null : plan(coll, f, collated);
  const keys = chosen?.keys ?? null;
  const out: Document[] = [];
  // Without a sort we can stop early.
  const stopAt = !sort && limit > 0 ? skip + limit : Infinity;
  let examined = 0;
  for (const doc of access.scan(coll, keys)) {
    examined++;
    if (matcher.test(doc)) {
      out.push(doc);
      if (out.length >= stopAt) break;
    }
  }
  if (stats) {
    const name = chosen?.index ?? null;
    stats.index = name === '_id_' ? '_id_' : name ? (coll.indexes.get(name) ?? null) : null;
    stats.sortWalk = undefined;
    stats.inMemorySort = !!sort;
    stats.keysExamined = keys ? Math.min(keys.size, examined) : 0;
    stats.docsExamined = examined;
  }
  let result = out;
  if (sort) result = sortDocs(out, sort, opts.collation, limit > 0 ? skip + limit : 0);
  if (skip || limit) result = result.slice(skip, limit > 0 ? skip + limit : undefined);
  return result;
}

/**
 * Walks an index in sort order, testing each document against the filter, and stops once `need`
 * matches are known. When the index gives only the first sort keys, each run of documents with
 * equal index keys is sorted in memory by the rest (a run is always completed before stopping).
 * Returns null when the walk examined more than `budget` documents (the caller falls back).
 */
function walkSorted(
  coll: Collection,
  sp: SortPlan,
  matcher: CompiledFilter,
  sort: Document,
  collation: Document | undefined,
  need: number,
  budget: number,
  stats?: SelectStats,
): Document[] | null {
  const idx = sp.index;
  const partial = sp.covered < Object.keys(sort).length;
  const from = sp.prefix.length;
  const to = from + sp.covered;
  // A document appears under several keys when another field of the index is multikey.
  const seen = idx.isMultikey ? new Set<string>() : null;
  const out: Document[] = [];
  let run: Document[] = [];
  let runKey: unknown[] | null = null;
  let keysExamined = 0;
  let examined = 0;
  const flush = () => {
    if (!run.length) return;
    if (run.length === 1) out.push(at(run, 0));
    else for (const d of sortDocs(run, sort, collation, need - out.length)) out.push(d);
    run = [];
  };
  walk: for (const e of idx.walk(sp.prefix, sp.backward)) {
    keysExamined++;
    if (partial) {
      if (runKey && !sameKeys(e.t, runKey, from, to)) {
        flush();
        if (out.length >= need) break;
      }
      runKey = e.t;
    }
    for (const dk of e.keys) {
      if (seen) {
        if (seen.has(dk)) continue;
        seen.add(dk);
      }
      const doc = coll.docs.get(dk);
      if (!doc) continue;
      if (++examined > budget) return null;
      if (!matcher.test(doc)) continue;
      if (partial) run.push(doc);
      else {
        out.push(doc);
        if (out.length >= need) break walk;
      }
    }
  }
  flush();
  if (stats) {
    stats.index = idx;
    stats.sortWalk = { backward: sp.backward, prefix: sp.prefix, covered: sp.covered };
    stats.inMemorySort = partial;
    stats.keysExamined = keysExamined;
    stats.docsExamined = examined;
  }
  return out;
}

function sameKeys(a: unknown[], b: unknown[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (compareValues(a[i], b[i]) !== 0) return false;
  return true;
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
    k: fields.map(([p], j) => sortKey(d, p, at(dirs, j), cmp)),
  });
  const order = (a: Keyed, b: Keyed): number => {
    for (let j = 0; j < fields.length; j++) {
      const c = cmp(a.k[j], b.k[j]);
      if (c !== 0) return c * at(dirs, j);
    }
    return a.i - b.i;
  };
  if (topK > 0 && topK * 4 < docs.length) {
    // Only the first topK are needed (sort + limit): keep a sorted window instead of sorting everything.
    const best: Keyed[] = [];
    docs.forEach((d, i) => {
      const item = keyOfDoc(d, i);
      if (best.length === topK && order(item, at(best, topK - 1)) >= 0) return;
      let lo = 0;
      let hi = best.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (order(at(best, mid), item) <= 0) lo = mid + 1;
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
export function projectDocs(
  docs: Document[],
  projection: unknown,
  query: unknown = {},
): Document[] {
  if (projection === undefined || projection === null) return docs;
  if (!isPlainObject(projection))
    throw new MongoServerError(
      14,
      'TypeMismatch',
      'Expected field projection to be of type object',
    );
  if (!Object.keys(projection).length) return docs;
  validateProjection(projection);
  const simple = simpleProjection(projection);
  if (simple) return docs.map(simple);
  const project = complexProjector(projection, isPlainObject(query) ? query : {});
  return docs.map((doc) => idFirst(project(doc)));
}

/**
 * A projection that only includes or only excludes top-level fields (`{ title: 1, price: 1 }`,
 * `{ _id: 0, files: 0 }`): applied directly, without mingo. Output keeps the document's field order
 * with `_id` first, as MongoDB does. Null for anything else (dotted paths, operators, expressions).
 */
function simpleProjection(p: Document): ((doc: Document) => Document) | null {
  let include: boolean | null = null;
  let keepId = true;
  const fields = new Set<string>();
  for (const [k, v] of Object.entries(p)) {
    if (k.includes('.') || k.startsWith('$')) return null;
    let on: boolean;
    if (typeof v === 'boolean') on = v;
    else if (typeof v === 'number') on = v !== 0;
    else return null;
    if (k === '_id') {
      keepId = on;
      continue;
    }
    if (include === null) include = on;
    else if (include !== on) return null;
    fields.add(k);
  }
  if (include === null) {
    // Only `_id` named: `{ _id: 0 }` excludes it, `{ _id: 1 }` keeps only it.
    return keepId ? (doc) => ('_id' in doc ? { _id: doc._id } : {}) : (doc) => without(doc, '_id');
  }
  if (include) {
    return (doc) => {
      const out: Document = {};
      if (keepId && '_id' in doc) out._id = doc._id;
      for (const k of Object.keys(doc)) if (fields.has(k) && k !== '_id') out[k] = doc[k];
      return out;
    };
  }
  if (!keepId) fields.add('_id');
  return (doc) => {
    const out: Document = {};
    if ('_id' in doc && !fields.has('_id')) out._id = doc._id;
    for (const k of Object.keys(doc)) if (!fields.has(k) && k !== '_id') out[k] = doc[k];
    return out;
  };
}

function without(doc: Document, field: string): Document {
  const out: Document = {};
  for (const k of Object.keys(doc)) if (k !== field) out[k] = doc[k];
  return out;
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

/**
 * A pipeline's leading `$sort` (plain 1/-1 keys) and the `$skip`/`$limit` stages right after it,
 * folded into one window (`skip`, `limit`; `limit` undefined: no limit, 0: nothing) so a sorted
 * selection can run them; `consumed` is how many stages that covers. Null when it does not start so.
 */
export function pipelineSortWindow(
  stages: Document[],
): { sort: Document; skip: number; limit: number | undefined; consumed: number } | null {
  const first = stages[0];
  if (!first || !isPlainObject(first.$sort)) return null;
  const sort = first.$sort;
  const entries = Object.values(sort);
  if (!entries.length || entries.some((d) => d !== 1 && d !== -1)) return null;
  let skip = 0;
  let limit: number | undefined;
  let i = 1;
  for (; i < stages.length; i++) {
    const st = at(stages, i);
    if (typeof st.$skip === 'number' && Number.isInteger(st.$skip) && st.$skip >= 0) {
      skip += st.$skip;
      if (limit !== undefined) limit = Math.max(0, limit - st.$skip);
    } else if (typeof st.$limit === 'number' && Number.isInteger(st.$limit) && st.$limit > 0) {
      limit = limit === undefined ? st.$limit : Math.min(limit, st.$limit);
    } else break;
  }
  return { sort, skip, limit, consumed: i };
}
