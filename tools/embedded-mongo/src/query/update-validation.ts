import { Document } from 'bson';
import { MongoServerError, failedToParse, typeMismatch, badValue } from '../errors';
import { isPlainObject, renderValue } from '../values';
import { at } from '../at';

/* What an update may be: operators with their fields, or a pipeline of the update stages. */

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

export function isNumeric(v: unknown): boolean {
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
