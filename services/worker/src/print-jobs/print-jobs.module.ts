import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import { BOOK_MODEL, BookSchema, ORDER_MODEL, OrderSchema } from '@mechabrim/db';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { PrintJobsProcessor } from './print-jobs.processor';
import { HttpPrintService, PRINT_SERVICE, type PrintService } from './print-service';

@Module({
  imports: [
    BullModule.registerQueue({ name: ORDER_QUEUE_NAMES.printJobs }),
    BullModule.registerQueue({ name: ORDER_QUEUE_NAMES.orderSplits }),
    MongooseModule.forFeature([
      { name: ORDER_MODEL, schema: OrderSchema },
      { name: BOOK_MODEL, schema: BookSchema },
    ]),
  ],
  providers: [
    {
      provide: PRINT_SERVICE,
      inject: [WORKER_CONFIG],
      useFactory: (config: WorkerConfig): PrintService => new HttpPrintService(config.print),
    },
    PrintJobsProcessor,
  ],
})
export class PrintJobsModule {}
