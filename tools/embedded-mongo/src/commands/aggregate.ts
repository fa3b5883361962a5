import { Document } from 'bson';
import { ProcessingMode } from 'mingo';
import { Aggregator } from 'mingo/aggregator';
import { MongoServerError, failedToParse, toServerError } from '../errors';
import { defaultCollation, idFirst, pipelineSortWindow, selectDocs } from '../query/find';
import { mingoContext } from '../query/mingo-context';
import { validateFilter } from '../query/filter';
import { isPlainObject, keyOf, plainClone } from '../values';
import {
  CommandContext,
  Handler,
  checkHint,
  ensureCollection,
  getCollection,
  optDoc,
} from './context';
import { at } from '../at';
import { isChangeStream, openChangeStream } from './change-stream';

const KNOWN_STAGES = new Set([
  '$match',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$group',
  '$sort',
  '$skip',
  '$limit',
  '$count',
  '$unwind',
  '$lookup',
  '$facet',
  '$sortByCount',
  '$replaceRoot',
  '$replaceWith',
  '$sample',
  '$bucket',
  '$bucketAuto',
  '$graphLookup',
  '$unionWith',
  '$redact',
  '$setWindowFields',
  '$densify',
  '$fill',
  '$documents',
  '$out',
]);

function validatePipeline(pipeline: unknown): Document[] {
  if (!Array.isArray(pipeline)) {
    throw new MongoServerError(
      14,
      'TypeMismatch',
      "'pipeline' option must be specified as an array",
    );
  }
  pipeline.forEach((stage, i) => {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new MongoServerError(
        40323,
        'Location40323',
        'A pipeline stage specification object must contain exactly one field.',
      );
    }
    const name = at(Object.keys(stage), 0);
    if (name === '$changeStream') {
      // A first $changeStream never gets here (openChangeStream answers it).
      throw new MongoServerError(
        40602,
        'Location40602',
        '$changeStream is only valid as the first stage in a pipeline',
      );
    }
    if (!KNOWN_STAGES.has(name)) {
      throw new MongoServerError(
        40324,
        'Location40324',
        `Unrecognized pipeline stage name: '${name}'`,
      );
    }
    if (name === '$out' && i !== pipeline.length - 1) {
      throw new MongoServerError(
        40601,
        'Location40601',
        '$out can only be the final stage in the pipeline',
      );
    }
    if (name === '$match') validateFilter(stage.$match);
    if (
      (name === '$skip' || name === '$limit') &&
      !(typeof stage[name] === 'number' && stage[name] >= 0)
    ) {
      throw new MongoServerError(
        15956,
        'Location15956',
        `invalid argument to ${name} stage: ${String(stage[name])}`,
      );
    }
  });
  return pipeline as Document[];
}

/** Runs a pipeline against a collection (or none, for `aggregate: 1`). */
export function runPipeline(
  ctx: CommandContext,
  collNameOrNull: string | null,
  pipeline: Document[],
  collation?: Document,
): Document[] {
  let stages = pipeline;
  let input: Document[];
  const coll = collNameOrNull ? getCollection(ctx, collNameOrNull) : undefined;
  collation = defaultCollation(collation, coll);
  const matchFirst = !!stages[0] && '$match' in stages[0];
  const window = pipelineSortWindow(matchFirst ? stages.slice(1) : stages);
  if (window) {
    // A leading ($match and) $sort with its $skip/$limit run as one sorted selection (an index
    // walk in sort order when one fits); the documents then enter the rest of the pipeline.
    input =
      window.limit === 0
        ? []
        : selectDocs(ctx.access, coll, matchFirst ? at(stages, 0).$match : {}, {
            collation,
            sort: window.sort,
            skip: window.skip,
            limit: window.limit,
          });
    stages = stages.slice(window.consumed + (matchFirst ? 1 : 0));
  } else if (matchFirst) {
    input = selectDocs(ctx.access, coll, at(stages, 0).$match, { collation });
    stages = stages.slice(1);
  } else if (coll) {
    input = [...ctx.access.scan(coll, null)];
  } else input = [];
  let out: string | null = null;
  const last = stages[stages.length - 1];
  if (last && '$out' in last) {
    out = typeof last.$out === 'string' ? last.$out : String(last.$out?.coll ?? '');
    stages = stages.slice(0, -1);
  }
  const counting = countStages(stages);
  if (counting && !out) {
    // countDocuments: [$match, ($skip, $limit,) $group { _id: <constant>, n: { $sum: 1 } }] needs
    // only how many documents matched, not copies of them through mingo.
    let n = Math.max(0, input.length - counting.skip);
    if (counting.limit !== undefined) n = Math.min(n, counting.limit);
    return n ? [{ _id: counting.id, [counting.field]: n }] : [];
  }
  let result: Document[];
  const resolved = new Map<string, Document[]>();
  try {
    const agg = new Aggregator(stages, {
      scriptEnabled: false,
      context: mingoContext,
      processingMode: ProcessingMode.CLONE_OFF,
      collation: collation as never,
      collectionResolver: (name: string) => {
        // Resolved once per pipeline run: $lookup may ask for the same collection per input document.
        let docs = resolved.get(name);
        if (!docs) {
          const c = getCollection(ctx, name);
          docs = c ? [...ctx.access.scan(c, null)].map(plainClone) : [];
          resolved.set(name, docs);
        }
        return docs;
      },
    });
    result = agg.run(input.map(plainClone)).map((d) => (isPlainObject(d) ? idFirst(d) : d));
  } catch (e) {
    const err = toServerError(e);
    if (/accumulator '(\$\w+)' is not registered/.test(err.message)) {
      throw new MongoServerError(
        15952,
        'Location15952',
        `Unknown group operator '${/'(\$\w+)'/.exec(err.message)?.[1]}'`,
      );
    }
    throw err;
  }
  if (out) {
    const target = ensureCollection(ctx, out);
    for (const d of [...ctx.access.scan(target, null)]) ctx.access.remove(target, keyOf(d._id));
    for (const d of result) ctx.access.insert(target, d);
    return [];
  }
  return result;
}

/**
 * Stages that only count their input (what the driver's `countDocuments` sends after its `$match`):
 * optional `$skip`/`$limit`, then a `$group` on a constant `_id` with one `{ $sum: 1 }`.
 */
function countStages(
  stages: Document[],
): { skip: number; limit: number | undefined; id: unknown; field: string } | null {
  let skip = 0;
  let limit: number | undefined;
  for (let i = 0; i < stages.length; i++) {
    const st = at(stages, i);
    if (typeof st.$skip === 'number' && Number.isInteger(st.$skip) && st.$skip >= 0) {
      skip += st.$skip;
      if (limit !== undefined) limit = Math.max(0, limit - st.$skip);
      continue;
    }
    if (typeof st.$limit === 'number' && Number.isInteger(st.$limit) && st.$limit > 0) {
      limit = limit === undefined ? st.$limit : Math.min(limit, st.$limit);
      continue;
    }
    if (i !== stages.length - 1 || !isPlainObject(st.$group)) return null;
    const { _id: id, ...accumulators } = st.$group;
    const names = Object.keys(accumulators);
    const constant =
      id === null ||
      typeof id === 'number' ||
      typeof id === 'boolean' ||
      (typeof id === 'string' && !id.startsWith('$'));
    const [field] = names;
    if (!constant || names.length !== 1 || field === undefined || field.includes('.')) return null;
    const acc = accumulators[field];
    if (!isPlainObject(acc) || Object.keys(acc).length !== 1 || acc.$sum !== 1) return null;
    return {
      skip,
      limit: limit === undefined ? undefined : Math.max(0, limit),
      id,
      field,
    };
  }
  return null;
}

const aggregate: Handler = (ctx) => {
  if (isChangeStream(ctx.body.pipeline)) return openChangeStream(ctx);
  const target = ctx.body.aggregate;
  const pipeline = validatePipeline(ctx.body.pipeline);
  const explain = ctx.body.explain === true;
  const cursorOpt = optDoc(ctx.body, 'cursor', 'aggregate');
  if (!cursorOpt && !explain) {
    throw failedToParse(
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  }
  let name: string | null = null;
  if (typeof target === 'string') name = target;
  else if (target !== 1)
    throw new MongoServerError(73, 'InvalidNamespace', 'aggregate requires a collection name or 1');
  if (name !== null) checkHint(getCollection(ctx, name), ctx.body.hint);
  const docs = runPipeline(ctx, name, pipeline, optDoc(ctx.body, 'collation', 'aggregate'));
  if (explain) return { stages: pipeline, ok: 1 };
  const batchSize = typeof cursorOpt?.batchSize === 'number' ? cursorOpt.batchSize : undefined;
  return {
    cursor: ctx.server.cursors.open(`${ctx.db}.${name ?? '$cmd.aggregate'}`, docs, batchSize),
    ok: 1,
  };
};

export const aggregateCommands: Record<string, Handler> = { aggregate };
