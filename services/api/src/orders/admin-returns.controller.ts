import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  adminReturnRejectSchema,
  adminReturnSchema,
  adminReturnsAnswerSchema,
  adminReturnsQuerySchema,
  objectIdSchema,
  type AdminReturn,
  type AdminReturnReject,
  type AdminReturnsAnswer,
  type AdminReturnsQuery,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import {
  ApiZodBody,
  ApiZodResponse,
  ZodBody,
  ZodParam,
  ZodQuery,
} from '../common/validation/zod-validation.pipe';
import { OrderReturnsService } from './order-returns.service';

/** Buyers' returns of delivered books, as admins receive them (admins only). */
@ApiTags('orders')
@Controller('admin/returns')
@Authenticated('admin')
export class AdminReturnsController {
  constructor(private readonly returns: OrderReturnsService) {}

  @Get()
  @ApiOperation({
    summary:
      'Returns in one state (?state=requested, the default; received; rejected): oldest first, at most 100',
  })
  @ApiZodResponse(adminReturnsAnswerSchema, { description: 'The returns' })
  list(@ZodQuery(adminReturnsQuerySchema) query: AdminReturnsQuery): Promise<AdminReturnsAnswer> {
    return this.returns.list(query);
  }

  @Post(':orderId/receive')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The returned books arrived: refund the copies (the worker credits the card, issues the credit note and mails the buyer) and take their shares back in the ledger; 409 unless requested',
  })
  @ApiParam({ name: 'orderId' })
  @ApiZodResponse(adminReturnSchema, { description: 'The return, received' })
  receive(
    @CurrentUser() admin: AuthenticatedUser,
    @ZodParam('orderId', objectIdSchema) orderId: string,
  ): Promise<AdminReturn> {
    return this.returns.receive(admin, orderId);
  }

  @Post(':orderId/reject')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Refuse a requested return, saying why (the buyer is mailed; nothing refunded); 409 unless requested',
  })
  @ApiParam({ name: 'orderId' })
  @ApiZodBody(adminReturnRejectSchema)
  @ApiZodResponse(adminReturnSchema, { description: 'The return, rejected' })
  reject(
    @CurrentUser() admin: AuthenticatedUser,
    @ZodParam('orderId', objectIdSchema) orderId: string,
    @ZodBody(adminReturnRejectSchema) body: AdminReturnReject,
  ): Promise<AdminReturn> {
    return this.returns.reject(admin, orderId, body);
  }
}
