import { Binary, Document, ObjectId } from 'bson';
import { update as mingoUpdate } from 'mingo';
import { Aggregator } from 'mingo/aggregator';
import { MongoServerError, toServerError, badValue } from '../errors';
import { cloneDoc, getPath, isPlainObject, keyOf, renderValue, setPath } from '../values';
import { idFirst } from './find';
import { mingoContext, newQuery } from './mingo-context';
import { expandPositionals, hasSiblingPositionals } from './positional';
import { isOperatorUpdate, type UpdateSpec } from './update-validation';
import { checkFieldTypes, checkRenameArrays, guardId, ID_CHANGE } from './update-checks';

const LOGICAL = new Set(['$or', '$and', '$nor']);

/**
 * A `$pull` condition mingo would not apply as a query on each element: one through `$or`, `$and`
 * or `$nor`, or the empty query `{}` (which removes every subdocument, and nothing else).
 */
function isElementQuery(condition: unknown): condition is Document {
  if (!isPlainObject(condition)) return false;
  const keys = Object.keys(condition);
  return keys.length === 0 || keys.some((k) => LOGICAL.has(k));
}

/** True when a `$pull` of such a condition goes through a positional path (`o.$.items`). */
function hasPositionalElementPull(mod: Document): boolean {
  const pull: unknown = mod.$pull;
  if (!isPlainObject(pull)) return false;
  return Object.entries(pull).some(([path, c]) => path.includes('$') && isElementQuery(c));
}

/**
 * Takes out of `mod.$pull` the conditions that are queries on whole elements through `$or`, `$and`
 * or `$nor` (`{ items: { $or: [{ sku: 'a' }, { qty: 0 }] } }`), which mingo would test against the
 * element as a value and so never match, and the empty query. Returns them as [path, condition].
 */
function takeLogicalPulls(mod: Document): [string, Document][] {
  const pull: unknown = mod.$pull;
  if (!isPlainObject(pull)) return [];
  const taken: [string, Document][] = [];
  // A copy: the same update applies to every matched document.
  const rest: Document = {};
  for (const [path, condition] of Object.entries(pull)) {
    if (!path.includes('$') && isElementQuery(condition)) {
      taken.push([path, condition]);
    } else rest[path] = condition;
  }
  if (!taken.length) return taken;
  if (Object.keys(rest).length) mod.$pull = rest;
  else delete mod.$pull;
  return taken;
}

/** `$pull` of the elements that match `condition` as documents of a collection would. */
function pullMatching(doc: Document, path: string, condition: Document): void {
  const current = getPath(doc, path);
  if (current === undefined || current === null) return;
  if (!Array.isArray(current)) throw badValue('Cannot apply $pull to a non-array value');
  const query = newQuery(condition);
  const kept = current.filter((element) => !(isPlainObject(element) && query.test(element)));
  if (kept.length !== current.length) setPath(doc, path, kept);
}

/**
 * mingo skips a `$set` whose value it finds equal to the current one, and it compares binary data
 * without its subtype: a change of subtype alone would be lost.
 */
function setBinaries(doc: Document, mod: Document): void {
  const set: unknown = mod.$set;
  if (!isPlainObject(set)) return;
  for (const [path, value] of Object.entries(set)) {
    if (value instanceof Binary && !path.includes('$')) setPath(doc, path, value);
  }
}

/**
 * mingo re-tests the query on the document before updating it, without the command's collation;
 * the document was selected already, so the query is passed only for the positional `$`.
 */
function usesPositional(mod: Document): boolean {
  for (const arg of Object.values(mod)) {
    if (!isPlainObject(arg)) continue;
    for (const path of Object.keys(arg))
      if (path === '$' || path.includes('.$.') || path.endsWith('.$')) return true;
  }
  return false;
}

export interface ApplyOptions {
  arrayFilters?: Document[];
  query?: Document;
  isInsert?: boolean;
}

/** Returns the updated copy of `doc`; never mutates the stored document. */
export function applyUpdate(doc: Document, u: UpdateSpec, opts: ApplyOptions = {}): Document {
  let next: Document;
  if (Array.isArray(u)) {
    try {
      next =
        new Aggregator(u as Document[], { scriptEnabled: false, context: mingoContext }).run([
          cloneDoc(doc),
        ])[0] ?? {};
    } catch (e) {
      throw toServerError(e);
    }
  } else if (isOperatorUpdate(u)) {
    next = cloneDoc(doc);
    let mod: Document = {};
    for (const [op, arg] of Object.entries(u)) {
      if (op === '$setOnInsert') {
        if (opts.isInsert) mod.$set = { ...(mod.$set ?? {}), ...arg };
      } else if (op === '$set') mod.$set = { ...arg, ...(mod.$set ?? {}) };
      else mod[op] = arg;
    }
    guardId(next, mod, !!opts.isInsert);
    let arrayFilters = opts.arrayFilters;
    if (hasSiblingPositionals(mod) || hasPositionalElementPull(mod)) {
      mod = expandPositionals(next, mod, opts.query ?? {}, arrayFilters ?? []);
      arrayFilters = undefined;
    }
    checkFieldTypes(next, mod);
    checkRenameArrays(next, mod);
    const logicalPulls = takeLogicalPulls(mod);
    try {
      if (Object.keys(mod).length)
        mingoUpdate(next, mod, arrayFilters, usesPositional(mod) ? opts.query : undefined, {
          cloneMode: 'copy',
        });
      for (const [path, condition] of logicalPulls) pullMatching(next, path, condition);
      setBinaries(next, mod);
    } catch (e) {
      throw toServerError(e);
    }
  } else {
    next = { _id: doc._id, ...u };
    if (!('_id' in u)) next._id = doc._id;
  }
  // An upsert's document starts from the filter: an _id the filter fixed is immutable too.
  if ((!opts.isInsert || doc._id !== undefined) && keyOf(next._id) !== keyOf(doc._id)) {
    throw Array.isArray(u) || isOperatorUpdate(u)
      ? new MongoServerError(66, 'ImmutableField', ID_CHANGE)
      : replacedId(next._id);
  }
  if (next._id === undefined) delete next._id;
  return idFirst(next);
}

function replacedId(id: unknown): MongoServerError {
  return new MongoServerError(
    66,
    'ImmutableField',
    `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${renderValue(id)}`,
  );
}

/** The document an upsert starts from: the equality conditions of the query. */
export function upsertSeed(query: Document): Document {
  const seed: Document = {};
  const visit = (q: Document) => {
    for (const [k, v] of Object.entries(q)) {
      if (k === '$and' && Array.isArray(v)) v.forEach((s) => isPlainObject(s) && visit(s));
      if (k.startsWith('$')) continue;
      if (isPlainObject(v) && Object.keys(v)[0]?.startsWith('$')) {
        if ('$eq' in v) setPath(seed, k, v.$eq);
        continue;
      }
      setPath(seed, k, v);
    }
  };
  visit(query);
  return seed;
}

/** Builds the document an upsert inserts. */
export function buildUpsert(query: Document, u: UpdateSpec, arrayFilters?: Document[]): Document {
  const seed = upsertSeed(query);
  let doc: Document;
  if (!Array.isArray(u) && !isOperatorUpdate(u)) {
    doc = { ...u };
    if (!('_id' in doc) && '_id' in seed) doc._id = seed._id;
    else if ('_id' in seed && keyOf(doc._id) !== keyOf(seed._id)) throw replacedId(doc._id);
  } else {
    doc = applyUpdate(seed, u, { arrayFilters, isInsert: true });
  }
  if (doc._id === undefined) doc = { _id: new ObjectId(), ...doc };
  return idFirst(doc);
}
