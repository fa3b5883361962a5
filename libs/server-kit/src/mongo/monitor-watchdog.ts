import { Logger } from '@nestjs/common';
import type { Connection } from 'mongoose';

type MongoClient = ReturnType<Connection['getClient']>;

/** The driver's per-server monitor, as far as restarting it goes (not part of its public API). */
interface RestartableMonitor {
  close(): void;
  connect(): void;
}

export interface MonitorWatchdogOptions {
  /**
   * A check still running after this long is stuck. Every check the driver makes is bounded by
   * its own timeouts (connect and handshake, each `connectTimeoutMS`; a streaming hello,
   * `connectTimeoutMS + heartbeatFrequencyMS`), so this must be longer than those together.
   */
  stuckAfterMs: number;
  /** How often the running checks are looked at (default 1 s). */
  sweepEveryMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

/**
 * Restarts a MongoDB server monitor whose check never ends.
 *
 * Why: the driver (mongodb 7.8 and 7.9) can lose a check when MongoDB closes the monitor's
 * connection in the same instant the monitor starts a check on it (MongoDB restarting closes
 * every connection at once, and the first one closed asks the monitor to check). The socket is
 * already destroyed but the driver has not seen its `close` yet, so it writes the `hello`
 * there: Node answers `false` and never emits `drain` or `error`, and the check waits forever.
 * The monitor then never checks again: the server stays "Unknown" and every operation fails
 * server selection, so the service answers 503 until it is restarted, although MongoDB is back.
 *
 * The heartbeat events are public; the restart uses the monitor's own close/connect (what the
 * driver does when a server is closed and reconnected), reached through the client's topology.
 * When a driver update moves those, the watchdog logs that it cannot restart instead of failing.
 *
 * @returns stops watching.
 */
export function restartStuckMonitors(
  client: MongoClient,
  { stuckAfterMs, sweepEveryMs = 1000, logger = new Logger('MongoDB') }: MonitorWatchdogOptions,
): () => void {
  const checkStartedAt = new Map<string, number>();
  const onStarted = (event: { connectionId: string }) =>
    checkStartedAt.set(event.connectionId, Date.now());
  const onEnded = (event: { connectionId: string }) => checkStartedAt.delete(event.connectionId);
  client.on('serverHeartbeatStarted', onStarted);
  client.on('serverHeartbeatSucceeded', onEnded);
  client.on('serverHeartbeatFailed', onEnded);

  const sweep = () => {
    const now = Date.now();
    for (const [address, startedAt] of checkStartedAt) {
      if (now - startedAt < stuckAfterMs) continue;
      checkStartedAt.delete(address);
      const monitor = monitorOf(client, address);
      if (!monitor) {
        logger.warn(
          `the check of ${address} has not ended for ${now - startedAt} ms and cannot be restarted`,
        );
        continue;
      }
      logger.warn(
        `the check of ${address} has not ended for ${now - startedAt} ms; restarting its monitor`,
      );
      monitor.close();
      monitor.connect();
    }
  };
  const timer = setInterval(sweep, sweepEveryMs);
  timer.unref();

  return () => {
    clearInterval(timer);
    client.off('serverHeartbeatStarted', onStarted);
    client.off('serverHeartbeatSucceeded', onEnded);
    client.off('serverHeartbeatFailed', onEnded);
  };
}

/** The monitor of the server at `address`, if the driver still keeps it where 7.x does. */
function monitorOf(client: MongoClient, address: string): RestartableMonitor | undefined {
  const topology = (client as unknown as { topology?: { s?: { servers?: unknown } } }).topology;
  const servers = topology?.s?.servers;
  if (!(servers instanceof Map)) return undefined;
  const server: unknown = servers.get(address);
  const monitor: unknown =
    server && typeof server === 'object' ? (server as { monitor?: unknown }).monitor : undefined;
  if (!monitor || typeof monitor !== 'object') return undefined;
  const { close, connect } = monitor as Partial<Record<keyof RestartableMonitor, unknown>>;
  return typeof close === 'function' && typeof connect === 'function'
    ? (monitor as RestartableMonitor)
    : undefined;
}
