import { Document, Long, ObjectId } from 'bson';
import { MongoServerError, badValue, invalidNamespace } from '../errors';
import type { Access, Txn } from '../storage/access';
import type { Collection } from '../storage/collection';
import type { Storage } from '../storage/storage';
import type { CursorManager } from '../cursors';
import { isPlainObject, keyOf } from '../values';

export interface SessionState {
  id: string;
  txn: Txn | null;
  lastTxnNumber: number;
  /** Reply of the last retryable write, keyed by txnNumber. */
  retry: { txnNumber: number; reply: Document } | null;
  lastUse: number;
}

export interface ServerState {
  storage: Storage;
  cursors: CursorManager;
  sessions: Map<string, SessionState>;
  host: string;
  port: number;
  startedAt: Date;
  processId: ObjectId;
  connectionCount(): number;
  /** Set once a journal write failed: the server stops serving (as mongod does). */
  failed: Error | null;
  /** Called when a journal write failed: memory may hold changes that are not durable. */
  fail(e: Error): void;
  /** Server parameters (`getParameter`/`setParameter`). */
  parameters: ServerParameters;
}

export interface ServerParameters {
  transactionLifetimeLimitSeconds: number;
  maxTransactionLockRequestTimeoutMillis: number;
  cursorTimeoutMillis: number;
  notablescan: boolean;
  logLevel: number;
}

export const DEFAULT_PARAMETERS: ServerParameters = {
  transactionLifetimeLimitSeconds: 60,
  maxTransactionLockRequestTimeoutMillis: 5,
  cursorTimeoutMillis: 600_000,
  notablescan: false,
  logLevel: 0,
};

export interface ConnectionInfo {
  id: number;
  remote: string;
  local: string;
}

export interface CommandContext {
  name: string;
  db: string;
  body: Document;
  server: ServerState;
  conn: ConnectionInfo;
  access: Access;
  session: SessionState | null;
  /** Size of the request frame when known: no document in a smaller frame can exceed it. */
  frameBytes?: number;
}

/** A command; getMore of a change stream answers later (it waits for changes). */
export type Handler = (ctx: CommandContext) => Document | Promise<Document>;

/** The collection name a command targets (its first field's value). */
export function collName(ctx: CommandContext): string {
  const v = ctx.body[ctx.name];
  if (typeof v !== 'string' || !v) {
    throw invalidNamespace(`collection name has invalid type ${v === null ? 'null' : typeof v}`);
  }
  if (v.includes('\0') || v.includes('$'))
    throw invalidNamespace(`Invalid namespace specified '${ctx.db}.${v}'`);
  return v;
}

/** The collection as the command sees it (inside a transaction: including those it created). */
export function getCollection(ctx: CommandContext, name: string): Collection | undefined {
  return (
    ctx.access.txn?.createdCollection(ctx.db, name) ??
    ctx.server.storage.getCollection(ctx.db, name)
  );
}

/** Creates a collection; inside a transaction it stays private until commit (gone on abort). */
export function createCollectionFor(ctx: CommandContext, name: string, opts: Document): Collection {
  const txn = ctx.access.txn;
  if (txn) return txn.createCollection(ctx.db, name, opts);
  return ctx.server.storage.createCollection(ctx.db, name, opts, ctx.access.ops);
}

/** Gets or implicitly creates a collection (as MongoDB does on first write). */
export function ensureCollection(ctx: CommandContext, name: string): Collection {
  const existing = getCollection(ctx, name);
  if (existing) return existing;
  if (name.startsWith('system.'))
    throw invalidNamespace(`Invalid system namespace: ${ctx.db}.${name}`);
  return createCollectionFor(ctx, name, {});
}

/** Reads an optional integer argument (int32/int64/double), rejecting wrong types. */
export function optInt(body: Document, field: string, cmd: string): number | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw badValue(`${field} must be a finite number`);
    return Math.trunc(v);
  }
  if (v instanceof Long) return v.toNumber();
  throw new MongoServerError(
    14,
    'TypeMismatch',
    `BSON field '${cmd}.${field}' is the wrong type '${typeof v}', expected types '[long, int, decimal, double]'`,
  );
}

export function optDoc(body: Document, field: string, cmd: string): Document | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v) || v instanceof Date) {
    throw new MongoServerError(
      14,
      'TypeMismatch',
      `BSON field '${cmd}.${field}' is the wrong type '${Array.isArray(v) ? 'array' : typeof v}', expected type 'object'`,
    );
  }
  return v as Document;
}

/**
 * A `hint` must name an existing index (by name or key pattern) or be `{ $natural: ±1 }`, else
 * MongoDB answers BadValue. On a collection that does not exist any hint is accepted (nothing to read).
 * The planner still chooses its own index: a hint changes no result, only (on MongoDB) the plan.
 */
export function checkHint(coll: Collection | undefined, hint: unknown): void {
  if (hint === undefined || hint === null || !coll) return;
  if (typeof hint === 'string') {
    if (hint === '_id_' || coll.indexes.has(hint)) return;
  } else if (isPlainObject(hint)) {
    const keys = Object.keys(hint);
    if (!keys.length || (keys.length === 1 && keys[0] === '$natural')) return;
    const wanted = keyOf(hint);
    if (coll.indexSpecs().some((spec) => keyOf(spec.key) === wanted)) return;
  }
  throw badValue('hint provided does not correspond to an existing index');
}
