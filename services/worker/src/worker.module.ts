import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Inject, Module, OnApplicationShutdown, Type } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TerminusModule } from '@nestjs/terminus';
import {
  closeRedis,
  createFailFastRedis,
  DependencyIndicators,
  HEALTH_REDIS,
  LoggingModule,
  mongooseRootOptions,
} from '@mechabrim/server-kit';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { BookSalesModule } from './book-sales/book-sales.module';
import { BookUploadsModule } from './book-uploads/book-uploads.module';
import { ClientLogsModule } from './client-logs/client-logs.module';
import { OrderSplitsModule } from './order-splits/order-splits.module';
import { WORKER_CONFIG, type WorkerConfig } from './config/worker-config';
import { HealthController } from './health/health.controller';
import { QueueDepths } from './health/queue-depths';
import { MailModule } from './mail/mail.module';
import { PayoutRunsModule } from './payout-runs/payout-runs.module';
import { FollowDigestsModule } from './follow-digests/follow-digests.module';
import { PrintJobsModule } from './print-jobs/print-jobs.module';
import { ReceiptsModule } from './receipts/receipts.module';
import { RefundsModule } from './refunds/refunds.module';

/** One module per queue, under `src/<queue>/`. To add one: import it and list it here. */
export const QUEUE_MODULES: Type[] = [
  ClientLogsModule,
  OrderSplitsModule,
  PrintJobsModule,
  ReceiptsModule,
  RefundsModule,
  MailModule,
  BookUploadsModule,
  BookSalesModule,
  PayoutRunsModule,
  FollowDigestsModule,
];

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
          useFactory: () => createFailFastRedis(config.redisUrl, 'mechabrim-worker-health'),
        },
      ],
      exports: [WORKER_CONFIG, HEALTH_REDIS],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.redis);
  }
}

@Module({})
export class WorkerModule {
  static forRoot(config: WorkerConfig, logger: Logger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        WorkerInfraModule.forRoot(config),
        LoggingModule.forRoot(logger),
        // A write issued while MongoDB is unreachable fails within 5 s; BullMQ retries the job.
        MongooseModule.forRoot(
          config.mongodbUri,
          mongooseRootOptions(config.mongodbUri, { timeoutMs: 5000, maxPoolSize: 10 }),
        ),
        BullModule.forRoot({
          // Workers block on Redis: BullMQ requires maxRetriesPerRequest null for them.
          connection: { url: config.redisUrl, maxRetriesPerRequest: null },
        }),
        TerminusModule.forRoot({ logger: false }),
        ...QUEUE_MODULES,
      ],
      controllers: [HealthController],
      providers: [DependencyIndicators, QueueDepths],
    };
  }
}
