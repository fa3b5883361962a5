import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PAYOUT_QUEUE_NAMES } from '@mechabrim/contracts';
import {
  COMMUNITY_ALLOCATION_MODEL,
  COMMUNITY_PROJECT_MODEL,
  CommunityAllocationSchema,
  CommunityProjectSchema,
  LEDGER_ENTRY_MODEL,
  LedgerEntrySchema,
  OUTBOX_MODEL,
  OutboxSchema,
  PAYOUT_DETAILS_MODEL,
  PAYOUT_MODEL,
  PAYOUT_RUN_MODEL,
  PayoutDetailsSchema,
  PayoutRunSchema,
  PayoutSchema,
  USER_MODEL,
  UserSchema,
} from '@mechabrim/db';
import { InstitutionsController } from './institutions.controller';
import { MyPayoutsController } from './my-payouts.controller';
import { MyPayoutsService } from './my-payouts.service';
import { PayoutDetailsController } from './payout-details.controller';
import { PayoutDetailsService } from './payout-details.service';
import { PayoutHoldsController } from './payout-holds.controller';
import { PayoutHoldsService } from './payout-holds.service';
import { PayoutRunsController } from './payout-runs.controller';
import { PayoutRunsService } from './payout-runs.service';
import { PayoutStatementsService } from './payout-statements.service';
import { RunAllocationsController } from './run-allocations.controller';
import { RunAllocationsService } from './run-allocations.service';

/**
 * Authors' payouts (issue 23): payout details, the admins' holds, the runs and statements, and the
 * accounts marked as institutions (for the bonus).
 */
@Module({
  imports: [
    BullModule.registerQueue({ name: PAYOUT_QUEUE_NAMES.payoutRuns }),
    MongooseModule.forFeature([
      { name: PAYOUT_DETAILS_MODEL, schema: PayoutDetailsSchema },
      { name: USER_MODEL, schema: UserSchema },
      { name: OUTBOX_MODEL, schema: OutboxSchema },
      { name: PAYOUT_RUN_MODEL, schema: PayoutRunSchema },
      { name: PAYOUT_MODEL, schema: PayoutSchema },
      { name: LEDGER_ENTRY_MODEL, schema: LedgerEntrySchema },
      { name: COMMUNITY_ALLOCATION_MODEL, schema: CommunityAllocationSchema },
      { name: COMMUNITY_PROJECT_MODEL, schema: CommunityProjectSchema },
    ]),
  ],
  controllers: [
    PayoutDetailsController,
    PayoutHoldsController,
    PayoutRunsController,
    MyPayoutsController,
    RunAllocationsController,
    InstitutionsController,
  ],
  providers: [
    PayoutDetailsService,
    PayoutHoldsService,
    PayoutRunsService,
    MyPayoutsService,
    PayoutStatementsService,
    RunAllocationsService,
  ],
})
export class PayoutsModule {}
