import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { QUEUE_NAMES } from '@mechabrim/contracts';
import { CLIENT_LOG_MODEL, ClientLogSchema } from '@mechabrim/db';
import { ClientLogsProcessor } from './client-logs.processor';

@Module({
  imports: [
    BullModule.registerQueue({ name: QUEUE_NAMES.clientLogs }),
    MongooseModule.forFeature([{ name: CLIENT_LOG_MODEL, schema: ClientLogSchema }]),
  ],
  providers: [ClientLogsProcessor],
})
export class ClientLogsModule {}
