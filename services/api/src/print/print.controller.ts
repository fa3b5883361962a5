import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  printAttentionAnswerSchema,
  printCallbackAnswerSchema,
  type PrintAttentionAnswer,
  type PrintCallbackAnswer,
} from '@mechabrim/contracts';
import { Authenticated } from '../auth/guards';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { ApiZodResponse } from '../common/validation/zod-validation.pipe';
import { PrintAttentionService } from './print-attention.service';
import { PrintCallbackService } from './print-callback.service';

/** The print partner's status callbacks (server to server), and what needs an admin. */
@ApiTags('print')
@Controller('print')
export class PrintController {
  constructor(
    private readonly callbacks: PrintCallbackService,
    private readonly attention: PrintAttentionService,
  ) {}

  @Get('attention')
  @Authenticated('admin')
  @ApiOperation({
    summary:
      'Orders whose printing needs an admin: the handoff failed for good, or the partner rejected the job (admin only)',
  })
  @ApiZodResponse(printAttentionAnswerSchema, { description: 'Newest first, at most 100' })
  needsAttention(): Promise<PrintAttentionAnswer> {
    return this.attention.list();
  }

  @Post('callback')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The print partner's PRINT_JOB_STATUS_CHANGED webhook (signed; not for browsers): the order's status moves forward, tracking numbers are kept",
  })
  @ApiHeader({
    name: 'Lulu-HMAC-SHA256',
    required: true,
    description: "HMAC-SHA256 (hex) of the raw body, keyed with the print partner's API secret",
  })
  @ApiZodResponse(printCallbackAnswerSchema, { description: 'What the callback did' })
  callback(@Req() request: RawBodyRequest<FastifyRequest>): Promise<PrintCallbackAnswer> {
    if (!request.rawBody) throw new DomainError('invalid_data', messagesHe.print.badCallback);
    return this.callbacks.handle(request.rawBody, request.headers);
  }
}
