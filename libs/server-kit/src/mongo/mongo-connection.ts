import { Logger } from '@nestjs/common';
import type { MongooseModuleOptions } from '@nestjs/mongoose';
import mongoose, { type Connection, type ConnectOptions } from 'mongoose';
import { restartStuckMonitors } from './monitor-watchdog';

const RETRY_MS = 2000;

/**
 * How long an operation may wait for MongoDB: a query or write issued while it is unreachable
 * fails within this time instead of hanging (the API answers 503, the worker's job is retried).
 */
export interface MongoWaitLimits {
  /** Server selection and connection timeout of the driver. */
  timeoutMs: number;
  /** Connections one process keeps open at most. */
  maxPoolSize: number;
}

/** The driver options for {@link MongoWaitLimits}. */
export function mongoConnectOptions({ timeoutMs, maxPoolSize }: MongoWaitLimits): ConnectOptions {
  return {
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
    heartbeatFrequencyMS: 2000,
    maxPoolSize,
  };
}

/**
 * `MongooseModule.forRoot(uri, options)` options for a service that starts whether or not
 * MongoDB is up: the connection is opened in the background by {@link keepConnecting}, and
 * mongoose's buffered operations wait {@link MongoWaitLimits.timeoutMs} at most.
 */
export function mongooseRootOptions(uri: string, limits: MongoWaitLimits): MongooseModuleOptions {
  const options = mongoConnectOptions(limits);
  // mongoose's setting is process-wide; both services set it from their own limits.
  mongoose.set('bufferTimeoutMS', limits.timeoutMs);
  return {
    ...options,
    lazyConnection: true,
    connectionFactory: (connection: Connection) => keepConnecting(connection, uri, options),
  };
}

/**
 * The driver reconnects by itself once a first connection succeeded, but not when the very first
 * attempt fails. Keep retrying that one in the background so a service can start before MongoDB.
 * Once connected, a server monitor whose check never ends is restarted (see
 * {@link restartStuckMonitors}), so the service recovers when MongoDB comes back.
 */
export function keepConnecting(
  connection: Connection,
  uri: string,
  options: ConnectOptions,
): Connection {
  const logger = new Logger('MongoDB');
  let everConnected = false;
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  let stopWatchdog: (() => void) | undefined;
  connection.on('connected', () => {
    if (!everConnected) logger.log('connected');
    everConnected = true;
    stopWatchdog ??= restartStuckMonitors(connection.getClient(), {
      stuckAfterMs: stuckCheckLimitMs(options),
      logger,
    });
  });
  connection.on('close', () => {
    closing = true;
    if (timer) clearTimeout(timer);
    stopWatchdog?.();
    stopWatchdog = undefined;
  });
  const retry = () => {
    timer = undefined;
    if (closing || everConnected || connection.readyState === 1 || connection.readyState === 2)
      return;
    connection.openUri(uri, options).catch(schedule);
  };
  function schedule(error?: Error) {
    if (closing || everConnected || timer) return;
    logger.warn(
      `MongoDB unavailable (${error?.message ?? 'not connected'}); retrying in ${RETRY_MS} ms`,
    );
    timer = setTimeout(retry, RETRY_MS);
    timer.unref();
  }
  connection.on('error', (error: Error) => schedule(error));
  return connection;
}

/** Longer than any check of the driver's monitor may take with these options (see the watchdog). */
function stuckCheckLimitMs(options: ConnectOptions): number {
  const connectTimeoutMS = options.connectTimeoutMS ?? 30_000;
  const heartbeatFrequencyMS = options.heartbeatFrequencyMS ?? 10_000;
  return 2 * connectTimeoutMS + heartbeatFrequencyMS + 1000;
}
