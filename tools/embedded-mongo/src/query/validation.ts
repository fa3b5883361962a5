import type { Document } from 'bson';
import { MongoServerError } from '../errors';
import type { Collection } from '../storage/collection';
import { isPlainObject } from '../values';
import { CompiledFilter, compileFilter } from './filter';

/** Compiled validators, per validator document (replaced as a whole by `collMod`). */
const compiled = new WeakMap<Document, CompiledFilter>();

function validatorOf(coll: Collection): CompiledFilter | null {
  const validator: unknown = coll.options.validator;
  if (!isPlainObject(validator) || !Object.keys(validator).length) return null;
  let filter = compiled.get(validator);
  if (!filter) {
    filter = compileFilter(validator);
    compiled.set(validator, filter);
  }
  return filter;
}

/**
 * A collection's validator (`validator` of `create`/`collMod`: query operators and/or `$jsonSchema`),
 * as MongoDB applies it: with `validationAction: "error"` (the default) a failing insert or update
 * answers 121 DocumentValidationFailure; `"warn"` lets it through; `validationLevel: "off"` turns it
 * off and `"moderate"` skips updates of documents that already failed it. `bypassDocumentValidation`
 * skips it.
 */
export function checkValidation(
  coll: Collection,
  doc: Document,
  bypass: boolean,
  before?: Document,
): void {
  if (bypass) return;
  const validator = validatorOf(coll);
  if (!validator) return;
  const { validationLevel: level = 'strict', validationAction: action = 'error' } = coll.options;
  if (level === 'off' || action === 'warn') return;
  if (level === 'moderate' && before && !validator.test(before)) return;
  if (validator.test(doc)) return;
  throw new MongoServerError(121, 'DocumentValidationFailure', 'Document failed validation', {
    errInfo: {
      failingDocumentId: doc._id,
      details: {
        operatorName:
          '$jsonSchema' in (coll.options.validator as Document) ? '$jsonSchema' : '$and',
      },
    },
  });
}
