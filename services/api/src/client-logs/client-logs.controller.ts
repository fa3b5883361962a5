import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiAcceptedResponse, ApiTags } from '@nestjs/swagger';
import { clientLogBulkSchema, clientLogEntrySchema } from '@mechabrim/contracts';
import type { ClientLogBulk, ClientLogEntry } from '@mechabrim/contracts';
import { ApiZodBody, ZodBody } from '../common/validation/zod-validation.pipe';
import { ClientLogsService } from './client-logs.service';

/** Spec §7: `POST /api/logs/client-error` and `POST /api/logs/client-bulk`. */
@ApiTags('logs')
@Controller('logs')
export class ClientLogsController {
  constructor(private readonly clientLogs: ClientLogsService) {}

  @Post('client-error')
  @HttpCode(202)
  @ApiZodBody(clientLogEntrySchema, 'One browser log entry')
  @ApiAcceptedResponse({ description: '{ accepted: 1 }' })
  clientError(
    @ZodBody(clientLogEntrySchema) entry: ClientLogEntry,
    @Req() request: FastifyRequest,
  ) {
    return this.clientLogs.accept([entry], sender(request));
  }

  @Post('client-bulk')
  @HttpCode(202)
  @ApiZodBody(clientLogBulkSchema, 'Up to 100 browser log entries')
  @ApiAcceptedResponse({ description: '{ accepted: n }' })
  clientBulk(@ZodBody(clientLogBulkSchema) body: ClientLogBulk, @Req() request: FastifyRequest) {
    return this.clientLogs.accept(body.logs, { ...sender(request), sessionId: body.sessionId });
  }
}

function sender(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
