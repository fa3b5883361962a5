import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Inject, Module, OnApplicationShutdown, Type } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TerminusModule } from '@nestjs/terminus';
import { Redis } from 'ioredis';
import { ClientLogsModule } from './client-logs/client-logs.module';
import { WORKER_CONFIG, type WorkerConfig } from './config/worker-config';
import { HealthController } from './health/health.controller';
import { keepConnecting, MONGO_CONNECT_OPTIONS } from './infra/mongo-connection';
import { redisOptionsFromUrl } from './infra/redis-options';
import { HEALTH_REDIS } from './infra/tokens';

/** One module per queue, under `src/<queue>/`. To add one: import it and list it here. */
export const QUEUE_MODULES: Type[] = [ClientLogsModule];

@Global()
@Module({})
class WorkerInfraModule implements OnApplicationShutdown {
  constructor(@Inject(HEALTH_REDIS) private readonly redis: Redis) {}

  static forRoot(config: WorkerConfig): DynamicModule {
    return {
      module: WorkerInfraModule,
      providers: [
        { provide: WORKER_CONFIG, useValue: config },
        {
          provide: HEALTH_REDIS,
          useFactory: () => {
            const redis = new Redis({
              ...redisOptionsFromUrl(config.redisUrl),
              enableOfflineQueue: false,
              maxRetriesPerRequest: 1,
              connectTimeout: 2000,
              retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
              connectionName: 'mechabrim-worker-health',
            });
            redis.on('error', () => undefined);
            return redis;
          },
        },
      ],
      exports: [WORKER_CONFIG, HEALTH_REDIS],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Module({})
export class WorkerModule {
  static forRoot(config: WorkerConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        WorkerInfraModule.forRoot(config),
        MongooseModule.forRoot(config.mongodbUri, {
          ...MONGO_CONNECT_OPTIONS,
          lazyConnection: true,
          connectionFactory: (connection) =>
            keepConnecting(connection, config.mongodbUri, MONGO_CONNECT_OPTIONS),
        }),
        BullModule.forRoot({
          // Workers block on Redis: BullMQ requires maxRetriesPerRequest null for them.
          connection: { url: config.redisUrl, maxRetriesPerRequest: null },
        }),
        TerminusModule.forRoot({ logger: false }),
        ...QUEUE_MODULES,
      ],
      controllers: [HealthController],
    };
  }
}
