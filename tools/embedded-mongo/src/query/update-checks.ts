import { Document, ObjectId } from 'bson';
import { MongoServerError, typeMismatch, badValue } from '../errors';
import { getPath, isPlainObject, keyOf, renderValue } from '../values';
import { isNumeric } from './update-validation';

/*
 * The checks an operator update passes against the document before it applies: the paths it
 * creates are viable, the operands' types fit, a `$rename` goes through no array, `_id` stays.
 */

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

export function checkFieldTypes(doc: Document, u: Document): void {
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
export function checkRenameArrays(doc: Document, mod: Document): void {
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

export const ID_CHANGE =
  "Performing an update on the path '_id' would modify the immutable field '_id'";

/** Operators may set _id to its current value only (or anything while inserting). */
export function guardId(doc: Document, mod: Document, isInsert: boolean): void {
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
