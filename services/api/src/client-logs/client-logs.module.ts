import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUE_NAMES } from '@mechabrim/contracts';
import { ClientLogsController } from './client-logs.controller';
import { ClientLogBudget } from './client-log-budget';
import { ClientLogsService } from './client-logs.service';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUE_NAMES.clientLogs })],
  controllers: [ClientLogsController],
  providers: [ClientLogsService, ClientLogBudget],
})
export class ClientLogsModule {}
