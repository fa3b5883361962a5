import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { BooksModule } from '../books/books.module';
import { AccountBudget } from '../common/rate-limit/account-budget';
import { ReviewVotesService } from './review-votes.service';
import { ReviewWritesController } from './review-writes.controller';
import { ReviewWritesService } from './review-writes.service';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';

@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS]), BooksModule],
  controllers: [ReviewsController, ReviewWritesController],
  providers: [ReviewsService, ReviewWritesService, ReviewVotesService, AccountBudget],
  exports: [ReviewsService],
})
export class ReviewsModule {}
