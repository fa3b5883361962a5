import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { HealthAnswers } from './health-answers';

/**
 * Declares and documents `GET /api/health` (the OpenAPI entry comes from these decorators). The
 * requests themselves are served by the lean Fastify handler of `health.route.ts`, which takes the
 * place of this method's handler when Nest registers the route; the method gives the same answer
 * for the case it is ever reached through Nest.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly answers: HealthAnswers) {}

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
    const { status, body } = await this.answers.current();
    void reply.status(status);
    return body;
  }
}
