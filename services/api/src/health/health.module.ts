import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthAnswers } from './health-answers';
import { HealthController } from './health.controller';
import { DependencyIndicators } from './health.indicators';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [DependencyIndicators, HealthAnswers],
  exports: [HealthAnswers],
})
export class HealthModule {}
