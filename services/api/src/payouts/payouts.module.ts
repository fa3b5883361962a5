import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import {
  OUTBOX_MODEL,
  OutboxSchema,
  PAYOUT_DETAILS_MODEL,
  PayoutDetailsSchema,
  USER_MODEL,
  UserSchema,
} from '@mechabrim/db';
import { PayoutDetailsController } from './payout-details.controller';
import { PayoutDetailsService } from './payout-details.service';
import { PayoutHoldsController } from './payout-holds.controller';
import { PayoutHoldsService } from './payout-holds.service';

/** Authors' payouts (issue 23): payout details and the admins' holds. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PAYOUT_DETAILS_MODEL, schema: PayoutDetailsSchema },
      { name: USER_MODEL, schema: UserSchema },
      { name: OUTBOX_MODEL, schema: OutboxSchema },
    ]),
  ],
  controllers: [PayoutDetailsController, PayoutHoldsController],
  providers: [PayoutDetailsService, PayoutHoldsService],
})
export class PayoutsModule {}
