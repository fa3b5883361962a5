import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ALL_QUEUE_NAMES } from '@mechabrim/contracts';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { AuthModule } from '../auth/auth.module';
import { QueueBoardController } from './queue-board.controller';
import { QueueBoardSessions } from './queue-board-sessions';

/**
 * The operators' view of every queue (Bull Board, mounted by `registerQueueBoard` in the app
 * factory) and the admin-only session that opens it.
 */
@Module({
  imports: [
    AuthModule,
    MongooseModule.forFeature([...CATALOGUE_MODELS]),
    ...ALL_QUEUE_NAMES.map((name) => BullModule.registerQueue({ name })),
  ],
  controllers: [QueueBoardController],
  providers: [QueueBoardSessions],
})
export class AdminQueuesModule {}
