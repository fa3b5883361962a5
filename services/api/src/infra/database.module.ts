import { Logger, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import mongoose, { type Connection, type ConnectOptions } from 'mongoose';
import { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';

/** Driver options: fail a query within seconds while MongoDB is unreachable (answered as 503), never hang. */
export const MONGO_CONNECT_OPTIONS: ConnectOptions = {
  serverSelectionTimeoutMS: 3000,
  connectTimeoutMS: 3000,
  heartbeatFrequencyMS: 2000,
  maxPoolSize: 20,
};

const RETRY_MS = 2000;

// A query issued while disconnected waits this long for the connection, then fails (503).
mongoose.set('bufferTimeoutMS', 3000);

/**
 * The driver reconnects by itself once a first connection succeeded, but not when the very first
 * attempt fails. Keep retrying that one in the background so the API can start before MongoDB.
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
    if (!everConnected) logger.log('connected');
    everConnected = true;
  });
  connection.on('close', () => {
    closing = true;
    if (timer) clearTimeout(timer);
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

@Module({
  imports: [
    MongooseModule.forRootAsync({
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => ({
        uri: config.mongodbUri,
        ...MONGO_CONNECT_OPTIONS,
        // Do not block start-up on MongoDB; `keepConnecting` connects in the background.
        lazyConnection: true,
        connectionFactory: (connection: Connection) =>
          keepConnecting(connection, config.mongodbUri, MONGO_CONNECT_OPTIONS),
      }),
    }),
  ],
})
export class DatabaseModule {}
