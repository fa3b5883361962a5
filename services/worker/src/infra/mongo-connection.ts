import { Logger } from '@nestjs/common';
import mongoose, { type Connection, type ConnectOptions } from 'mongoose';

export const MONGO_CONNECT_OPTIONS: ConnectOptions = {
  serverSelectionTimeoutMS: 5000,
  connectTimeoutMS: 5000,
  heartbeatFrequencyMS: 2000,
  maxPoolSize: 10,
};

// A write issued while disconnected waits this long, then the job fails and is retried by BullMQ.
mongoose.set('bufferTimeoutMS', 5000);

const RETRY_MS = 2000;

/**
 * The driver reconnects by itself after a first successful connection, not after a failed first
 * attempt: retry that one in the background so the worker can start before MongoDB.
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
  connection.on('connected', () => {
    everConnected = true;
  });
  connection.on('close', () => {
    closing = true;
    if (timer) clearTimeout(timer);
  });
  const schedule = (error?: Error) => {
    if (closing || everConnected || timer) return;
    logger.warn(
      `MongoDB unavailable (${error?.message ?? 'not connected'}); retrying in ${RETRY_MS} ms`,
    );
    timer = setTimeout(() => {
      timer = undefined;
      if (closing || everConnected || connection.readyState === 1 || connection.readyState === 2)
        return;
      connection.openUri(uri, options).catch(schedule);
    }, RETRY_MS);
    timer.unref();
  };
  connection.on('error', (error: Error) => schedule(error));
  return connection;
}
