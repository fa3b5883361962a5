import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { DependencyIndicators } from '@mechabrim/server-kit';
import { HealthAnswers } from './health-answers';
import { HealthController } from './health.controller';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [DependencyIndicators, HealthAnswers],
  exports: [HealthAnswers],
})
export class HealthModule {}
