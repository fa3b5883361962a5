import { Binary, Document, ObjectId } from 'bson';
import { update as mingoUpdate } from 'mingo';
import { Aggregator } from 'mingo/aggregator';
import { MongoServerError, failedToParse, toServerError, typeMismatch, badValue } from '../errors';
import { cloneDoc, getPath, isPlainObject, keyOf, renderValue, setPath } from '../values';
import { idFirst } from './find';
import { mingoContext, newQuery } from './mingo-context';
import { expandPositionals, hasSiblingPositionals } from './positional';
import { at } from '../at';

const MODIFIERS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$rename',
  '$setOnInsert',
  '$min',
  '$max',
  '$currentDate',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$bit',
]);
const PIPELINE_STAGES = new Set([
  '$addFields',
  '$set',
  '$project',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
]);

export type UpdateSpec = Document | Document[];

export function isOperatorUpdate(u: UpdateSpec): boolean {
  if (Array.isArray(u)) return false;
  const keys = Object.keys(u);
  return keys[0]?.startsWith('$') === true;
}

function isNumeric(v: unknown): boolean {
  return (
    typeof v === 'number' ||
    (typeof v === 'object' &&
      v !== null &&
      ['Long', 'Int32', 'Double', 'Decimal128'].includes(
        (v as { _bsontype?: string })._bsontype ?? '',
      ))
  );
}

/** Validates an update document/pipeline; throws MongoDB's error codes. */
export function validateUpdate(u: unknown): asserts u is UpdateSpec {
  if (Array.isArray(u)) {
    for (const stage of u) {
      if (!isPlainObject(stage) || Object.keys(stage).length !== 1)
        throw failedToParse(
          'Each element of the update pipeline must be an object with exactly one field',
        );
      const name = Object.keys(stage)[0] ?? '';
      if (!PIPELINE_STAGES.has(name)) {
        throw new MongoServerError(
          72,
          'InvalidOptions',
          `${name} is not allowed to be used within an update`,
        );
      }
    }
    return;
  }
  if (!isPlainObject(u))
    throw failedToParse('Update argument must be either an object or an array');
  if (!isOperatorUpdate(u)) {
    for (const k of Object.keys(u)) {
      if (k.startsWith('$'))
        throw new MongoServerError(
          52,
          'DollarPrefixedFieldName',
          `The dollar ($) prefixed field '${k}' in '${k}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
        );
    }
    return;
  }
  const paths: string[] = [];
  for (const [op, arg] of Object.entries(u)) {
    if (!MODIFIERS.has(op)) {
      throw failedToParse(
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(arg)) {
      throw failedToParse(
        `Modifiers operate on fields but we found type ${Array.isArray(arg) ? 'array' : typeof arg} instead. For example: {$mod: {<field>: ...}} not {${op}: ${renderValue(arg)}}`,
      );
    }
    for (const [path, v] of Object.entries(arg)) {
      if ((op === '$inc' || op === '$mul') && !isNumeric(v)) {
        throw typeMismatch(
          `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${renderValue(v)}}`,
        );
      }
      if (op === '$rename') {
        if (typeof v !== 'string')
          throw badValue(`The 'to' field for $rename must be a string: ${path}: ${renderValue(v)}`);
        paths.push(v);
      }
      if (op === '$pop' && v !== 1 && v !== -1)
        throw failedToParse(`Expected a number in: ${path}: ${renderValue(v)}`);
      paths.push(path);
    }
  }
  const sorted = [...paths].sort();
  for (let i = 1; i < sorted.length; i++) {
    const a = at(sorted, i - 1);
    const b = at(sorted, i);
    if (a === b || b.startsWith(a + '.')) {
      throw new MongoServerError(
        40,
        'ConflictingUpdateOperators',
        `Updating the path '${b}' would create a conflict at '${a}'`,
      );
    }
  }
}

/** Operators that create the field at their path when it is missing. */
const CREATING = new Set([
  '$set',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$currentDate',
  '$push',
  '$addToSet',
]);

/**
 * MongoDB's PathNotViable (28): a path that would have to create a field inside an array (by a
 * name rather than an index: `comments.body`) or inside a scalar (`price.amount` on `price: 5`).
 */
function checkPathViable(doc: Document, path: string): void {
  const segments = path.split('.');
  let current: unknown = doc;
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i] ?? '';
    const child = segments[i + 1] ?? '';
    const value: unknown = Array.isArray(current)
      ? /^\d+$/.test(segment)
        ? current[Number(segment)]
        : undefined
      : (current as Document)[segment];
    if (value === undefined) return;
    if (Array.isArray(value) ? /^\d+$/.test(child) : isPlainObject(value)) {
      current = value;
      continue;
    }
    throw new MongoServerError(
      28,
      'PathNotViable',
      `Cannot create field '${child}' in element {${segment}: ${renderValue(value)}}`,
    );
  }
}

function checkFieldTypes(doc: Document, u: Document): void {
  for (const [op, arg] of Object.entries(u)) {
    if (!isPlainObject(arg)) continue;
    for (const path of Object.keys(arg)) {
      if (path.includes('$')) continue;
      if (CREATING.has(op) && path.includes('.')) checkPathViable(doc, path);
      const cur = getPath(doc, path);
      if (cur === undefined || cur === null) continue;
      if ((op === '$inc' || op === '$mul') && !isNumeric(cur)) {
        throw typeMismatch(
          `Cannot apply ${op} to a value of non-numeric type. {_id: ${renderValue(doc._id)}} has the field '${path.split('.').pop()}' of non-numeric type ${typeName(cur)}`,
        );
      }
      if (['$push', '$addToSet', '$pull', '$pullAll', '$pop'].includes(op) && !Array.isArray(cur)) {
        if (op === '$pull' || op === '$pullAll')
          throw badValue('Cannot apply $pull to a non-array value');
        throw badValue(
          `The field '${path}' must be an array but is of type ${typeName(cur)} in document {_id: ${renderValue(doc._id)}}`,
        );
      }
    }
  }
}

/** MongoDB refuses a `$rename` whose source or destination goes through an array (2 BadValue). */
function checkRenameArrays(doc: Document, mod: Document): void {
  const rename: unknown = mod.$rename;
  if (!isPlainObject(rename)) return;
  for (const [from, to] of Object.entries(rename)) {
    for (const [which, path] of [
      ['source', from],
      ['destination', String(to)],
    ] as const) {
      const segments = path.split('.');
      let current: unknown = doc;
      for (const segment of segments.slice(0, -1)) {
        current = (current as Document)[segment];
        if (Array.isArray(current)) {
          throw badValue(
            `The ${which} field cannot be an array element, '${path}' in doc with _id: ${renderValue(doc._id)} has an array field called '${segment}'`,
          );
        }
        if (!isPlainObject(current)) break;
      }
    }
  }
}

function typeName(v: unknown): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof ObjectId) return 'objectId';
  return typeof v === 'object' ? 'object' : typeof v;
}

const ID_CHANGE = "Performing an update on the path '_id' would modify the immutable field '_id'";

/** Operators may set _id to its current value only (or anything while inserting). */
function guardId(doc: Document, mod: Document, isInsert: boolean): void {
  for (const [op, arg] of Object.entries(mod)) {
    for (const path of Object.keys(arg as Document)) {
      if (path !== '_id' && !path.startsWith('_id.')) continue;
      if (isInsert && op === '$set' && path === '_id') {
        // An upsert may set _id when the filter fixed none, or to the filter's own value.
        const value: unknown = (arg as Document)[path];
        if (doc._id !== undefined && keyOf(value) !== keyOf(doc._id)) {
          throw new MongoServerError(66, 'ImmutableField', ID_CHANGE);
        }
        doc._id = value;
        delete (arg as Document)[path];
        continue;
      }
      if (isInsert && op === '$set') continue;
      if (
        op === '$set' &&
        path === '_id' &&
        doc._id !== undefined &&
        keyOf((arg as Document)[path]) === keyOf(doc._id)
      ) {
        delete (arg as Document)[path];
        continue;
      }
      throw new MongoServerError(66, 'ImmutableField', ID_CHANGE);
    }
  }
}

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
