import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PAYOUT_QUEUE_NAMES } from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  BookSchema,
  LEDGER_ENTRY_MODEL,
  LedgerEntrySchema,
  PAYOUT_DETAILS_MODEL,
  PAYOUT_MODEL,
  PAYOUT_RUN_MODEL,
  PayoutDetailsSchema,
  PayoutRunSchema,
  PayoutSchema,
} from '@mechabrim/db';
import { PayoutRunService } from './payout-run.service';
import { PayoutRunsProcessor } from './payout-runs.processor';

/** Authors' payouts (issue 23): the monthly run, its statements and its bank file. */
@Module({
  imports: [
    BullModule.registerQueue({ name: PAYOUT_QUEUE_NAMES.payoutRuns }),
    MongooseModule.forFeature([
      { name: PAYOUT_RUN_MODEL, schema: PayoutRunSchema },
      { name: PAYOUT_MODEL, schema: PayoutSchema },
      { name: LEDGER_ENTRY_MODEL, schema: LedgerEntrySchema },
      { name: PAYOUT_DETAILS_MODEL, schema: PayoutDetailsSchema },
      { name: BOOK_MODEL, schema: BookSchema },
    ]),
  ],
  providers: [PayoutRunService, PayoutRunsProcessor],
  exports: [PayoutRunService],
})
export class PayoutRunsModule {}
