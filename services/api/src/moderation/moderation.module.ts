import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { PrintQuotesModule } from '../print/print-quotes.module';
import { ModerationController } from './moderation.controller';
import { ModerationQueueService } from './moderation-queue.service';
import { ModerationService } from './moderation.service';

/** Admin moderation: books pending approval, authors' edits, readers' reviews (issue 12). */
@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS]), PrintQuotesModule],
  controllers: [ModerationController],
  providers: [ModerationService, ModerationQueueService],
})
export class ModerationModule {}
