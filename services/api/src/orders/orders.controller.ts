import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  buyerOrdersPageSchema,
  buyerOrdersQuerySchema,
  objectIdSchema,
  orderCancellationAnswerSchema,
  type BuyerOrdersPage,
  type BuyerOrdersQuery,
  type OrderCancellationAnswer,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { ApiZodResponse, ZodParam, ZodQuery } from '../common/validation/zod-validation.pipe';
import { OrderCancellationService } from './order-cancellation.service';
import { OrdersService } from './orders.service';

/** The signed-in buyer's orders (spec §2 `/orders`). */
@ApiTags('orders')
@Controller('orders')
@Authenticated()
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly cancellation: OrderCancellationService,
  ) {}

  @Get('mine')
  @ApiOperation({ summary: "The buyer's own orders, newest first, paged (?page=1&limit=10)" })
  @ApiZodResponse(buyerOrdersPageSchema, { description: 'One page of orders' })
  async mine(
    @CurrentUser() user: AuthenticatedUser,
    @ZodQuery(buyerOrdersQuerySchema) query: BuyerOrdersQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BuyerOrdersPage> {
    return sendPrivate(reply, await this.orders.mine(user.id, query));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cancel a paid order before it ships (its buyer, or an admin): fee and refund, the ledger reversed',
  })
  @ApiZodResponse(orderCancellationAnswerSchema, { description: 'The cancellation' })
  async cancel(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('id', objectIdSchema) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderCancellationAnswer> {
    return sendPrivate(reply, await this.cancellation.cancel(user, id));
  }
}
