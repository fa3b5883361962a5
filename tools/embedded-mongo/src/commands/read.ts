import { Long } from 'bson';
import { MongoServerError, badValue } from '../errors';
import { projectDocs, selectDocs, validateSort } from '../query/find';
import { keyOf, valuesAtPath } from '../values';
import {
  CommandContext,
  Handler,
  checkHint,
  collName,
  getCollection,
  optDoc,
  optInt,
} from './context';

function nonNegative(ctx: CommandContext, field: string): number | undefined {
  const v = optInt(ctx.body, field, ctx.name);
  if (v !== undefined && v < 0) {
    throw new MongoServerError(
      51024,
      'Location51024',
      `BSON field '${field}' value must be >= 0, actual value '${v}'`,
    );
  }
  return v;
}

const find: Handler = (ctx) => {
  const name = collName(ctx);
  const coll = getCollection(ctx, name);
  const b = ctx.body;
  const limit = nonNegative(ctx, 'limit');
  const batchSize = nonNegative(ctx, 'batchSize');
  const filter = optDoc(b, 'filter', 'find') ?? {};
  checkHint(coll, b.hint);
  const docs = selectDocs(ctx.access, coll, filter, {
    sort: validateSort(b.sort),
    skip: nonNegative(ctx, 'skip'),
    limit,
    collation: optDoc(b, 'collation', 'find'),
  });
  const projected = projectDocs(docs, optDoc(b, 'projection', 'find'), filter);
  const cursor = ctx.server.cursors.open(
    `${ctx.db}.${name}`,
    projected,
    batchSize,
    b.singleBatch === true,
  );
  return { cursor, ok: 1 };
};

const getMore: Handler = (ctx) => {
  const id = ctx.body.getMore;
  if (!(id instanceof Long) && typeof id !== 'number') {
    throw new MongoServerError(
      14,
      'TypeMismatch',
      "BSON field 'getMore.getMore' is the wrong type, expected type 'long'",
    );
  }
  const coll = ctx.body.collection;
  if (typeof coll !== 'string')
    throw new MongoServerError(
      14,
      'TypeMismatch',
      "BSON field 'getMore.collection' is the wrong type, expected type 'string'",
    );
  const batchSize = optInt(ctx.body, 'batchSize', 'getMore');
  const live = ctx.server.cursors.liveCursor(id, `${ctx.db}.${coll}`);
  if (live) return live.getMore(batchSize, optInt(ctx.body, 'maxTimeMS', 'getMore'));
  return {
    cursor: ctx.server.cursors.getMore(
      id,
      `${ctx.db}.${coll}`,
      batchSize && batchSize > 0 ? batchSize : undefined,
    ),
    ok: 1,
  };
};

const killCursors: Handler = (ctx) => {
  collName(ctx);
  const ids = ctx.body.cursors;
  if (!Array.isArray(ids)) throw badValue('killCursors requires a cursors array');
  const killed: unknown[] = [];
  const notFound: unknown[] = [];
  for (const id of ids) (ctx.server.cursors.kill(id as Long) ? killed : notFound).push(id);
  return {
    cursorsKilled: killed,
    cursorsNotFound: notFound,
    cursorsAlive: [],
    cursorsUnknown: [],
    ok: 1,
  };
};

const count: Handler = (ctx) => {
  const name = collName(ctx);
  const coll = getCollection(ctx, name);
  const query = optDoc(ctx.body, 'query', 'count') ?? {};
  const skip = nonNegative(ctx, 'skip') ?? 0;
  checkHint(coll, ctx.body.hint);
  let limit = optInt(ctx.body, 'limit', 'count') ?? 0;
  limit = Math.abs(limit);
  let n: number;
  if (!Object.keys(query).length && coll) n = Math.max(0, ctx.access.count(coll) - skip);
  else
    n =
      selectDocs(ctx.access, coll, query, { collation: optDoc(ctx.body, 'collation', 'count') })
        .length - skip;
  n = Math.max(0, n);
  if (limit > 0) n = Math.min(n, limit);
  return { n, ok: 1 };
};

const distinct: Handler = (ctx) => {
  const name = collName(ctx);
  const key = ctx.body.key;
  if (typeof key !== 'string')
    throw new MongoServerError(
      14,
      'TypeMismatch',
      "BSON field 'distinct.key' is the wrong type, expected type 'string'",
    );
  const docs = selectDocs(
    ctx.access,
    getCollection(ctx, name),
    optDoc(ctx.body, 'query', 'distinct') ?? {},
    {
      collation: optDoc(ctx.body, 'collation', 'distinct'),
    },
  );
  const seen = new Map<string, unknown>();
  for (const d of docs) {
    for (const v of valuesAtPath(d, key)) {
      if (v === undefined) continue;
      const k = keyOf(v);
      if (!seen.has(k)) seen.set(k, v);
    }
  }
  return { values: [...seen.values()], ok: 1 };
};

export const readCommands: Record<string, Handler> = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
};
