import { Document, ObjectId, calculateObjectSize, serialize } from 'bson';
import { MongoServerError, badValue, failedToParse, toServerError } from '../errors';
import { idFirst, projectDocs, selectDocs, validateSort } from '../query/find';
import { type ApplyOptions, applyUpdate, buildUpsert } from '../query/update';
import { isOperatorUpdate, validateUpdate } from '../query/update-validation';
import { needsPlainUpdate, plainNumbers, retypeUpdate } from '../numbers';
import { checkValidation } from '../query/validation';
import type { Collection } from '../storage/collection';
import { isPlainObject, keyOf, nestedDeeperThan } from '../values';
import { MAX_BSON_SIZE } from '../wire/frames';
import {
  CommandContext,
  Handler,
  checkHint,
  collName,
  ensureCollection,
  getCollection,
  optDoc,
} from './context';

function requireArray(ctx: CommandContext, field: string): unknown[] {
  const v = ctx.body[field];
  if (v === undefined)
    throw new MongoServerError(
      40414,
      'Location40414',
      `BSON field '${ctx.name}.${field}' is missing but a required field`,
    );
  if (!Array.isArray(v))
    throw new MongoServerError(
      14,
      'TypeMismatch',
      `BSON field '${ctx.name}.${field}' is the wrong type, expected type 'array'`,
    );
  return v;
}

/** MongoDB's limit on nested documents and arrays in a stored document. */
const MAX_NESTING_DEPTH = 100;

function writeError(index: number, e: unknown): Document {
  const err = toServerError(e);
  return { index, code: err.code, errmsg: err.message, ...err.extra };
}

/** `frameBytes`: the size of the request that carried the document, when it is the document as sent. */
function checkStorable(doc: Document, frameBytes?: number): void {
  if (Array.isArray(doc._id)) throw badValue("can't use an array for _id");
  if (doc._id instanceof RegExp) throw badValue("can't use a regex for _id");
  for (const k of Object.keys(doc)) {
    if (k.startsWith('$')) throw badValue(`Document can't have $ prefixed field names: ${k}`);
  }
  if (nestedDeeperThan(doc, MAX_NESTING_DEPTH)) {
    throw new MongoServerError(
      15,
      'Overflow',
      `Document exceeds maximum nesting depth of ${MAX_NESTING_DEPTH}`,
    );
  }
  // A document that arrived in a frame no larger than the limit cannot exceed it, even with the
  // generated _id (17 bytes, less than the frame's own header and command): saves a full walk.
  if (frameBytes !== undefined && frameBytes <= MAX_BSON_SIZE) return;
  if (calculateObjectSize(doc) > MAX_BSON_SIZE) {
    throw new MongoServerError(
      10334,
      'BSONObjectTooLarge',
      `object to insert too large. size in bytes: ${calculateObjectSize(doc)}, max size: ${MAX_BSON_SIZE}`,
    );
  }
}

const insert: Handler = (ctx) => {
  const name = collName(ctx);
  const docs = requireArray(ctx, 'documents');
  const ordered = ctx.body.ordered !== false;
  const bypass = ctx.body.bypassDocumentValidation === true;
  const coll = ensureCollection(ctx, name);
  let n = 0;
  const writeErrors: Document[] = [];
  for (let i = 0; i < docs.length; i++) {
    try {
      const raw = docs[i];
      if (!isPlainObject(raw)) throw badValue('document to insert must be an object');
      const doc = raw._id === undefined ? { _id: new ObjectId(), ...raw } : idFirst(raw);
      checkStorable(doc, ctx.frameBytes);
      checkValidation(coll, doc, bypass);
      ctx.access.insert(coll, doc);
      n++;
    } catch (e) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
};

function changed(a: Document, b: Document): boolean {
  return !Buffer.from(serialize(a)).equals(serialize(b));
}

/** Applies one update statement; returns counts. */
/** An update keeping BSON number types (int64, whole doubles) as MongoDB does; see numbers.ts. */
function updated(doc: Document, u: Document | Document[], opts: ApplyOptions): Document {
  if (!needsPlainUpdate(doc, u)) return applyUpdate(doc, u, opts);
  return retypeUpdate(doc, u, applyUpdate(plainNumbers(doc), plainNumbers(u), opts));
}

/** An upsert's new document, keeping BSON number types of the filter's and update's values. */
function upserted(query: Document, u: Document | Document[], arrayFilters?: Document[]): Document {
  if (!needsPlainUpdate(query, u)) return buildUpsert(query, u, arrayFilters);
  return retypeUpdate(query, u, buildUpsert(plainNumbers(query), plainNumbers(u), arrayFilters));
}

/** What a change stream reports for an update: a replacement document replaces, the rest update. */
function changeKind(u: Document | Document[]): 'update' | 'replace' {
  return Array.isArray(u) || isOperatorUpdate(u) ? 'update' : 'replace';
}

function runUpdate(
  ctx: CommandContext,
  name: string,
  spec: Document,
): { n: number; nModified: number; upserted?: unknown } {
  const bypass = ctx.body.bypassDocumentValidation === true;
  if (!isPlainObject(spec)) throw failedToParse('update statement must be an object');
  const q = optDoc(spec, 'q', 'update.updates') ?? {};
  const u = spec.u;
  validateUpdate(u);
  const multi = spec.multi === true;
  if (multi && !Array.isArray(u) && !isOperatorUpdate(u)) {
    throw failedToParse('multi update is not supported for replacement-style update');
  }
  const arrayFilters = Array.isArray(spec.arrayFilters)
    ? (spec.arrayFilters as Document[])
    : undefined;
  const collation = optDoc(spec, 'collation', 'update.updates');
  const coll = getCollection(ctx, name);
  checkHint(coll, spec.hint);
  const matches = selectDocs(ctx.access, coll, q, {
    collation,
    limit: multi ? 0 : 1,
    sort: validateSort(spec.sort),
  });
  let nModified = 0;
  for (const doc of matches) {
    const next = updated(doc, u, { arrayFilters, query: q });
    if (changed(doc, next)) {
      checkStorable(next);
      checkValidation(coll as Collection, next, bypass, doc);
      ctx.access.replace(coll as Collection, next, changeKind(u));
      nModified++;
    }
  }
  if (!matches.length && spec.upsert === true) {
    const target = ensureCollection(ctx, name);
    const doc = upserted(q, u, arrayFilters);
    checkStorable(doc);
    checkValidation(target, doc, bypass);
    ctx.access.insert(target, doc);
    return { n: 1, nModified: 0, upserted: doc._id };
  }
  return { n: matches.length, nModified };
}

const update: Handler = (ctx) => {
  const name = collName(ctx);
  const updates = requireArray(ctx, 'updates');
  const ordered = ctx.body.ordered !== false;
  let n = 0;
  let nModified = 0;
  const upserted: Document[] = [];
  const writeErrors: Document[] = [];
  for (let i = 0; i < updates.length; i++) {
    try {
      const r = runUpdate(ctx, name, updates[i] as Document);
      n += r.n;
      nModified += r.nModified;
      if (r.upserted !== undefined) upserted.push({ index: i, _id: r.upserted });
    } catch (e) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  const reply: Document = { n, nModified };
  if (upserted.length) reply.upserted = upserted;
  if (writeErrors.length) reply.writeErrors = writeErrors;
  reply.ok = 1;
  return reply;
};

const del: Handler = (ctx) => {
  const name = collName(ctx);
  const deletes = requireArray(ctx, 'deletes');
  const ordered = ctx.body.ordered !== false;
  let n = 0;
  const writeErrors: Document[] = [];
  const coll = getCollection(ctx, name);
  for (let i = 0; i < deletes.length; i++) {
    try {
      const spec = deletes[i];
      if (!isPlainObject(spec)) throw failedToParse('delete statement must be an object');
      const limit = Number(spec.limit ?? 0);
      if (limit !== 0 && limit !== 1)
        throw failedToParse(`The limit field in delete objects must be 0 or 1. Got ${limit}`);
      checkHint(coll, spec.hint);
      const matches = selectDocs(ctx.access, coll, optDoc(spec, 'q', 'delete.deletes') ?? {}, {
        collation: optDoc(spec, 'collation', 'delete.deletes'),
        limit,
      });
      for (const doc of matches) {
        ctx.access.remove(coll as Collection, keyOf(doc._id));
        n++;
      }
    } catch (e) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
};

const findAndModify: Handler = (ctx) => {
  const name = collName(ctx);
  const b = ctx.body;
  const query = optDoc(b, 'query', 'findAndModify') ?? {};
  const remove = b.remove === true;
  const upsert = b.upsert === true;
  const bypass = b.bypassDocumentValidation === true;
  const returnNew = b.new === true;
  if (remove && b.update !== undefined)
    throw failedToParse('Cannot specify both an update and remove=true');
  if (!remove && b.update === undefined)
    throw failedToParse('Either an update or remove=true must be specified');
  if (remove && upsert) throw failedToParse('Cannot specify both upsert=true and remove=true ');
  if (remove && returnNew)
    throw failedToParse(
      "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document",
    );
  const u = b.update;
  if (!remove) validateUpdate(u);
  const arrayFilters = Array.isArray(b.arrayFilters) ? (b.arrayFilters as Document[]) : undefined;
  const coll = getCollection(ctx, name);
  checkHint(coll, b.hint);
  const [doc] = selectDocs(ctx.access, coll, query, {
    sort: validateSort(b.sort),
    limit: 1,
    collation: optDoc(b, 'collation', 'findAndModify'),
  });
  const project = (d: Document | null) =>
    d ? (projectDocs([d], b.fields, query)[0] ?? null) : null;
  if (remove) {
    if (doc) ctx.access.remove(coll as Collection, keyOf(doc._id));
    return { lastErrorObject: { n: doc ? 1 : 0 }, value: project(doc ?? null), ok: 1 };
  }
  const upd = u as Document | Document[];
  if (doc) {
    const next = updated(doc, upd, { arrayFilters, query });
    if (changed(doc, next)) {
      checkStorable(next);
      checkValidation(coll as Collection, next, bypass, doc);
      ctx.access.replace(coll as Collection, next, changeKind(upd));
    }
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: project(returnNew ? next : doc),
      ok: 1,
    };
  }
  if (upsert) {
    const target = ensureCollection(ctx, name);
    const created = upserted(query, upd, arrayFilters);
    checkStorable(created);
    checkValidation(target, created, bypass);
    ctx.access.insert(target, created);
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: created._id },
      value: project(returnNew ? created : null),
      ok: 1,
    };
  }
  return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
};

export const writeCommands: Record<string, Handler> = {
  insert,
  update,
  delete: del,
  findAndModify,
  findandmodify: findAndModify,
};
