import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BOOK_QUEUE_NAMES } from '@mechabrim/contracts';
import { CATALOGUE_MODELS, RECEIPT_MODEL, ReceiptSchema } from '@mechabrim/db';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { OrderCancellationService } from './order-cancellation.service';

@Module({
  imports: [
    BullModule.registerQueue({ name: BOOK_QUEUE_NAMES.bookSales }),
    MongooseModule.forFeature([
      ...CATALOGUE_MODELS,
      { name: RECEIPT_MODEL, schema: ReceiptSchema },
    ]),
  ],
  controllers: [OrdersController],
  providers: [OrdersService, OrderCancellationService],
})
export class OrdersModule {}
