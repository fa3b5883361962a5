import type { Document } from 'bson';
import { MongoServerError, badValue } from '../errors';
import { selectDocs } from '../query/find';
import { isCollated } from '../query/collation';
import { plan } from '../query/planner';
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
  const name = Object.keys(inner)[0];
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

/** `explain`: reports whether the planner uses an index (IXSCAN) or scans (COLLSCAN). Never writes. */
const explain: Handler = (ctx: CommandContext) => {
  const inner = ctx.body.explain;
  if (!isPlainObject(inner)) throw badValue('explain command requires a nested object');
  const { coll: name, filter, collation } = target(inner);
  const coll = ctx.server.storage.getCollection(ctx.db, name);
  const chosen = coll ? plan(coll, filter, isCollated(collation)) : { keys: null, index: null };
  const idx =
    chosen.index === '_id_'
      ? { spec: { key: { _id: 1 } } }
      : chosen.index
        ? coll?.indexes.get(chosen.index)
        : undefined;
  const winningPlan = chosen.index
    ? {
        stage: 'FETCH',
        inputStage: {
          stage: 'IXSCAN',
          indexName: chosen.index,
          keyPattern: idx?.spec.key ?? {},
          isMultiKey: false,
        },
      }
    : { stage: 'COLLSCAN', direction: 'forward' };
  const reply: Document = {
    queryPlanner: {
      namespace: `${ctx.db}.${name}`,
      parsedQuery: filter,
      winningPlan,
      rejectedPlans: [],
    },
    command: inner,
    serverInfo: { host: ctx.server.host, port: ctx.server.port, version: '7.0.0' },
    ok: 1,
  };
  const verbosity = ctx.body.verbosity ?? 'allPlansExecution';
  if (verbosity !== 'queryPlanner') {
    const started = Date.now();
    const docs = selectDocs(ctx.access, coll, filter, { collation });
    reply.executionStats = {
      executionSuccess: true,
      nReturned: docs.length,
      executionTimeMillis: Date.now() - started,
      totalKeysExamined: chosen.keys ? chosen.keys.size : 0,
      totalDocsExamined: chosen.keys ? chosen.keys.size : (coll?.docs.size ?? 0),
    };
  }
  return reply;
};

export const explainCommands: Record<string, Handler> = { explain };
