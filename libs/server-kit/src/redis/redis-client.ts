import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { redisOptionsFromUrl } from './redis-options';

/**
 * A Redis connection for commands a request or a health probe waits on. Commands fail at once
 * while Redis is unreachable (no offline queue), so the caller answers 503 instead of hanging;
 * ioredis keeps reconnecting in the background and the process recovers by itself. One warning
 * when the connection is lost and one line when it is back, not one per retry.
 * (BullMQ workers need blocking connections instead: `maxRetriesPerRequest: null`.)
 */
export function createFailFastRedis(url: string, connectionName: string): Redis {
  const client = new Redis({
    ...redisOptionsFromUrl(url),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    connectionName,
  });
  const logger = new Logger('Redis');
  let down = false;
  client.on('error', (error: Error) => {
    if (!down) logger.warn(`redis unavailable: ${error.message}`);
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.log('redis connection restored');
    down = false;
  });
  return client;
}

/** Closes a client politely, or drops it when Redis is not there to answer QUIT. */
export async function closeRedis(client: Redis): Promise<void> {
  await client.quit().catch(() => client.disconnect());
}
