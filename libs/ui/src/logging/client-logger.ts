/**
 * The browser's log: keeps the last 100 entries, sends every error entry at once to
 * `POST /api/logs/client-error` and the rest in bulk to `POST /api/logs/client-bulk`
 * `{ logs, sessionId }`. Window errors and unhandled promise rejections are reported; timed
 * operations are flagged slow above 1000 ms and logged as a warning above 3000 ms (spec §7, §9).
 */

export type ClientLogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface ClientLogEntry {
  timestamp: string;
  level: ClientLogLevel;
  message: string;
  context?: string;
  data?: unknown;
  url: string;
  userId?: string;
  sessionId: string;
  /** The version of each federated remote the page runs (`storefront: '8-3f9a1c2e4b'`). */
  remotes?: Record<string, string>;
}

export interface ClientLoggerOptions {
  /** The API origin, read at send time (runtime config). */
  baseUrl: () => string;
  getUserId?: () => string | null | undefined;
  fetchImpl?: typeof fetch;
  /** Non-error entries are sent when this many are waiting (default 20)… */
  bulkSize?: number;
  /** …or after this many ms (default 30 s). */
  flushIntervalMs?: number;
  /** Entries kept in memory (default and spec maximum 100). */
  maxEntries?: number;
  /** Also write to the console (development). */
  echo?: boolean;
}

export const SLOW_OPERATION_MS = 1000;
export const WARN_OPERATION_MS = 3000;
export const MAX_LOG_ENTRIES = 100;
/** The most entries the API takes in one `client-bulk` request (CLIENT_LOG_BULK_MAX). */
export const MAX_BULK_ENTRIES = 50;

function newSessionId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function toPlain(value: unknown): unknown {
  if (value instanceof Error)
    return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export class ClientLogger {
  readonly sessionId: string;
  private entries: ClientLogEntry[] = [];
  private pending: ClientLogEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private options: ClientLoggerOptions | null;
  private remotes: Record<string, string> | null = null;

  constructor(options?: ClientLoggerOptions, sessionId = newSessionId()) {
    this.options = options ?? null;
    this.sessionId = sessionId;
  }

  /** Sets where and how entries are sent; entries logged before are sent from then on. */
  configure(options: ClientLoggerOptions): void {
    this.options = options;
    if (this.pending.length) this.scheduleFlush();
  }

  /**
   * The version of each remote the page runs, sent with every entry from now on (so a release's
   * errors can be counted: `npm run remote:releases`).
   */
  setRemoteVersions(versions: Readonly<Record<string, string>>): void {
    this.remotes = Object.keys(versions).length > 0 ? { ...versions } : null;
  }

  /** The entries kept in memory, oldest first (at most 100). */
  getEntries(): readonly ClientLogEntry[] {
    return this.entries;
  }

  debug(message: string, data?: unknown, context?: string): void {
    this.log('debug', message, data, context);
  }
  info(message: string, data?: unknown, context?: string): void {
    this.log('info', message, data, context);
  }
  warn(message: string, data?: unknown, context?: string): void {
    this.log('warn', message, data, context);
  }
  error(message: string, data?: unknown, context?: string): void {
    this.log('error', message, data, context);
  }

  log(level: ClientLogLevel, message: string, data?: unknown, context?: string): ClientLogEntry {
    const entry: ClientLogEntry = {
      timestamp: new Date().toISOString(),
      level,
      message,
      ...(context ? { context } : {}),
      ...(data !== undefined ? { data: toPlain(data) } : {}),
      url: typeof location !== 'undefined' ? location.href : '',
      sessionId: this.sessionId,
      ...(this.remotes ? { remotes: { ...this.remotes } } : {}),
    };
    const userId = this.options?.getUserId?.();
    if (userId) entry.userId = userId;
    this.entries.push(entry);
    const max = this.options?.maxEntries ?? MAX_LOG_ENTRIES;
    if (this.entries.length > max) this.entries.splice(0, this.entries.length - max);
    if (this.options?.echo) {
      const fn = level === 'error' ? console.error : level === 'warn' ? console.warn : console.info;
      fn(`[${context ?? 'client'}] ${message}`, data ?? '');
    }
    if (level === 'error') {
      void this.send('/api/logs/client-error', entry);
    } else {
      this.pending.push(entry);
      if (this.pending.length > max) this.pending.splice(0, this.pending.length - max);
      if (this.pending.length >= (this.options?.bulkSize ?? 20)) void this.flush();
      else this.scheduleFlush();
    }
    return entry;
  }

  /**
   * Times an operation: above 1000 ms it is logged as slow (info, `slow: true`), above 3000 ms
   * as a warning. Failures are logged as errors and rethrown.
   */
  async time<T>(name: string, operation: () => Promise<T>, context = 'performance'): Promise<T> {
    const started = performance.now();
    try {
      return await operation();
    } catch (err) {
      this.error(`${name} failed`, err, context);
      throw err;
    } finally {
      this.recordDuration(name, performance.now() - started, context);
    }
  }

  /** Logs a measured duration by the slow/warn thresholds; quick ones are not logged. */
  recordDuration(name: string, durationMs: number, context = 'performance'): void {
    const ms = Math.round(durationMs);
    if (ms > WARN_OPERATION_MS)
      this.warn(`Very slow operation: ${name}`, { durationMs: ms, slow: true }, context);
    else if (ms > SLOW_OPERATION_MS)
      this.info(`Slow operation: ${name}`, { durationMs: ms, slow: true }, context);
  }

  /** Sends the waiting non-error entries in one bulk call. */
  async flush(keepalive = false): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.options || this.pending.length === 0) return;
    const waiting = this.pending;
    this.pending = [];
    for (let start = 0; start < waiting.length; start += MAX_BULK_ENTRIES) {
      const logs = waiting.slice(start, start + MAX_BULK_ENTRIES);
      await this.send('/api/logs/client-bulk', { logs, sessionId: this.sessionId }, keepalive);
    }
  }

  /** Reports window errors and unhandled promise rejections; returns a function that stops it. */
  installGlobalHandlers(target: Window = window): () => void {
    const onError = (event: ErrorEvent) => {
      this.error(
        event.message || 'Window error',
        {
          source: event.filename,
          line: event.lineno,
          column: event.colno,
          error: toPlain(event.error),
        },
        'window.onerror',
      );
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      this.error('Unhandled promise rejection', toPlain(event.reason), 'unhandledrejection');
    };
    const onHide = () => void this.flush(true);
    target.addEventListener('error', onError);
    target.addEventListener('unhandledrejection', onRejection);
    target.addEventListener('pagehide', onHide);
    return () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
      target.removeEventListener('pagehide', onHide);
    };
  }

  private scheduleFlush(): void {
    if (this.timer || !this.options) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.flushIntervalMs ?? 30_000);
  }

  private async send(path: string, body: unknown, keepalive = false): Promise<void> {
    const options = this.options;
    if (!options) {
      // Not configured yet: keep errors for the next bulk so nothing is lost.
      if (path.endsWith('client-error')) this.pending.push(body as ClientLogEntry);
      return;
    }
    const doFetch =
      options.fetchImpl ?? (typeof fetch !== 'undefined' ? fetch.bind(globalThis) : undefined);
    if (!doFetch) return;
    try {
      await doFetch(`${options.baseUrl().replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        keepalive,
      });
    } catch {
      // Logging must never break the page; a lost log entry is acceptable.
    }
  }
}

/** The one logger of the page (shared as part of the @mechabrim/ui singleton). */
export const clientLogger = new ClientLogger();
