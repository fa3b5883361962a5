import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { messagesHe } from '../common/messages.he';
import { DependencyIndicators } from './health.indicators';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly dependencies: DependencyIndicators,
  ) {}

  /**
   * 200 `{status:'ok', details:{mongodb, redis}}` when both answer; otherwise 503 in the error shape,
   * naming the services that are down, with each one's state under `checks`.
   */
  @Get()
  @HealthCheck()
  @ApiOkResponse({ description: 'MongoDB and Redis answer' })
  @ApiServiceUnavailableResponse({
    description: 'MongoDB or Redis is down; the message names which',
  })
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
      const down = Object.entries(result.details)
        .filter(([, d]) => d.status === 'down')
        .map(([name]) => name);
      void reply.status(503);
      return {
        statusCode: 503,
        error: 'Service Unavailable',
        message: messagesHe.health.down(down),
        status: 'error',
        down,
        checks: result.details,
      };
    }
  }
}
