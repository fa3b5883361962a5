import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ORDER_QUEUE_NAMES, PAYOUT_QUEUE_NAMES } from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  BookSchema,
  COMMUNITY_ALLOCATION_MODEL,
  COMMUNITY_PROJECT_MODEL,
  CommunityAllocationSchema,
  CommunityProjectSchema,
  LEDGER_ENTRY_MODEL,
  LedgerEntrySchema,
  ORDER_MODEL,
  OrderSchema,
  PAYOUT_DETAILS_MODEL,
  PAYOUT_MODEL,
  PAYOUT_RUN_MODEL,
  PayoutDetailsSchema,
  PayoutRunSchema,
  PayoutSchema,
  USER_MODEL,
  UserSchema,
} from '@mechabrim/db';
import { CommunityAllocationStep } from './community-allocation';
import { ReceiptsModule } from '../receipts/receipts.module';
import { PayoutBatchStep } from './payout-batch-step';
import { PayoutBonusesStep } from './payout-bonuses';
import { PayoutPlanner } from './payout-planner';
import { PayoutReleaseStep } from './payout-release';
import { PayoutRunService } from './payout-run.service';
import { PayoutStatements } from './payout-statements';
import { PayoutStatementsProcessor } from './payout-statements.processor';
import { PayoutRunsProcessor } from './payout-runs.processor';

/** Authors' payouts and the community fund's allocations (issue 23): the monthly run, its statements and its bank file. */
@Module({
  imports: [
    // The statements are drawn on the receipts' PDF thread and kept in their file store.
    ReceiptsModule,
    BullModule.registerQueue({ name: PAYOUT_QUEUE_NAMES.payoutRuns }),
    BullModule.registerQueue({ name: PAYOUT_QUEUE_NAMES.payoutStatements }),
    BullModule.registerQueue({ name: ORDER_QUEUE_NAMES.mail }),
    MongooseModule.forFeature([
      { name: PAYOUT_RUN_MODEL, schema: PayoutRunSchema },
      { name: PAYOUT_MODEL, schema: PayoutSchema },
      { name: LEDGER_ENTRY_MODEL, schema: LedgerEntrySchema },
      { name: PAYOUT_DETAILS_MODEL, schema: PayoutDetailsSchema },
      { name: BOOK_MODEL, schema: BookSchema },
      { name: COMMUNITY_PROJECT_MODEL, schema: CommunityProjectSchema },
      { name: COMMUNITY_ALLOCATION_MODEL, schema: CommunityAllocationSchema },
      { name: USER_MODEL, schema: UserSchema },
      { name: ORDER_MODEL, schema: OrderSchema },
    ]),
  ],
  providers: [
    PayoutRunService,
    PayoutPlanner,
    PayoutBatchStep,
    PayoutBonusesStep,
    PayoutReleaseStep,
    CommunityAllocationStep,
    PayoutStatements,
    PayoutRunsProcessor,
    PayoutStatementsProcessor,
  ],
  exports: [PayoutRunService],
})
export class PayoutRunsModule {}
