import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import {
  AuthorOrdersController,
  AuthorStatsController,
  EarningsController,
} from './author-dashboard.controller';
import { AuthorDashboardService } from './author-dashboard.service';
import { AuthorOrdersService } from './author-orders.service';

/** The author's dashboard figures: stats, orders and earnings (issue 12). */
@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS])],
  controllers: [AuthorStatsController, AuthorOrdersController, EarningsController],
  providers: [AuthorDashboardService, AuthorOrdersService],
})
export class AuthorDashboardModule {}
