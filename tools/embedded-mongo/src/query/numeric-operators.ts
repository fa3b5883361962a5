import type { Document } from 'bson';
import * as queryOperators from 'mingo/operators/query';
import type { Options } from 'mingo/types';
import {
  holdsNumberWrappers,
  isNumberWrapper,
  plainNumbers,
  typedNumbersSeen,
  wrapperValue,
} from '../numbers';
import { typeRank, valuesAtPath } from '../values';

/**
 * Comparisons with a number that also see int64 and whole doubles kept with their BSON type (`Long`,
 * `Double`, which mingo would compare as objects): MongoDB compares numbers by value whatever their
 * type. Any other comparison is mingo's own.
 */
type FieldPredicate = (doc: Document) => boolean;
type QueryOperator = (selector: string, value: unknown, options: Options) => FieldPredicate;

/** The value of a number of any BSON type (undefined for anything else, and for NaN: left to mingo). */
function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isNaN(v) ? undefined : v;
  if (typeof v === 'object' && v !== null && isNumberWrapper(v)) return wrapperValue(v);
  return undefined;
}

/** Every value a condition on `path` is tested against: array elements, and the arrays themselves. */
function candidates(doc: Document, path: string): unknown[] {
  const values = valuesAtPath(doc, path);
  const whole = path.includes('.') ? undefined : doc[path];
  return Array.isArray(whole) ? [...values, whole] : values;
}

function holds(doc: Document, path: string, test: (n: number) => boolean): boolean {
  for (const v of candidates(doc, path)) {
    if (typeRank(v) !== 2) continue;
    const n = numberOf(v);
    if (n !== undefined && test(n)) return true;
  }
  return false;
}

function comparison(
  name: '$eq' | '$gt' | '$gte' | '$lt' | '$lte',
  test: (a: number, b: number) => boolean,
): QueryOperator {
  return (selector, value, options) => {
    const n = numberOf(value);
    if (n === undefined) return queryOperators[name](selector, value, options);
    return (doc) => holds(doc, selector, (x) => test(x, n));
  };
}

const $eq = comparison('$eq', (a, b) => a === b);

const $ne: QueryOperator = (selector, value, options) => {
  if (numberOf(value) === undefined) return queryOperators.$ne(selector, value, options);
  const eq = $eq(selector, value, options);
  return (doc) => !eq(doc);
};

const $in: QueryOperator = (selector, value, options) => {
  if (!Array.isArray(value)) return queryOperators.$in(selector, value, options);
  const numbers = new Set<number>();
  const rest: unknown[] = [];
  for (const x of value) {
    const n = numberOf(x);
    if (n === undefined) rest.push(x);
    else numbers.add(n);
  }
  if (!numbers.size) return queryOperators.$in(selector, value, options);
  const others = rest.length ? queryOperators.$in(selector, rest, options) : null;
  return (doc) => holds(doc, selector, (x) => numbers.has(x)) || (others?.(doc) ?? false);
};

const $nin: QueryOperator = (selector, value, options) => {
  if (!Array.isArray(value)) return queryOperators.$nin(selector, value, options);
  const inside = $in(selector, value, options);
  return (doc) => !inside(doc);
};

const plainCopies = new WeakMap<object, unknown>();

/** The document with its number wrappers as plain numbers (one copy per document, only when it holds any). */
function plainOf(doc: Document): Document {
  let plain = plainCopies.get(doc) as Document | undefined;
  if (plain === undefined) {
    plain = holdsNumberWrappers(doc) ? plainNumbers(doc) : doc;
    plainCopies.set(doc, plain);
  }
  return plain;
}

/**
 * `$expr` in a query, evaluated by mingo's expression operators over the document with its int64
 * and whole doubles as plain numbers, so their arithmetic and comparisons see values. Until a
 * client has stored such a number, one boolean is read per document and nothing else changes.
 * (Pipelines get plain numbers from their input: commands/aggregate.ts.)
 */
export const $expr: QueryOperator = (selector, value, options) => {
  const inner = queryOperators.$expr(selector, value, options);
  return (doc) => inner(typedNumbersSeen() ? plainOf(doc) : doc);
};

export const numericOperators = {
  $eq,
  $expr,
  $ne,
  $in,
  $nin,
  $gt: comparison('$gt', (a, b) => a > b),
  $gte: comparison('$gte', (a, b) => a >= b),
  $lt: comparison('$lt', (a, b) => a < b),
  $lte: comparison('$lte', (a, b) => a <= b),
};
