import type { Document } from 'bson';
import { MongoServerError, badValue } from '../errors';
import { SelectStats, pipelineSortWindow, selectDocs, validateSort } from '../query/find';
import { isPlainObject } from '../values';
import type { CommandContext, Handler } from './context';

/** The filter an explained command would run, and the collection it targets. */
function target(inner: Document): { coll: string; filter: Document; collation?: Document } {
  const found = targetOf(inner);
  const stmts = inner.updates ?? inner.deletes;
  const collation = Array.isArray(stmts)
    ? (stmts[0] as Document | undefined)?.collation
    : inner.collation;
  return isPlainObject(collation) ? { ...found, collation } : found;
}

function targetOf(inner: Document): { coll: string; filter: Document } {
  const name = Object.keys(inner)[0] ?? '';
  const coll = inner[name];
  if (typeof coll !== 'string') throw badValue(`explain of ${name} needs a collection name`);
  switch (name) {
    case 'find':
      return { coll, filter: (inner.filter as Document) ?? {} };
    case 'count':
    case 'distinct':
      return { coll, filter: (inner.query as Document) ?? {} };
    case 'findAndModify':
    case 'findandmodify':
      return { coll, filter: (inner.query as Document) ?? {} };
    case 'update':
    case 'delete': {
      const stmts = (inner[name === 'update' ? 'updates' : 'deletes'] as Document[]) ?? [];
      return { coll, filter: (stmts[0]?.q as Document) ?? {} };
    }
    case 'aggregate': {
      const first = Array.isArray(inner.pipeline)
        ? (inner.pipeline[0] as Document | undefined)
        : undefined;
      return { coll, filter: first && isPlainObject(first.$match) ? first.$match : {} };
    }
    default:
      throw new MongoServerError(
        59,
        'CommandNotFound',
        `Explain failed due to unknown command: ${name}`,
      );
  }
}

/** The key bounds of a walk: the fixed prefix, then every value (as MongoDB prints them). */
function indexBounds(
  fields: string[],
  dirs: number[],
  prefix: unknown[],
  backward: boolean,
): Document {
  const out: Document = {};
  fields.forEach((f, i) => {
    if (i < prefix.length) {
      const v = JSON.stringify(prefix[i]);
      out[f] = [`[${v}, ${v}]`];
    } else {
      out[f] = [(dirs[i] ?? 1) > 0 !== backward ? '[MinKey, MaxKey]' : '[MaxKey, MinKey]'];
    }
  });
  return out;
}

/** The winning plan's stages, innermost first wrapped outwards, in MongoDB's shape. */
function describePlan(
  stats: SelectStats,
  filter: Document,
  opts: { sort?: Document; skip?: number; limit?: number; projection?: Document },
): Document {
  const idx = stats.index;
  let stage: Document;
  if (idx === null) stage = { stage: 'COLLSCAN', filter, direction: 'forward' };
  else {
    const keyPattern = idx === '_id_' ? { _id: 1 } : idx.spec.key;
    const ixscan: Document = {
      stage: 'IXSCAN',
      keyPattern,
      indexName: idx === '_id_' ? '_id_' : idx.name,
      isMultiKey: idx === '_id_' ? false : idx.isMultikey,
      direction: stats.sortWalk?.backward ? 'backward' : 'forward',
    };
    if (stats.sortWalk && idx !== '_id_')
      ixscan.indexBounds = indexBounds(
        idx.fields,
        idx.dirs,
        stats.sortWalk.prefix,
        stats.sortWalk.backward,
      );
    stage = { stage: 'FETCH', filter, inputStage: ixscan };
  }
  const limit = opts.limit ?? 0;
  const skip = opts.skip ?? 0;
  if (stats.inMemorySort && opts.sort) {
    stage = {
      stage: 'SORT',
      sortPattern: opts.sort,
      memLimit: 104857600,
      ...(limit > 0 ? { limitAmount: skip + limit } : {}),
      type: 'simple',
      // Only runs of equal keys were sorted, the walk gave the order of these leading keys.
      ...(stats.sortWalk
        ? {
            partialSortPrefix: Object.fromEntries(
              Object.entries(opts.sort).slice(0, stats.sortWalk.covered),
            ),
          }
        : {}),
      inputStage: stage,
    };
  }
  if (skip) stage = { stage: 'SKIP', skipAmount: skip, inputStage: stage };
  if (limit > 0) stage = { stage: 'LIMIT', limitAmount: limit, inputStage: stage };
  if (opts.projection && Object.keys(opts.projection).length)
    stage = { stage: 'PROJECTION_DEFAULT', transformBy: opts.projection, inputStage: stage };
  return stage;
}

/** Sort, skip and limit of an explained find (or of an aggregate's leading $sort/$skip/$limit). */
function findOptions(inner: Document): {
  sort?: Document;
  skip?: number;
  limit?: number;
  projection?: Document;
} {
  const name = Object.keys(inner)[0];
  if (name === 'find') {
    const num = (v: unknown) => (typeof v === 'number' && v >= 0 ? v : undefined);
    return {
      sort: validateSort(inner.sort),
      skip: num(inner.skip),
      limit: num(inner.limit),
      projection: isPlainObject(inner.projection) ? inner.projection : undefined,
    };
  }
  if (name === 'aggregate' && Array.isArray(inner.pipeline)) {
    const stages = inner.pipeline as Document[];
    const lead = pipelineSortWindow(stages[0] && '$match' in stages[0] ? stages.slice(1) : stages);
    if (lead) return { sort: lead.sort, skip: lead.skip, limit: lead.limit };
  }
  return {};
}

/** `explain`: reports the plan the query runs (IXSCAN/COLLSCAN, SORT when sorted in memory). Never writes. */
const explain: Handler = (ctx: CommandContext) => {
  const inner = ctx.body.explain;
  if (!isPlainObject(inner)) throw badValue('explain command requires a nested object');
  const { coll: name, filter, collation } = target(inner);
  const coll = ctx.server.storage.getCollection(ctx.db, name);
  const opts = findOptions(inner);
  const stats: SelectStats = {
    index: null,
    inMemorySort: false,
    keysExamined: 0,
    docsExamined: 0,
  };
  const started = Date.now();
  const docs = selectDocs(
    ctx.access,
    coll,
    filter,
    { collation, sort: opts.sort, skip: opts.skip, limit: opts.limit },
    stats,
  );
  const elapsed = Date.now() - started;
  const reply: Document = {
    queryPlanner: {
      namespace: `${ctx.db}.${name}`,
      parsedQuery: filter,
      winningPlan: describePlan(stats, filter, opts),
      rejectedPlans: [],
    },
    command: inner,
    serverInfo: { host: ctx.server.host, port: ctx.server.port, version: '7.0.0' },
    ok: 1,
  };
  const verbosity = ctx.body.verbosity ?? 'allPlansExecution';
  if (verbosity !== 'queryPlanner') {
    reply.executionStats = {
      executionSuccess: true,
      nReturned: docs.length,
      executionTimeMillis: elapsed,
      totalKeysExamined: stats.keysExamined,
      totalDocsExamined: stats.docsExamined,
    };
  }
  return reply;
};

export const explainCommands: Record<string, Handler> = { explain };
