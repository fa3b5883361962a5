import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { DependencyIndicators, downDependencies } from '@mechabrim/server-kit';
import { HealthCheck, HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';

/** `GET /health` on WORKER_PORT: 200 when MongoDB and Redis answer, else 503 naming which is down. */
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly dependencies: DependencyIndicators,
  ) {}

  @Get()
  @HealthCheck()
  async check(
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<HealthCheckResult | object> {
    try {
      return await this.health.check([
        () => this.dependencies.mongodb(),
        () => this.dependencies.redisPing(),
      ]);
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
