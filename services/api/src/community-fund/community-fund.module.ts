import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import {
  COMMUNITY_DONATION_MODEL,
  CommunityDonationSchema,
  COMMUNITY_PROJECT_MODEL,
  CommunityProjectSchema,
  LEDGER_ENTRY_MODEL,
  LedgerEntrySchema,
} from '@mechabrim/db';
import { PaymentsModule } from '../payments/payments.module';
import { CommunityDonationsController } from './community-donations.controller';
import { CommunityDonationsService } from './community-donations.service';
import { CommunityFundController } from './community-fund.controller';
import { CommunityFundService } from './community-fund.service';
import { CommunityProjectsController } from './community-projects.controller';
import { CommunityProjectsService } from './community-projects.service';

/** The community fund (issue 23 item 7): its projects (admins), the fund in the open, donations. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: COMMUNITY_PROJECT_MODEL, schema: CommunityProjectSchema },
      { name: LEDGER_ENTRY_MODEL, schema: LedgerEntrySchema },
      { name: COMMUNITY_DONATION_MODEL, schema: CommunityDonationSchema },
    ]),
    // The payment provider's port, for the donation's hosted page.
    PaymentsModule,
  ],
  controllers: [CommunityProjectsController, CommunityFundController, CommunityDonationsController],
  providers: [CommunityProjectsService, CommunityFundService, CommunityDonationsService],
})
export class CommunityFundModule {}
