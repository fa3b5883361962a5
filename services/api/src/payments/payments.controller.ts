import { Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  paymentCreateRequestSchema,
  paymentCreateResponseSchema,
  paymentStatusResponseSchema,
  type PaymentCreateRequest,
  type PaymentCreateResponse,
  type PaymentStatusResponse,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import {
  ApiZodBody,
  ApiZodResponse,
  ZodBody,
  ZodParam,
} from '../common/validation/zod-validation.pipe';
import { PaymentCreateService } from './payment-create.service';
import { PaymentNotifyService } from './payment-notify.service';
import { PaymentStatusService } from './payment-status.service';

const transactionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, messagesHe.payments.paymentNotFound);

/** Spec §7: payment creation and status for the buyer; the provider's notify. */
@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly creation: PaymentCreateService,
    private readonly notifies: PaymentNotifyService,
    private readonly statuses: PaymentStatusService,
  ) {}

  @Post('create')
  @HttpCode(201)
  @Authenticated()
  @ApiOperation({
    summary: 'Order priced from the database, pending payment; the hosted payment page to open',
    description:
      'Send an Idempotency-Key header (or idempotency_key) per checkout attempt: a retry makes one order.',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'One per checkout attempt (8-100 of A-Z a-z 0-9 _ -): a retry finds the same order',
  })
  @ApiZodBody(paymentCreateRequestSchema)
  @ApiZodResponse(paymentCreateResponseSchema, { status: 201, description: 'The hosted page' })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(paymentCreateRequestSchema) body: PaymentCreateRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<PaymentCreateResponse> {
    return this.creation.create(user, body, idempotencyKey);
  }

  @Get('status/:transactionId')
  @Authenticated()
  @ApiOperation({
    summary: "The buyer's payment status: completed, pending, failed, review, expired",
  })
  @ApiParam({ name: 'transactionId' })
  @ApiZodResponse(paymentStatusResponseSchema, { description: 'success, status, error' })
  status(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('transactionId', transactionIdSchema) transactionId: string,
  ): Promise<PaymentStatusResponse> {
    return this.statuses.status(user.id, transactionId);
  }

  @Post('notify/:provider')
  @HttpCode(200)
  @ApiOperation({
    summary: "The payment provider's server-to-server notify (signed; not for browsers)",
  })
  @ApiParam({ name: 'provider', enum: ['simulator', 'tranzila'] })
  notify(@Param('provider') provider: string, @Req() request: RawBodyRequest<FastifyRequest>) {
    if (!request.rawBody) throw new DomainError('invalid_data', messagesHe.payments.badNotify);
    return this.notifies.handle(provider, request.rawBody, request.headers, request.body);
  }
}
