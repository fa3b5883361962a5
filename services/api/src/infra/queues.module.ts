import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { Redis } from 'ioredis';
import { REDIS_CLIENT } from './redis.module';

/**
 * BullMQ producers share the API's Redis client: adding a job fails fast (503) while Redis is down.
 * A feature module registers its queue with `BullModule.registerQueue({ name: QUEUE_NAMES.x })`.
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [REDIS_CLIENT],
      useFactory: (redis: Redis) => ({ connection: redis }),
    }),
  ],
  exports: [BullModule],
})
export class QueuesModule {}
