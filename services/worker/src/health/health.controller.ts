import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { DependencyIndicators, downDependencies } from '@mechabrim/server-kit';
import { HealthCheck, HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { QueueDepths, type QueueDepth } from './queue-depths';

/**
 * `GET /health` on WORKER_PORT: 200 when MongoDB and Redis answer, with every queue's depth,
 * failures and oldest waiting job; else 503 naming which is down.
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly dependencies: DependencyIndicators,
    private readonly queues: QueueDepths,
  ) {}

  @Get()
  @HealthCheck()
  async check(
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<(HealthCheckResult & { queues?: Record<string, QueueDepth> }) | object> {
    try {
      const result = await this.health.check([
        () => this.dependencies.mongodb(),
        () => this.dependencies.redisPing(),
      ]);
      // Redis answered a moment ago; should it go in between, the answer is still the health.
      const queues = await this.queues.snapshot().catch(() => undefined);
      return queues ? { ...result, queues } : result;
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const result = error.getResponse() as HealthCheckResult;
      const down = downDependencies(result);
      void reply.status(503);
      return {
        statusCode: 503,
        error: 'Service Unavailable',
        message: `down: ${down.join(', ')}`,
        status: 'error',
        down,
        checks: result.details,
      };
    }
  }
}
