import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import {
  COMMUNITY_PROJECT_MODEL,
  CommunityProjectSchema,
  LEDGER_ENTRY_MODEL,
  LedgerEntrySchema,
} from '@mechabrim/db';
import { CommunityFundController } from './community-fund.controller';
import { CommunityFundService } from './community-fund.service';
import { CommunityProjectsController } from './community-projects.controller';
import { CommunityProjectsService } from './community-projects.service';

/** The community fund (issue 23 item 7): its projects (admins) and the fund in the open. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: COMMUNITY_PROJECT_MODEL, schema: CommunityProjectSchema },
      { name: LEDGER_ENTRY_MODEL, schema: LedgerEntrySchema },
    ]),
  ],
  controllers: [CommunityProjectsController, CommunityFundController],
  providers: [CommunityProjectsService, CommunityFundService],
})
export class CommunityFundModule {}
