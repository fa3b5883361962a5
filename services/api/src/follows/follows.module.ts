import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { FollowsController } from './follows.controller';
import { FollowsService } from './follows.service';

/** Readers following authors (issue 24); the daily new-books mail is the worker's. */
@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS])],
  controllers: [FollowsController],
  providers: [FollowsService],
})
export class FollowsModule {}
