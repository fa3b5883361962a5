import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import { ORDER_MODEL, OrderSchema } from '@mechabrim/db';
import { ReceiptsModule } from '../receipts/receipts.module';
import { paymentRefundsProvider } from './payment-refunds';
import { RefundsProcessor } from './refunds.processor';
import { UnappliedRefunds } from './unapplied-refunds';

/**
 * Refunds of cancelled (and returned) orders: the money back, the credit note, the mail; and of
 * payments that took money without paying their order.
 */
@Module({
  imports: [
    ReceiptsModule,
    BullModule.registerQueue({ name: ORDER_QUEUE_NAMES.refunds }),
    BullModule.registerQueue({ name: ORDER_QUEUE_NAMES.mail }),
    MongooseModule.forFeature([{ name: ORDER_MODEL, schema: OrderSchema }]),
  ],
  providers: [paymentRefundsProvider, RefundsProcessor, UnappliedRefunds],
})
export class RefundsModule {}
