import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BOOK_QUEUE_NAMES, ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import {
  LEDGER_ENTRY_MODEL,
  LedgerEntrySchema,
  ORDER_MODEL,
  OrderSchema,
  OUTBOX_MODEL,
  OutboxSchema,
  USER_MODEL,
  UserSchema,
  BOOK_MODEL,
  BookSchema,
} from '@mechabrim/db';
import { OrderSplitsProcessor } from './order-splits.processor';
import { OutboxHandover } from './outbox-handover';
import { SplitReader } from './split-reader';
import { SplitWriter } from './split-writer';

@Module({
  imports: [
    BullModule.registerQueue({ name: ORDER_QUEUE_NAMES.orderSplits }),
    // The queues its outbox rows go to, handed over by the split itself (decision 16).
    BullModule.registerQueue({ name: ORDER_QUEUE_NAMES.mail }),
    BullModule.registerQueue({ name: BOOK_QUEUE_NAMES.bookSales }),
    MongooseModule.forFeature([
      { name: ORDER_MODEL, schema: OrderSchema },
      { name: LEDGER_ENTRY_MODEL, schema: LedgerEntrySchema },
      { name: OUTBOX_MODEL, schema: OutboxSchema },
      { name: USER_MODEL, schema: UserSchema },
      { name: BOOK_MODEL, schema: BookSchema },
    ]),
  ],
  providers: [SplitReader, SplitWriter, OutboxHandover, OrderSplitsProcessor],
})
export class OrderSplitsModule {}
