import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { messagesHe } from '../common/messages.he';
import { DependencyIndicators } from './health.indicators';

/** The whole answer is reused this long (the pings themselves are cached by the indicators). */
const RESULT_CACHE_MS = 500;

@ApiTags('health')
@Controller('health')
export class HealthController {
  private latest?: { at: number; answer: Promise<{ status: number; body: object }> };

  constructor(
    private readonly health: HealthCheckService,
    private readonly dependencies: DependencyIndicators,
  ) {}

  /**
   * 200 `{status:'ok', details:{mongodb:{status:'up'}, redis:{status:'up'}}}` when both answer; otherwise 503 in the error shape,
   * naming the services that are down, with each one's state under `checks`.
   */
  @Get()
  @HealthCheck()
  @ApiOkResponse({ description: 'MongoDB and Redis answer' })
  @ApiServiceUnavailableResponse({
    description: 'MongoDB or Redis is down; the message names which',
  })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<object> {
    // Load balancers and monitors poll this: one evaluation serves every request for a moment.
    const now = Date.now();
    if (!this.latest || now - this.latest.at >= RESULT_CACHE_MS) {
      this.latest = { at: now, answer: this.evaluate() };
    }
    const { status, body } = await this.latest.answer;
    void reply.status(status);
    return body;
  }

  private async evaluate(): Promise<{ status: number; body: object }> {
    try {
      const result: HealthCheckResult = await this.health.check([
        () => this.dependencies.mongodb(),
        () => this.dependencies.redisPing(),
      ]);
      return { status: 200, body: { status: result.status, details: summary(result) } };
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const result = error.getResponse() as HealthCheckResult;
      const down = Object.entries(result.details)
        .filter(([, d]) => d.status === 'down')
        .map(([name]) => name);
      return {
        status: 503,
        body: {
          statusCode: 503,
          error: 'Service Unavailable',
          message: messagesHe.health.down(down),
          status: 'error',
          down,
          checks: summary(result),
        },
      };
    }
  }
}

/** Each dependency's status (and why it is down), without terminus's timing fields and duplicates. */
function summary(result: HealthCheckResult): Record<string, { status: string; message?: unknown }> {
  return Object.fromEntries(
    Object.entries(result.details).map(([name, detail]) => [
      name,
      detail.status === 'down'
        ? { status: detail.status, message: detail.message }
        : { status: detail.status },
    ]),
  );
}
