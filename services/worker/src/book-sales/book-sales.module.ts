import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BOOK_QUEUE_NAMES } from '@mechabrim/contracts';
import { BOOK_MODEL, BookSchema, LEDGER_ENTRY_MODEL, LedgerEntrySchema } from '@mechabrim/db';
import { BookSalesProcessor } from './book-sales.processor';

@Module({
  imports: [
    BullModule.registerQueue({ name: BOOK_QUEUE_NAMES.bookSales }),
    MongooseModule.forFeature([
      { name: BOOK_MODEL, schema: BookSchema },
      { name: LEDGER_ENTRY_MODEL, schema: LedgerEntrySchema },
    ]),
  ],
  providers: [BookSalesProcessor],
})
export class BookSalesModule {}
