import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { closeRedis, createFailFastRedis, HEALTH_REDIS } from '@mechabrim/server-kit';
import { Redis } from 'ioredis';
import { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';

/** Injection token of the API's shared ioredis client. */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/**
 * The API's Redis connection, fail-fast (`createFailFastRedis`): a request that needs Redis
 * answers 503 while it is down instead of hanging. The health check pings the same client.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => createFailFastRedis(config.redisUrl, 'mechabrim-api'),
    },
    { provide: HEALTH_REDIS, useExisting: REDIS_CLIENT },
  ],
  exports: [REDIS_CLIENT, HEALTH_REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.redis);
  }
}
