import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import {
  clientLogBulkSchema,
  clientLogEntrySchema,
  type ClientLogBulk,
  type ClientLogEntry,
  clientLogAcceptedSchema,
} from '@mechabrim/contracts';
import { RATE_LIMITS } from '../common/rate-limit/rate-limit.module';
import { ApiZodBody, ApiZodResponse, ZodBody } from '../common/validation/zod-validation.pipe';
import { assertEntrySizes } from './entry-size';
import { ClientLogBudget } from './client-log-budget';
import { ClientLogsService } from './client-logs.service';

/**
 * Spec §7: `POST /api/logs/client-error` and `POST /api/logs/client-bulk`. Anonymous, so each is
 * held to a request rate per address and both together to one budget of entries and bytes per
 * address ({@link ClientLogBudget}).
 */
@ApiTags('logs')
@Controller('logs')
@UseGuards(ThrottlerGuard)
@Throttle({ default: RATE_LIMITS.clientLogs })
export class ClientLogsController {
  constructor(
    private readonly clientLogs: ClientLogsService,
    private readonly budget: ClientLogBudget,
  ) {}

  @Post('client-error')
  @HttpCode(202)
  @ApiZodBody(clientLogEntrySchema, 'One browser log entry')
  @ApiZodResponse(clientLogAcceptedSchema, { status: 202, description: '{ accepted: 1 }' })
  async clientError(
    @ZodBody(clientLogEntrySchema) entry: ClientLogEntry,
    @Req() request: FastifyRequest,
  ) {
    await this.budget.charge(request.ip, 1, assertEntrySizes([entry]));
    return this.clientLogs.accept([entry], sender(request));
  }

  @Post('client-bulk')
  @HttpCode(202)
  @ApiZodBody(clientLogBulkSchema, 'Up to 50 browser log entries')
  @ApiZodResponse(clientLogAcceptedSchema, { status: 202, description: '{ accepted: n }' })
  async clientBulk(
    @ZodBody(clientLogBulkSchema) body: ClientLogBulk,
    @Req() request: FastifyRequest,
  ) {
    await this.budget.charge(request.ip, body.logs.length, assertEntrySizes(body.logs));
    return this.clientLogs.accept(body.logs, { ...sender(request), sessionId: body.sessionId });
  }
}

function sender(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
