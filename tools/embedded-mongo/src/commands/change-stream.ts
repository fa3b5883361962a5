import { Document, Long, Timestamp } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { MongoServerError, badValue, toServerError } from '../errors';
import { validateFilter } from '../query/filter';
import { mingoContext } from '../query/mingo-context';
import type { ChangeLog, ChangeRecord } from '../storage/changes';
import { cloneDoc, isPlainObject, keyOf } from '../values';
import type { LiveCursor } from '../cursors';
import { CommandContext, ServerState, optDoc } from './context';

/**
 * Change streams (`collection.watch()`, `db.watch()`, `client.watch()`), which drivers open with
 * `aggregate` and a first `$changeStream` stage and read with `getMore`. Events come from the
 * server's change log (storage/changes.ts), written by every insert, update, replace and delete
 * once a change stream has been opened; a drop invalidates a collection's streams.
 */

/** Stages MongoDB allows after `$changeStream`. */
const STAGES_AFTER = new Set([
  '$match',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
  '$redact',
]);

/** MongoDB's wait on a getMore of an awaitData cursor when it gives no maxTimeMS. */
const DEFAULT_AWAIT_MS = 1000;
const DEFAULT_BATCH = 101;

export function isChangeStream(pipeline: unknown): boolean {
  return Array.isArray(pipeline) && isPlainObject(pipeline[0]) && '$changeStream' in pipeline[0];
}

const historyLost = (): MongoServerError =>
  new MongoServerError(
    286,
    'ChangeStreamHistoryLost',
    'Resume of change stream was not possible, as the resume point may no longer be in the oplog.',
  );

/** A resume token: the server run, the position in the change log, and whether it is an invalidate. */
function token(log: ChangeLog, seq: number, invalidate = false): Document {
  return {
    _data: `${log.epoch}${seq.toString(16).padStart(16, '0')}${invalidate ? '01' : '00'}`,
  };
}

function parseToken(log: ChangeLog, t: unknown): { seq: number; invalidate: boolean } {
  const data = isPlainObject(t) ? t._data : undefined;
  if (typeof data !== 'string' || !/^[0-9a-f]{26}$/.test(data))
    throw badValue('KeyString format error: the resume token was not produced by this server');
  if (data.slice(0, 8) !== log.epoch) throw historyLost();
  return { seq: parseInt(data.slice(8, 24), 16), invalidate: data.slice(24) === '01' };
}

/** The fields an update changed and removed, as dotted paths (whole arrays when an array changed). */
function describeUpdate(old: Document, doc: Document): Document {
  const updatedFields: Document = {};
  const removedFields: string[] = [];
  const walk = (prefix: string, a: Document, b: Document): void => {
    for (const k of Object.keys(b)) {
      const path = prefix + k;
      const before: unknown = a[k];
      const after: unknown = b[k];
      if (!(k in a)) updatedFields[path] = after;
      else if (isPlainObject(before) && isPlainObject(after)) walk(path + '.', before, after);
      else if (keyOf(before) !== keyOf(after) || bsonKind(before) !== bsonKind(after))
        updatedFields[path] = after;
    }
    for (const k of Object.keys(a)) if (!(k in b)) removedFields.push(prefix + k);
  };
  walk('', old, doc);
  return { updatedFields, removedFields, truncatedArrays: [] };
}

/** Distinguishes values `keyOf` treats as equal (1 and 1.0 are equal, but a change of type is an update). */
function bsonKind(v: unknown): string {
  return typeof v === 'object' && v !== null
    ? ((v as { _bsontype?: string })._bsontype ?? 'object')
    : typeof v;
}

type Scope = { db: string | null; coll: string | null };

class ChangeStreamCursor implements LiveCursor {
  lastUse = Date.now();
  private closed = false;
  /** A drop invalidated the stream: the next read hands out the invalidate event, then closes. */
  private invalidateAt: ChangeRecord | null = null;
  private readonly aggregator: Aggregator | null;

  constructor(
    readonly ns: string,
    private readonly server: ServerState,
    private readonly log: ChangeLog,
    private readonly scope: Scope,
    private pos: number,
    private readonly fullDocument: string,
    stages: Document[],
    private readonly defaultBatch: number,
  ) {
    this.aggregator = stages.length
      ? new Aggregator(stages, { scriptEnabled: false, context: mingoContext })
      : null;
  }

  id: Long = Long.ZERO;

  private matches(r: ChangeRecord): boolean {
    const { db, coll } = this.scope;
    if (db !== null && r.db !== db) return false;
    if (coll !== null && r.coll !== coll) return false;
    if (coll === null && r.coll.startsWith('system.')) return false;
    return true;
  }

  private event(r: ChangeRecord): Document {
    const ev: Document = {
      _id: token(this.log, r.seq),
      operationType: r.kind,
      clusterTime: r.clusterTime,
      wallTime: r.wallTime,
    };
    if (r.kind === 'insert' || r.kind === 'replace') ev.fullDocument = r.doc;
    else if (r.kind === 'update' && this.fullDocument === 'updateLookup') {
      const coll = this.server.storage.getCollection(r.db, r.coll);
      ev.fullDocument = coll?.docs.get(keyOf(r.id)) ?? null;
    }
    ev.ns = r.kind === 'dropDatabase' ? { db: r.db } : { db: r.db, coll: r.coll };
    if (r.id !== undefined) ev.documentKey = { _id: r.id };
    if (r.kind === 'update' && r.old && r.doc) ev.updateDescription = describeUpdate(r.old, r.doc);
    if (r.txnNumber !== undefined) ev.txnNumber = Long.fromNumber(r.txnNumber);
    return ev;
  }

  /** The event after the stream's stages (undefined when a `$match` dropped it). */
  private transform(ev: Document): Document | undefined {
    if (!this.aggregator) return ev;
    let out: Document | undefined;
    try {
      out = this.aggregator.run([cloneDoc(ev)])[0];
    } catch (e) {
      throw toServerError(e);
    }
    if (out && keyOf(out._id) !== keyOf(ev._id)) {
      throw new MongoServerError(
        280,
        'ChangeStreamFatalError',
        'Encountered an event whose _id field, which contains the resume token, was modified by the pipeline. Modifying the _id field of an event makes it impossible to resume the stream from that point. Only transformations that retain the unmodified _id field are allowed.',
      );
    }
    return out;
  }

  /** The events readable now, up to `batchSize`. */
  private collect(batchSize: number): Document[] {
    const batch: Document[] = [];
    if (this.closed) return batch;
    if (!this.log.covers(this.pos)) throw historyLost();
    if (this.invalidateAt) return this.invalidate(batch);
    let full = false;
    for (const r of this.log.after(this.pos)) {
      if (batch.length >= batchSize) {
        full = true;
        break;
      }
      this.pos = r.seq;
      if (!this.matches(r)) continue;
      const out = this.transform(this.event(r));
      if (out) batch.push(out);
      // A collection's stream ends at its drop (a database's at dropDatabase) with an invalidate.
      if (
        (r.kind === 'drop' && this.scope.coll !== null) ||
        (r.kind === 'dropDatabase' && this.scope.db !== null)
      ) {
        this.invalidateAt = r;
        return batch.length < batchSize ? this.invalidate(batch) : batch;
      }
    }
    if (!full) this.pos = Math.max(this.pos, this.log.head);
    return batch;
  }

  private invalidate(batch: Document[]): Document[] {
    const r = this.invalidateAt;
    if (!r) return batch;
    batch.push({
      _id: token(this.log, r.seq, true),
      operationType: 'invalidate',
      clusterTime: r.clusterTime,
      wallTime: r.wallTime,
    });
    this.closed = true;
    return batch;
  }

  private reply(batch: Document[], first: boolean): Document {
    const last = batch[batch.length - 1];
    const cursor: Document = {
      [first ? 'firstBatch' : 'nextBatch']: batch,
      postBatchResumeToken: (last?._id as Document | undefined) ?? token(this.log, this.pos),
      id: this.closed ? Long.ZERO : this.id,
      ns: this.ns,
    };
    if (this.closed) this.server.cursors.kill(this.id);
    return { cursor, ok: 1 };
  }

  firstBatch(batchSize: number | undefined): Document {
    return this.reply(this.collect(batchSize ?? this.defaultBatch), true);
  }

  async getMore(batchSize: number | undefined, maxTimeMS: number | undefined): Promise<Document> {
    this.lastUse = Date.now();
    const size = batchSize && batchSize > 0 ? batchSize : this.defaultBatch;
    const deadline = Date.now() + (maxTimeMS && maxTimeMS > 0 ? maxTimeMS : DEFAULT_AWAIT_MS);
    for (;;) {
      const batch = this.collect(size);
      const left = deadline - Date.now();
      if (batch.length || this.closed || left <= 0 || this.server.failed) {
        this.lastUse = Date.now();
        return this.reply(batch, false);
      }
      await this.log.wait(left);
    }
  }
}

/** `aggregate` with a first `$changeStream` stage: opens a change stream cursor. */
export function openChangeStream(ctx: CommandContext): Document {
  const pipeline = ctx.body.pipeline as Document[];
  if (ctx.access.txn) {
    throw new MongoServerError(
      263,
      'OperationNotSupportedInTransaction',
      'Operation not permitted in transaction :: caused by :: $changeStream',
    );
  }
  const spec: unknown = pipeline[0]?.$changeStream;
  if (!isPlainObject(spec)) {
    throw new MongoServerError(
      50808,
      'Location50808',
      '$changeStream stage expects a document as argument',
    );
  }
  const stages = pipeline.slice(1);
  for (const stage of stages) {
    const name = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
    if (!name || Object.keys(stage).length !== 1) {
      throw new MongoServerError(
        40323,
        'Location40323',
        'A pipeline stage specification object must contain exactly one field.',
      );
    }
    if (name === '$changeStream') {
      throw new MongoServerError(
        40602,
        'Location40602',
        '$changeStream is only valid as the first stage in a pipeline',
      );
    }
    if (!STAGES_AFTER.has(name)) {
      throw new MongoServerError(
        20,
        'IllegalOperation',
        `${name} is not permitted in a $changeStream pipeline`,
      );
    }
    if (name === '$match') validateFilter(stage.$match);
  }
  const fullDocument = spec.fullDocument ?? 'default';
  if (fullDocument !== 'default' && fullDocument !== 'updateLookup') {
    throw badValue(
      `fullDocument '${String(fullDocument)}' is not supported by the embedded server (only 'default' and 'updateLookup'; see tools/embedded-mongo/README.md)`,
    );
  }
  const before = spec.fullDocumentBeforeChange ?? 'off';
  if (before !== 'off') {
    throw badValue(
      'fullDocumentBeforeChange is not supported by the embedded server (pre-images need changeStreamPreAndPostImages; see tools/embedded-mongo/README.md)',
    );
  }
  const target = ctx.body.aggregate;
  let scope: Scope;
  if (typeof target === 'string') {
    if (ctx.db === 'admin' || ctx.db === 'config' || ctx.db === 'local')
      throw new MongoServerError(
        73,
        'InvalidNamespace',
        `$changeStream may not be opened on the internal ${ctx.db} database`,
      );
    scope = { db: ctx.db, coll: target };
  } else if (target === 1) {
    if (ctx.db === 'admin') {
      if (spec.allChangesForCluster !== true)
        throw new MongoServerError(
          73,
          'InvalidNamespace',
          "$changeStream may not be opened on the internal admin database unless 'allChangesForCluster' is true",
        );
      scope = { db: null, coll: null };
    } else scope = { db: ctx.db, coll: null };
  } else {
    throw new MongoServerError(73, 'InvalidNamespace', 'aggregate requires a collection name or 1');
  }
  const starts = ['resumeAfter', 'startAfter', 'startAtOperationTime'].filter(
    (k) => spec[k] !== undefined,
  );
  if (starts.length > 1) {
    throw new MongoServerError(
      40674,
      'Location40674',
      'Only one type of resume option is allowed, but multiple were found.',
    );
  }
  const log = ctx.server.storage.changes;
  log.enabled = true;
  let pos = log.head;
  if (spec.resumeAfter !== undefined || spec.startAfter !== undefined) {
    const t = parseToken(log, spec.resumeAfter ?? spec.startAfter);
    if (t.invalidate && spec.resumeAfter !== undefined) {
      throw new MongoServerError(
        260,
        'InvalidResumeToken',
        'Attempting to resume a change stream using an invalidate event resume token; use startAfter instead',
      );
    }
    if (t.seq > log.head || !log.covers(t.seq)) throw historyLost();
    pos = t.seq;
  } else if (spec.startAtOperationTime !== undefined) {
    if (!(spec.startAtOperationTime instanceof Timestamp))
      throw badValue('startAtOperationTime must be a timestamp');
    pos = log.seqAtOrAfter(spec.startAtOperationTime);
    if (!log.covers(pos)) throw historyLost();
  }
  const cursorOpt = optDoc(ctx.body, 'cursor', 'aggregate');
  const batchSize = typeof cursorOpt?.batchSize === 'number' ? cursorOpt.batchSize : undefined;
  const ns = `${ctx.db}.${typeof target === 'string' ? target : '$cmd.aggregate'}`;
  const cursor = new ChangeStreamCursor(
    ns,
    ctx.server,
    log,
    scope,
    pos,
    fullDocument,
    stages,
    DEFAULT_BATCH,
  );
  cursor.id = ctx.server.cursors.openLive(cursor);
  const reply = cursor.firstBatch(batchSize);
  reply.operationTime = log.clusterTime;
  return reply;
}
