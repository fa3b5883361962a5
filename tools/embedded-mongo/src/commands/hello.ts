import * as os from 'node:os';
import { Document, Long, ObjectId, Timestamp } from 'bson';
import { MAX_BSON_SIZE, MAX_MESSAGE_SIZE } from '../wire/frames';
import { MongoServerError, badValue } from '../errors';
import type { CommandContext, Handler } from './context';

export const SERVER_VERSION = '7.0.0';
const MAX_WIRE_VERSION = 21;
const SET_NAME = 'rs0';
const ELECTION_ID = new ObjectId('7fffffff0000000000000001');

function me(ctx: CommandContext): string {
  const h = ctx.server.host;
  if (h === '0.0.0.0' || h === '::' || h === '') return ctx.conn.local;
  return h.includes(':') ? `[${h}]:${ctx.server.port}` : `${h}:${ctx.server.port}`;
}

/** hello / isMaster: a single-node replica set primary, so drivers allow sessions and transactions. */
function hello(legacyName: boolean): Handler {
  return (ctx) => {
    const now = new Date();
    const ts = Timestamp.fromBits(0, Math.floor(now.getTime() / 1000));
    const opTime = { ts, t: Long.fromNumber(1) };
    const self = me(ctx);
    const reply: Document = {
      helloOk: true,
      ...(legacyName ? { ismaster: true } : { isWritablePrimary: true }),
      topologyVersion: undefined,
      hosts: [self],
      setName: SET_NAME,
      setVersion: 1,
      secondary: false,
      primary: self,
      me: self,
      electionId: ELECTION_ID,
      lastWrite: { opTime, lastWriteDate: now, majorityOpTime: opTime, majorityWriteDate: now },
      maxBsonObjectSize: MAX_BSON_SIZE,
      maxMessageSizeBytes: MAX_MESSAGE_SIZE,
      maxWriteBatchSize: 100000,
      localTime: now,
      logicalSessionTimeoutMinutes: 30,
      connectionId: ctx.conn.id,
      minWireVersion: 0,
      maxWireVersion: MAX_WIRE_VERSION,
      readOnly: false,
      ok: 1,
    };
    delete reply.topologyVersion;
    return reply;
  };
}

export const helloCommands: Record<string, Handler> = {
  hello: hello(false),
  isMaster: hello(true),
  ismaster: hello(true),
  ping: () => ({ ok: 1 }),
  buildInfo: () => ({
    version: SERVER_VERSION,
    gitVersion: 'embedded',
    versionArray: [7, 0, 0, 0],
    bits: 64,
    debug: false,
    maxBsonObjectSize: MAX_BSON_SIZE,
    storageEngines: ['embedded'],
    javascriptEngine: 'none',
    modules: [],
    openssl: { running: 'disabled' },
    ok: 1,
  }),
  getParameter: (ctx) => {
    const params: Document = {
      featureCompatibilityVersion: { version: '7.0' },
      authenticationMechanisms: [],
      ...ctx.server.parameters,
    };
    const out: Document = {};
    if (
      ctx.body.getParameter === '*' ||
      (typeof ctx.body.getParameter === 'object' && ctx.body.getParameter?.allParameters)
    ) {
      Object.assign(out, params);
    } else {
      for (const k of Object.keys(ctx.body)) if (k in params) out[k] = params[k];
    }
    return { ...out, ok: 1 };
  },
  setParameter: (ctx) => {
    if (ctx.db !== 'admin') {
      throw new MongoServerError(
        13,
        'Unauthorized',
        'setParameter may only be run against the admin database.',
      );
    }
    const parameters = ctx.server.parameters as unknown as Document;
    const names = Object.keys(ctx.body).filter(
      (k) => k !== 'setParameter' && !k.startsWith('$') && !GENERIC_ARGUMENTS.has(k),
    );
    // As MongoDB: every name is checked before any is set; several may be set at once, in name
    // order, and `was` is the previous value of the first.
    for (const name of names) {
      if (!(name in parameters)) {
        throw new MongoServerError(
          72,
          'InvalidOptions',
          `attempted to set unrecognized parameter [${name}], use help:true to see options `,
        );
      }
    }
    if (!names.length) {
      throw new MongoServerError(
        72,
        'InvalidOptions',
        'no option found to set, use help:true to see options ',
      );
    }
    const coerced = names.sort().map((name) => {
      const current: unknown = parameters[name];
      const value: unknown = ctx.body[name];
      const next = typeof current === 'boolean' ? value === true || value === 1 : Number(value);
      if (typeof next === 'number' && !Number.isFinite(next)) {
        throw badValue(`Invalid value for parameter ${name}: ${String(value)}`);
      }
      return [name, next] as const;
    });
    const was: unknown = parameters[coerced[0]?.[0] ?? ''];
    for (const [name, value] of coerced) parameters[name] = value;
    return { was, ok: 1 };
  },
  hostInfo: () => ({
    system: {
      currentTime: new Date(),
      hostname: os.hostname(),
      cpuAddrSize: 64,
      memSizeMB: Math.round(os.totalmem() / 1048576),
      numCores: os.cpus().length,
      cpuArch: os.arch(),
      numaEnabled: false,
    },
    os: { type: os.type(), name: os.platform(), version: os.release() },
    extra: {},
    ok: 1,
  }),
  connectionStatus: () => ({
    authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
    ok: 1,
  }),
  whatsmyuri: (ctx) => ({ you: ctx.conn.remote, ok: 1 }),
  getCmdLineOpts: () => ({ argv: ['embedded-mongo'], parsed: {}, ok: 1 }),
  getLog: () => ({ totalLinesWritten: 0, log: [], ok: 1 }),
  getFreeMonitoringStatus: () => ({ state: 'disabled', ok: 1 }),
  logout: () => ({ ok: 1 }),
  serverStatus: (ctx) => ({
    host: me(ctx),
    version: SERVER_VERSION,
    process: 'embedded-mongo',
    pid: Long.fromNumber(process.pid),
    uptime: (Date.now() - ctx.server.startedAt.getTime()) / 1000,
    localTime: new Date(),
    connections: { current: ctx.server.connectionCount(), available: 10000 },
    mem: { resident: Math.round(process.memoryUsage().rss / 1048576), virtual: 0 },
    ok: 1,
  }),
  listCommands: () => ({ commands: {}, ok: 1 }),
  endSessions: (ctx) => {
    const ids = Array.isArray(ctx.body.endSessions) ? ctx.body.endSessions : [];
    for (const s of ids) {
      const key = sessionKey(s);
      const sess = key ? ctx.server.sessions.get(key) : undefined;
      if (sess?.txn && sess.txn.state === 'active') sess.txn.end('aborted');
      if (key) ctx.server.sessions.delete(key);
    }
    return { ok: 1 };
  },
  refreshSessions: () => ({ ok: 1 }),
  killSessions: () => ({ ok: 1 }),
  killAllSessions: () => ({ ok: 1 }),
  startSession: () => ({ id: { id: new ObjectId() }, timeoutMinutes: 30, ok: 1 }),
};

// The shell's lower-case spelling of the same command.
if (helloCommands.buildInfo) helloCommands.buildinfo = helloCommands.buildInfo;

/** Arguments any command may carry (MongoDB's generic arguments), not parameters to set. */
const GENERIC_ARGUMENTS = new Set([
  'lsid',
  'txnNumber',
  'comment',
  'maxTimeMS',
  'writeConcern',
  'readConcern',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
]);

/** Canonical key of an lsid document `{ id: UUID }`. */
export function sessionKey(lsid: unknown): string | null {
  if (!lsid || typeof lsid !== 'object') return null;
  const id = (lsid as Document).id;
  if (id && typeof id === 'object' && 'buffer' in id)
    return Buffer.from((id as { buffer: Uint8Array }).buffer).toString('hex');
  return null;
}
