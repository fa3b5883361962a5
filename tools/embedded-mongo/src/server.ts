import * as net from 'node:net';
import { Document, ObjectId } from 'bson';
import { runCommand } from './commands/dispatch';
import { DEFAULT_PARAMETERS, type ConnectionInfo, type ServerState } from './commands/context';
import { CursorManager } from './cursors';
import { DirectAccess } from './storage/access';
import type { SyncFn } from './storage/journal';
import { Storage } from './storage/storage';
import { keyOf } from './values';
import {
  FLAG_MORE_TO_COME,
  FrameError,
  OP_MSG,
  encodeOpMsg,
  encodeOpReply,
  frameLength,
  parseMessage,
  type Request,
} from './wire/frames';
import { at } from './at';

export interface EmbeddedMongoOptions {
  /** Interface to bind; loopback by default. */
  host?: string;
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Directory for the journal; omitted = in memory only. */
  dataDir?: string;
  /** How often expired TTL documents are removed (MongoDB: 60 s). */
  ttlMonitorIntervalMs?: number;
  /**
   * Called when a journal write fails. The server has then stopped serving (connections closed,
   * every command refused) because memory may hold a change that is not durable; the CLI exits.
   */
  onFatal?: (e: Error) => void;
  /** For tests: replaces the journal's fdatasync. */
  journalSync?: SyncFn;
  /**
   * A connection that has sent part of a frame and then nothing for this long is closed (default
   * 30 000 ms), so a stalled or hostile client cannot hold a connection and its buffer forever.
   */
  partialFrameTimeoutMs?: number;
}

const PARTIAL_FRAME_TIMEOUT_MS = 30_000;

export interface EmbeddedMongo {
  uri: string;
  host: string;
  port: number;
  stop(): Promise<void>;
}

const LEGACY_HELLO = new Set(['hello', 'isMaster', 'ismaster']);
const SESSION_IDLE_MS = 30 * 60 * 1000;

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

class Connection {
  private buf: Buffer = Buffer.alloc(0);
  private pendingChunks: Buffer[] = [];
  private pendingBytes = 0;
  private chain: Promise<void> = Promise.resolve();
  private replyId = 1;
  private partialFrameTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: net.Socket,
    private readonly state: ServerState,
    readonly info: ConnectionInfo,
    private readonly partialFrameTimeoutMs: number,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      this.onData(chunk);
      this.watchPartialFrame();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => clearTimeout(this.partialFrameTimer));
  }

  /** (Re)starts the idle clock while part of a frame is held; stops it once none is. */
  private watchPartialFrame(): void {
    clearTimeout(this.partialFrameTimer);
    this.partialFrameTimer = undefined;
    if (this.pendingBytes === 0 || this.socket.destroyed) return;
    this.partialFrameTimer = setTimeout(() => this.fail(), this.partialFrameTimeoutMs);
    this.partialFrameTimer.unref();
  }

  private fail(): void {
    this.buf = Buffer.alloc(0);
    this.pendingChunks = [];
    this.pendingBytes = 0;
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    if (this.socket.destroyed) return;
    // Chunks are collected and joined once a whole frame is there (no quadratic copying of big frames).
    this.pendingChunks.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < 4) return;
    if (this.pendingChunks.length > 1) {
      const first = at(this.pendingChunks, 0);
      const head = first.length >= 4 ? first : Buffer.concat(this.pendingChunks);
      let need: number;
      try {
        need = frameLength(head);
      } catch {
        this.fail();
        return;
      }
      if (this.pendingBytes < need) return;
    }
    this.buf =
      this.pendingChunks.length === 1
        ? at(this.pendingChunks, 0)
        : Buffer.concat(this.pendingChunks);
    this.pendingChunks = [];
    this.pendingBytes = 0;
    try {
      while (this.buf.length >= 4) {
        const len = frameLength(this.buf);
        if (this.buf.length < len) break;
        const msg = this.buf.subarray(0, len);
        this.buf = this.buf.subarray(len);
        const req = parseMessage(Buffer.from(msg));
        this.chain = this.chain.then(() => this.handle(req)).catch(() => this.fail());
      }
      if (this.buf.length) {
        this.pendingChunks = [this.buf];
        this.pendingBytes = this.buf.length;
      }
      this.buf = Buffer.alloc(0);
    } catch (e) {
      if (!(e instanceof FrameError) && !(e instanceof RangeError)) {
        process.stderr.write(
          `embedded-mongo: closing connection ${this.info.id}: ${(e as Error).message}\n`,
        );
      }
      this.fail();
    }
  }

  private send(build: () => Buffer, fallback: () => Buffer): void {
    if (this.socket.destroyed) return;
    let out: Buffer;
    try {
      out = build();
    } catch {
      out = fallback();
    }
    this.socket.write(out);
  }

  private async handle(req: Request): Promise<void> {
    if (this.socket.destroyed) return;
    const requestId = req.header.requestId;
    const errorReply = {
      ok: 0,
      code: 10334,
      codeName: 'BSONObjectTooLarge',
      errmsg: 'reply could not be serialized',
    };
    if (req.kind === 'msg') {
      const reply = await runCommand(this.state, this.info, req.body, undefined, req.header.length);
      if (req.flags & FLAG_MORE_TO_COME) return;
      this.send(
        () => encodeOpMsg(this.replyId++, requestId, reply),
        () => encodeOpMsg(this.replyId++, requestId, errorReply),
      );
      return;
    }
    const dot = req.collection.indexOf('.');
    const db = dot > 0 ? req.collection.slice(0, dot) : 'admin';
    const isCmd = req.collection.endsWith('.$cmd');
    const name = Object.keys(req.body)[0] ?? '';
    let reply: Document;
    if (!isCmd) {
      reply = {
        $err: 'OP_QUERY is no longer supported. The client driver may require an upgrade.',
        code: 5739101,
        ok: 0,
      };
    } else if (!LEGACY_HELLO.has(name)) {
      reply = {
        ok: 0,
        errmsg: `Unsupported OP_QUERY command: ${name}. The client driver may require an upgrade.`,
        code: 352,
        codeName: 'UnsupportedOpQueryCommand',
      };
    } else {
      reply = await runCommand(this.state, this.info, req.body, db);
    }
    this.send(
      () => encodeOpReply(this.replyId++, requestId, reply),
      () => encodeOpReply(this.replyId++, requestId, errorReply),
    );
  }
}

/** Starts the server; resolves once it accepts connections. */
export async function startEmbeddedMongo(
  options: EmbeddedMongoOptions = {},
): Promise<EmbeddedMongo> {
  const host = options.host ?? '127.0.0.1';
  const storage = Storage.open(options.dataDir, { sync: options.journalSync });
  const sockets = new Set<net.Socket>();
  let nextConnId = 1;
  // Filled in below; the failure handler needs them.
  const handles: { server?: net.Server; timer?: NodeJS.Timeout } = {};
  const state: ServerState = {
    storage,
    cursors: new CursorManager(),
    sessions: new Map(),
    host,
    port: 0,
    startedAt: new Date(),
    processId: new ObjectId(),
    connectionCount: () => sockets.size,
    failed: null,
    parameters: { ...DEFAULT_PARAMETERS },
    fail(e: Error): void {
      if (state.failed) return;
      state.failed = e;
      process.stderr.write(
        `embedded-mongo: journal write failed (${e.message}); memory may hold changes that are not durable, so the server stops serving. Restart it to recover every acknowledged write from the journal.\n`,
      );
      clearInterval(handles.timer);
      // The replies already produced (errors) go out first; then every connection is closed.
      setImmediate(() => {
        handles.server?.close();
        for (const s of sockets) s.destroy();
      });
      options.onFatal?.(e);
    },
  };
  const server = net.createServer((socket) => {
    if (state.failed) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const info: ConnectionInfo = {
      id: nextConnId++,
      remote: `${formatHost(socket.remoteAddress ?? '')}:${socket.remotePort}`,
      local: `${formatHost(socket.localAddress ?? host)}:${socket.localPort}`,
    };
    new Connection(socket, state, info, options.partialFrameTimeoutMs ?? PARTIAL_FRAME_TIMEOUT_MS);
  });
  handles.server = server;
  server.maxConnections = 10000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Accept errors (e.g. too many open files) must not bring the server down.
  server.on('error', (e) => process.stderr.write(`embedded-mongo: server error: ${e.message}\n`));
  const port = (server.address() as net.AddressInfo).port;
  state.port = port;

  const timer = setInterval(() => {
    expireTtl(state).catch((e: Error) =>
      process.stderr.write(`embedded-mongo: TTL monitor failed: ${e.message}\n`),
    );
    state.cursors.sweep();
    const now = Date.now();
    for (const [k, s] of state.sessions)
      if (now - s.lastUse > SESSION_IDLE_MS) state.sessions.delete(k);
    // MongoDB's transactionLifetimeLimitSeconds (60 s): abandoned transactions are aborted.
    for (const t of [...storage.activeTxns])
      if (now - t.startedAt > state.parameters.transactionLifetimeLimitSeconds * 1000)
        t.end('aborted');
    storage.pruneModSeq();
  }, options.ttlMonitorIntervalMs ?? 60_000);
  timer.unref();
  handles.timer = timer;

  let stopped: Promise<void> | null = null;
  return {
    uri: `mongodb://${formatHost(host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host)}:${port}/`,
    host,
    port,
    stop(): Promise<void> {
      stopped ??= (async () => {
        clearInterval(timer);
        storage.changes.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const s of sockets) s.destroy();
        await closed;
        await storage.close();
      })();
      return stopped;
    },
  };
}

/** Removes documents whose TTL index date is older than expireAfterSeconds. */
async function expireTtl(state: ServerState): Promise<void> {
  const access = new DirectAccess(state.storage);
  const now = Date.now();
  for (const colls of state.storage.dbs.values()) {
    for (const coll of colls.values()) {
      for (const idx of coll.indexes.values()) {
        const secs = idx.spec.expireAfterSeconds;
        // A partial TTL index holds only the documents its filter selects: only they expire.
        if (typeof secs !== 'number' || idx.fields.length !== 1) continue;
        const cutoff = new Date(now - secs * 1000);
        for (const key of idx.lookupRange(null, { value: cutoff, inclusive: true })) {
          const doc = coll.docs.get(key);
          if (doc) access.remove(coll, keyOf(doc._id));
        }
      }
    }
  }
  try {
    await state.storage.commit(access.ops);
    state.storage.changes.publish();
  } catch (e) {
    state.fail(e as Error);
  }
}

export { OP_MSG };
