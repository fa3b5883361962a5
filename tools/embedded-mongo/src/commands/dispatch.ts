import { Document, Long } from 'bson';
import { MongoServerError, commandNotFound, noSuchTransaction, toServerError } from '../errors';
import { Access, DirectAccess, Txn } from '../storage/access';
import { aggregateCommands } from './aggregate';
import type { CommandContext, ConnectionInfo, Handler, ServerState, SessionState } from './context';
import { ddlCommands } from './ddl';
import { explainCommands } from './explain';
import { helloCommands, sessionKey } from './hello';
import { readCommands } from './read';
import { txnCommands } from './txn';
import { writeCommands } from './write';

const registry = new Map<string, Handler>(
  Object.entries({
    ...helloCommands,
    ...ddlCommands,
    ...writeCommands,
    ...readCommands,
    ...aggregateCommands,
    ...txnCommands,
    ...explainCommands,
  }),
);

const RETRYABLE_WRITES = new Set(['insert', 'update', 'delete', 'findAndModify', 'findandmodify']);
const TXN_CONTROL = new Set(['commitTransaction', 'abortTransaction']);
/** Commands MongoDB refuses inside a multi-document transaction (263 OperationNotSupportedInTransaction). */
const NOT_IN_TXN = new Set([
  'drop',
  'dropDatabase',
  'renameCollection',
  'collMod',
  'dropIndexes',
  'deleteIndexes',
]);
const INVALID_DB = /[/\\. "$\0]/;

function getSession(server: ServerState, lsid: unknown): SessionState | null {
  const key = sessionKey(lsid);
  if (!key) return null;
  let s = server.sessions.get(key);
  if (!s)
    server.sessions.set(
      key,
      (s = { id: key, txn: null, lastTxnNumber: -1, retry: null, lastUse: Date.now() }),
    );
  s.lastUse = Date.now();
  return s;
}

/** Chooses direct access or the session's transaction; validates transaction state. */
function accessFor(
  server: ServerState,
  name: string,
  body: Document,
  session: SessionState | null,
): Access {
  const txnNumber = body.txnNumber === undefined ? undefined : Number(body.txnNumber);
  if (!session || txnNumber === undefined || body.autocommit !== false)
    return new DirectAccess(server.storage);
  if (body.startTransaction === true) {
    if (txnNumber < session.lastTxnNumber) {
      throw new MongoServerError(
        225,
        'TransactionTooOld',
        `Cannot start transaction ${txnNumber} on session ${session.id} because a newer transaction ${session.lastTxnNumber} has already started.`,
      );
    }
    if (txnNumber === session.lastTxnNumber && session.txn) {
      throw new MongoServerError(
        256,
        'ConflictingOperationInProgress',
        `Transaction ${txnNumber} has already been started.`,
      );
    }
    if (session.txn?.state === 'active') session.txn.end('aborted');
    const txn = new Txn(server.storage, txnNumber);
    // Cursors opened inside the transaction die with it (getMore afterwards: CursorNotFound).
    txn.onEnd = (t) => {
      for (const id of t.cursorIds) server.cursors.kill(Long.fromString(id));
    };
    session.txn = txn;
    session.lastTxnNumber = txnNumber;
    return txn;
  }
  const txn = session.txn;
  if (!txn || txn.txnNumber !== txnNumber) throw noSuchTransaction(txnNumber);
  if (txn.state !== 'active' && !TXN_CONTROL.has(name)) throw noSuchTransaction(txnNumber);
  return txn;
}

function shutdownReply(cause: Error): Document {
  return {
    ok: 0,
    code: 91,
    codeName: 'ShutdownInProgress',
    errmsg: `The server is shutting down after a failed journal write: ${cause.message}`,
  };
}

/** Runs one command document and returns the reply document (never throws). */
export async function runCommand(
  server: ServerState,
  conn: ConnectionInfo,
  body: Document,
  defaultDb?: string,
  frameBytes?: number,
): Promise<Document> {
  if (server.failed) return shutdownReply(server.failed);
  const name = Object.keys(body)[0] ?? '';
  const handler = registry.get(name);
  if (!handler) return commandNotFound(name).toReply();
  const db = typeof body.$db === 'string' ? body.$db : (defaultDb ?? 'admin');
  if (!db || INVALID_DB.test(db))
    return new MongoServerError(73, 'InvalidNamespace', `Invalid database name: '${db}'`).toReply();
  const session = getSession(server, body.lsid);
  let access: Access;
  try {
    access = accessFor(server, name, body, session);
    if (access.txn && NOT_IN_TXN.has(name)) {
      access.txn.end('aborted');
      throw new MongoServerError(
        263,
        'OperationNotSupportedInTransaction',
        `Cannot run '${name}' in a multi-document transaction.`,
      );
    }
  } catch (e) {
    return toServerError(e).toReply();
  }
  const txnNumber = body.txnNumber === undefined ? undefined : Number(body.txnNumber);
  const retryable = !access.txn && session && txnNumber !== undefined && RETRYABLE_WRITES.has(name);
  if (retryable && session.retry?.txnNumber === txnNumber) return session.retry.reply;

  const ctx: CommandContext = { name, db, body, server, conn, access, session, frameBytes };
  let reply: Document;
  let failed = false;
  try {
    const answer = handler(ctx);
    reply = answer instanceof Promise ? await answer : answer;
  } catch (e) {
    failed = true;
    reply = toServerError(e).toReply();
  }
  const txn = access.txn;
  if (txn && txn.state === 'active') {
    const cursorId: unknown = reply.cursor?.id;
    if (cursorId instanceof Long && !cursorId.isZero()) txn.cursorIds.add(cursorId.toString());
    if (failed || reply.writeErrors) txn.end('aborted');
  }
  const ops = access.ops.splice(0);
  try {
    await server.storage.commit(ops);
  } catch (e) {
    // Memory now holds a change the journal does not: like mongod, stop serving rather than let
    // anyone read (or build on) a state that a restart would not reproduce.
    server.fail(e as Error);
    return {
      ok: 0,
      code: 1,
      codeName: 'InternalError',
      errmsg: `journal write failed: ${(e as Error).message}; the outcome of this write is unknown and the server is shutting down (restart it to recover from the journal)`,
    };
  }
  // Changes this command made are journaled now: change streams may read them.
  server.storage.changes.publish();
  if (retryable && reply.ok === 1) session.retry = { txnNumber: txnNumber, reply };
  return reply;
}
