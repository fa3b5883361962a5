import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  buyerOrdersPageSchema,
  buyerOrdersQuerySchema,
  type BuyerOrdersPage,
  type BuyerOrdersQuery,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { ApiZodResponse, ZodQuery } from '../common/validation/zod-validation.pipe';
import { OrdersService } from './orders.service';

/** The signed-in buyer's orders (spec §2 `/orders`). */
@ApiTags('orders')
@Controller('orders')
@Authenticated()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

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
}
