import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { redisOptionsFromUrl } from './redis-options';

/** Injection token of the API's shared ioredis client. */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/**
 * The API's Redis connection. Commands fail at once while Redis is unreachable
 * (no offline queue), so a request that needs Redis answers 503 instead of hanging;
 * ioredis keeps reconnecting in the background and the API recovers by itself.
 */
export function createApiRedis(url: string): Redis {
  const client = new Redis({
    ...redisOptionsFromUrl(url),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    connectionName: 'mechabrim-api',
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

@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => createApiRedis(config.redisUrl),
    },
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
