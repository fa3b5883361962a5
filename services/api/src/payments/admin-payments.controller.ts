import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  objectIdSchema,
  unappliedPaymentSchema,
  unappliedPaymentsAnswerSchema,
  unappliedPaymentsQuerySchema,
  type UnappliedPayment,
  type UnappliedPaymentsAnswer,
  type UnappliedPaymentsQuery,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { messagesHe } from '../common/messages.he';
import { ApiZodResponse, ZodParam, ZodQuery } from '../common/validation/zod-validation.pipe';
import { UnappliedPaymentsService } from './unapplied-payments.service';

/** Payments that took money without paying their order, and their refund (admins only). */
@ApiTags('payments')
@Controller('admin/payments')
@Authenticated('admin')
export class AdminPaymentsController {
  constructor(private readonly unapplied: UnappliedPaymentsService) {}

  @Get('unapplied')
  @ApiOperation({
    summary:
      'Money taken that did not pay its order (another sum, an order already paid, or expired): newest first, at most 100; ?refund=needed|requested|refunded',
  })
  @ApiZodResponse(unappliedPaymentsAnswerSchema, { description: 'The payments' })
  list(
    @ZodQuery(unappliedPaymentsQuerySchema) query: UnappliedPaymentsQuery,
  ): Promise<UnappliedPaymentsAnswer> {
    return this.unapplied.list(query);
  }

  @Post('unapplied/:orderId/:transactionId/refund')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Refund an unapplied payment: recorded as requested and credited to the card by the worker; asking again while requested or refunded changes nothing, after a failure tries again',
  })
  @ApiParam({ name: 'orderId' })
  @ApiParam({ name: 'transactionId' })
  @ApiZodResponse(unappliedPaymentSchema, { description: 'The payment and its refund state' })
  refund(
    @CurrentUser() admin: AuthenticatedUser,
    @ZodParam('orderId', objectIdSchema) orderId: string,
    @ZodParam(
      'transactionId',
      z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, messagesHe.payments.unappliedNotFound),
    )
    transactionId: string,
  ): Promise<UnappliedPayment> {
    return this.unapplied.requestRefund(admin, orderId, transactionId);
  }
}
