import { DBRef, type Document } from 'bson';
import { MongoServerError, badValue, toServerError } from '../errors';
import { isPlainObject } from '../values';
import { collatorFor } from './collation';
import { compileFast } from './fastmatch';
import { newQuery } from './mingo-context';

const TOP_LEVEL = new Set([
  '$and',
  '$or',
  '$nor',
  '$expr',
  '$where',
  '$text',
  '$comment',
  '$jsonSchema',
  '$alwaysTrue',
  '$alwaysFalse',
]);
const DBREF_FIELDS = new Set(['$ref', '$id', '$db']);
const FIELD_OPS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$exists',
  '$type',
  '$regex',
  '$options',
  '$not',
  '$elemMatch',
  '$size',
  '$all',
  '$mod',
  '$bitsAllSet',
  '$bitsAnySet',
  '$bitsAllClear',
  '$bitsAnyClear',
  '$geoWithin',
  '$geoIntersects',
  '$near',
  '$nearSphere',
  '$maxDistance',
  '$minDistance',
]);

/** Validates a query filter the way MongoDB's parser does, raising its error codes. */
export function validateFilter(filter: unknown): void {
  if (!isPlainObject(filter)) throw badValue('query filter must be an object');
  for (const [k, v] of Object.entries(filter)) {
    if (k.startsWith('$')) {
      if (!TOP_LEVEL.has(k))
        throw badValue(
          `unknown top level operator: ${k}. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.`,
        );
      if (k === '$and' || k === '$or' || k === '$nor') {
        if (!Array.isArray(v) || v.length === 0) throw badValue(`${k} must be a nonempty array`);
        for (const sub of v) {
          if (!isPlainObject(sub)) throw badValue(`${k} argument's entries must be objects`);
          validateFilter(sub);
        }
      }
      if (k === '$where')
        throw new MongoServerError(2, 'BadValue', '$where is not allowed in this context');
      if (k === '$text')
        throw new MongoServerError(27, 'IndexNotFound', 'text index required for $text query');
    } else validateCondition(v);
  }
}

function isOperatorObject(v: unknown): v is Document {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  return keys[0]?.startsWith('$') === true;
}

function validateCondition(v: unknown): void {
  if (!isOperatorObject(v)) return;
  for (const [op, x] of Object.entries(v)) {
    if (!FIELD_OPS.has(op)) throw badValue(`unknown operator: ${op}`);
    switch (op) {
      case '$in':
      case '$nin':
        if (!Array.isArray(x)) throw badValue(`${op} needs an array`);
        for (const el of x) if (isOperatorObject(el)) throw badValue(`cannot nest $ under ${op}`);
        break;
      case '$all':
        if (!Array.isArray(x)) throw badValue('$all needs an array');
        break;
      case '$size':
        if (typeof x !== 'number') throw badValue('$size needs a number');
        if (x < 0 || !Number.isInteger(x))
          throw badValue(`Failed to parse $size. Expected a non-negative integer`);
        break;
      case '$not':
        if (x instanceof RegExp) break;
        if (!isPlainObject(x)) throw badValue('$not needs a regex or a document');
        if (!Object.keys(x).length) throw badValue('$not cannot be empty');
        validateCondition(x);
        break;
      case '$elemMatch':
        if (x instanceof DBRef) break;
        if (!isPlainObject(x)) throw badValue('$elemMatch needs an Object');
        if (Object.keys(x).some((k) => DBREF_FIELDS.has(k))) {
          // Conditions on the fields of DBRefs (`{ $id: X }`), which MongoDB parses as field names.
          for (const [field, condition] of Object.entries(x)) {
            if (DBREF_FIELDS.has(field)) validateCondition(condition);
            else validateFilter({ [field]: condition });
          }
          break;
        }
        if (isOperatorObject(x) && !TOP_LEVEL.has(Object.keys(x)[0] ?? '')) validateCondition(x);
        else validateFilter(x);
        break;
      case '$regex': {
        if (typeof x !== 'string' && !(x instanceof RegExp))
          throw badValue('$regex has to be a string');
        const flags = typeof v.$options === 'string' ? v.$options : '';
        try {
          new RegExp(typeof x === 'string' ? x : x.source, flags.replace(/[^imsu]/g, ''));
        } catch (e) {
          throw new MongoServerError(
            51091,
            'Location51091',
            `Regular expression is invalid: ${(e as Error).message}`,
          );
        }
        break;
      }
      case '$options':
        if (!('$regex' in v)) throw badValue('$options needs a $regex');
        break;
      case '$mod':
        if (!Array.isArray(x) || x.length !== 2)
          throw badValue('malformed mod, needs to be an array');
        if (x[0] === 0) throw badValue('divisor cannot be 0');
        break;
      case '$exists':
      case '$type':
        break;
    }
  }
}

export interface CompiledFilter {
  test(doc: Document): boolean;
  readonly empty: boolean;
}

const ALWAYS: CompiledFilter = { test: () => true, empty: true };

/** Compiles a filter into a predicate; errors surface with MongoDB codes. */
export function compileFilter(filter: unknown, collation?: Document): CompiledFilter {
  if (filter === undefined || filter === null) return ALWAYS;
  validateFilter(filter);
  const f = filter as Document;
  if (!Object.keys(f).length) return ALWAYS;
  const fast = compileFast(f, collatorFor(collation)?.compare ?? null);
  if (fast) return { empty: false, test: fast };
  try {
    const q = newQuery(f, { collation: collation as never });
    return {
      empty: false,
      test(doc: Document): boolean {
        try {
          return q.test(doc);
        } catch (e) {
          throw toServerError(e);
        }
      },
    };
  } catch (e) {
    throw toServerError(e);
  }
}
