import { Binary, DBRef, type Document } from 'bson';
import { Context } from 'mingo';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query as BaseQuery } from 'mingo/query';
import type { Options } from 'mingo/types';
import { badValue } from '../errors';
import {
  bsonTypeMatches,
  cloneDoc,
  compareValues,
  getPath,
  isPlainObject,
  setPath,
  valuesAtPath,
} from '../values';
import { orderedProject } from './field-order';
import { matchesJsonSchema } from './json-schema';
import { numericOperators } from './numeric-operators';

/**
 * The operators mingo evaluates, with ours where its answer differs from MongoDB's. mingo's own
 * `Query`/`Aggregator` merge a given context *under* their operators, so these go through the base
 * classes with this complete context instead.
 */
type FieldPredicate = (doc: Document) => boolean;
type QueryOperator = (selector: string, value: unknown, options: Options) => FieldPredicate;

/** Every value a condition on `path` is tested against: array elements, and the arrays themselves. */
function candidates(doc: Document, path: string): unknown[] {
  const values = valuesAtPath(doc, path);
  const whole = path.includes('.') ? undefined : doc[path];
  return Array.isArray(whole) ? [...values, whole] : values;
}

/** `$type` by BSON type (name, number or alias `number`), including ObjectId, binData and decimal. */
const $type: QueryOperator = (selector, value) => {
  const wanted = Array.isArray(value) ? value : [value];
  for (const t of wanted) {
    if (typeof t !== 'string' && typeof t !== 'number')
      throw badValue(`type must be represented as a number or a string`);
  }
  return (doc) =>
    candidates(doc, selector).some(
      (v) => v !== undefined && wanted.some((t) => bsonTypeMatches(v, t as string | number)),
    );
};

/** `$all` treats a field that is not an array as an array of that one value. */
const $all: QueryOperator = (selector, value, options) => {
  const inner = queryOperators.$all(selector, value, options);
  return (doc) => {
    if (inner(doc)) return true;
    const current = getPath(doc, selector);
    if (current === undefined || Array.isArray(current)) return false;
    const wrapped = selector.includes('.') ? cloneDoc(doc) : { ...doc };
    setPath(wrapped, selector, [current]);
    return inner(wrapped);
  };
};

/** Comparisons against binary data, which MongoDB orders by length, subtype, then bytes. */
function binaryComparison(
  name: '$gt' | '$gte' | '$lt' | '$lte',
  holds: (c: number) => boolean,
): QueryOperator {
  return (selector, value, options) => {
    if (!(value instanceof Binary)) {
      return numericOperators[name](selector, value, options);
    }
    return (doc) =>
      valuesAtPath(doc, selector).some(
        (v) => v instanceof Binary && holds(compareValues(v, value)),
      );
  };
}

/** The fields of a DBRef, under names a query can use (a condition on `$id` reads as an operator). */
const DBREF_FIELDS: Record<string, string> = {
  $ref: '\u0000ref',
  $id: '\u0000id',
  $db: '\u0000db',
};

/** `{ $id: X }`, `{ $ref: 'c', $id: { $in: [...] } }`: conditions on the fields of DBRefs, renamed. */
function dbRefQuery(value: unknown): Document | null {
  let fields: Document;
  if (value instanceof DBRef) {
    // `{ $ref, $id }` arrives decoded as a DBRef: an equality, unless `$id` holds operators.
    const id: unknown = value.oid;
    if (!isPlainObject(id) || !Object.keys(id)[0]?.startsWith('$')) return null;
    fields = { $ref: value.collection, $id: id, ...(value.db ? { $db: value.db } : {}) };
  } else if (isPlainObject(value) && Object.keys(value).some((k) => k in DBREF_FIELDS)) {
    fields = value;
  } else return null;
  const renamed: Document = {};
  for (const [k, v] of Object.entries(fields)) renamed[DBREF_FIELDS[k] ?? k] = v;
  return renamed;
}

/** A DBRef as a document with the renamed fields, for `dbRefQuery`'s conditions. */
function dbRefFields(element: unknown): unknown {
  if (!(element instanceof DBRef)) return element;
  const out: Document = { ...element.fields };
  out[DBREF_FIELDS.$ref ?? ''] = element.collection;
  out[DBREF_FIELDS.$id ?? ''] = element.oid;
  if (element.db) out[DBREF_FIELDS.$db ?? ''] = element.db;
  return out;
}

/** The arrays at `path`, through arrays of subdocuments on the way. */
function arraysAt(doc: Document, path: string): unknown[][] {
  let current: unknown[] = [doc];
  for (const part of path.split('.')) {
    const next: unknown[] = [];
    for (const c of current) {
      if (Array.isArray(c)) {
        for (const el of c) if (isPlainObject(el) && part in el) next.push(el[part]);
      } else if (isPlainObject(c) && part in c) next.push(c[part]);
    }
    current = next;
  }
  return current.filter((v): v is unknown[] => Array.isArray(v));
}

/**
 * `$elemMatch` against DBRefs: a whole `{ $ref, $id }` (decoded as a DBRef) is an equality, and
 * conditions on some of its fields (`{ $id: X }`) are tested against each DBRef's fields.
 */
const $elemMatch: QueryOperator = (selector, value, options) => {
  const dbRef = dbRefQuery(value);
  if (dbRef) {
    const probe = newQuery(dbRef);
    return (doc) =>
      arraysAt(doc, selector).some((values) =>
        values.some((element) => {
          const fields = dbRefFields(element);
          return isPlainObject(fields) && probe.test(fields);
        }),
      );
  }
  const criteria = isPlainObject(value) ? value : { $eq: value };
  return queryOperators.$elemMatch(selector, criteria, options);
};

export const mingoContext = Context.init({
  accumulator: accumulatorOperators,
  expression: expressionOperators,
  pipeline: { ...pipelineOperators, $project: orderedProject },
  projection: projectionOperators,
  query: {
    ...queryOperators,
    $eq: numericOperators.$eq,
    $ne: numericOperators.$ne,
    $in: numericOperators.$in,
    $nin: numericOperators.$nin,
    $expr: numericOperators.$expr,
    $type,
    $all,
    $elemMatch,
    $gt: binaryComparison('$gt', (c) => c > 0),
    $gte: binaryComparison('$gte', (c) => c >= 0),
    $lt: binaryComparison('$lt', (c) => c < 0),
    $lte: binaryComparison('$lte', (c) => c <= 0),
  },
  window: windowOperators,
});

/** A mingo query evaluated with `mingoContext`. */
export function newQuery(condition: Document, options: Partial<Options> = {}): BaseQuery {
  return new BaseQuery(condition, {
    scriptEnabled: false,
    jsonSchemaValidator: (schema) => (doc) => matchesJsonSchema(doc, schema),
    ...options,
    context: mingoContext,
  });
}
