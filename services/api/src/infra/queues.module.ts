import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { Redis } from 'ioredis';
import { QueueProducer } from './queue-producer';
import { REDIS_CLIENT } from './redis.module';

/**
 * BullMQ producers share the API's Redis client: adding a job fails fast (503) while Redis is down.
 * A feature module registers its queue with `BullModule.registerQueue({ name: QUEUE_NAMES.x })`
 * and adds jobs through {@link QueueProducer} (503 at once while Redis is unreachable).
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [REDIS_CLIENT],
      useFactory: (redis: Redis) => ({ connection: redis }),
    }),
  ],
  providers: [QueueProducer],
  exports: [BullModule, QueueProducer],
})
export class QueuesModule {}
