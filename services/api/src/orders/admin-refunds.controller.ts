import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  adminRefundSchema,
  adminRefundsAnswerSchema,
  adminRefundsQuerySchema,
  objectIdSchema,
  refundRefSchema,
  type AdminRefund,
  type AdminRefundsAnswer,
  type AdminRefundsQuery,
} from '@mechabrim/contracts';
import { Authenticated } from '../auth/guards';
import { ApiZodResponse, ZodParam, ZodQuery } from '../common/validation/zod-validation.pipe';
import { AdminRefundsService } from './admin-refunds.service';

/** Refunds of cancelled and returned orders, as admins follow them (admins only). */
@ApiTags('orders')
@Controller('admin/refunds')
@Authenticated('admin')
export class AdminRefundsController {
  constructor(private readonly refunds: AdminRefundsService) {}

  @Get()
  @ApiOperation({
    summary:
      'Refunds in one state (?state=failed, the default; pending; refunded): newest first, at most 100',
  })
  @ApiZodResponse(adminRefundsAnswerSchema, { description: 'The refunds' })
  list(@ZodQuery(adminRefundsQuerySchema) query: AdminRefundsQuery): Promise<AdminRefundsAnswer> {
    return this.refunds.list(query);
  }

  @Post(':orderId/:refundRef/retry')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Try a failed refund again (back to pending, on the refunds queue); 409 otherwise',
  })
  @ApiParam({ name: 'orderId' })
  @ApiParam({ name: 'refundRef' })
  @ApiZodResponse(adminRefundSchema, { description: 'The refund, pending again' })
  retry(
    @ZodParam('orderId', objectIdSchema) orderId: string,
    @ZodParam('refundRef', refundRefSchema) refundRef: string,
  ): Promise<AdminRefund> {
    return this.refunds.retry(orderId, refundRef);
  }
}
