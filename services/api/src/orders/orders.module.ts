import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BOOK_QUEUE_NAMES } from '@mechabrim/contracts';
import {
  CATALOGUE_MODELS,
  CREDIT_NOTE_MODEL,
  CreditNoteSchema,
  RECEIPT_MODEL,
  ReceiptSchema,
} from '@mechabrim/db';
import { AdminRefundsController } from './admin-refunds.controller';
import { AdminRefundsService } from './admin-refunds.service';
import { AdminReturnsController } from './admin-returns.controller';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { OrderCancellationService } from './order-cancellation.service';
import { OrderReturnsService } from './order-returns.service';
import { PaymentsModule } from '../payments/payments.module';
import { PrintQuotesModule } from '../print/print-quotes.module';

@Module({
  imports: [
    PaymentsModule,
    PrintQuotesModule,
    BullModule.registerQueue({ name: BOOK_QUEUE_NAMES.bookSales }),
    MongooseModule.forFeature([
      ...CATALOGUE_MODELS,
      { name: RECEIPT_MODEL, schema: ReceiptSchema },
      { name: CREDIT_NOTE_MODEL, schema: CreditNoteSchema },
    ]),
  ],
  controllers: [OrdersController, AdminRefundsController, AdminReturnsController],
  providers: [OrdersService, OrderCancellationService, OrderReturnsService, AdminRefundsService],
})
export class OrdersModule {}
