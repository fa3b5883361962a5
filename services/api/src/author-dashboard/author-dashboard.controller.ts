import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  authorOrdersPageSchema,
  authorOrdersQuerySchema,
  authorStatsSchema,
  earningsSchema,
  earningsTestSchema,
  type AuthorOrdersPage,
  type AuthorOrdersQuery,
  type AuthorStats,
  type Earnings,
  type EarningsTest,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { messagesHe } from '../common/messages.he';
import { ApiZodResponse, ZodQuery } from '../common/validation/zod-validation.pipe';
import { AuthorDashboardService } from './author-dashboard.service';
import { AuthorOrdersService } from './author-orders.service';

/** Spec §7 `GET /api/stats/author`. */
@ApiTags('author dashboard')
@Controller('stats')
export class AuthorStatsController {
  constructor(private readonly dashboard: AuthorDashboardService) {}

  @Get('author')
  @Authenticated('author', 'admin')
  @ApiOperation({ summary: "The signed-in author's books, sales and revenue (from the ledger)" })
  @ApiZodResponse(authorStatsSchema, { description: 'The author stats of spec §3' })
  async author(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthorStats> {
    return sendPrivate(reply, await this.dashboard.stats(user.id));
  }
}

/** Spec §7 `GET /api/orders/author`. */
@ApiTags('author dashboard')
@Controller('orders')
export class AuthorOrdersController {
  constructor(private readonly orders: AuthorOrdersService) {}

  @Get('author')
  @Authenticated('author', 'admin')
  @ApiOperation({
    summary:
      "Orders holding the signed-in author's books, newest first, paged (?page&limit&status); only the author's own lines",
  })
  @ApiZodResponse(authorOrdersPageSchema, { description: 'One page, and the count of each tab' })
  async author(
    @CurrentUser() user: AuthenticatedUser,
    @ZodQuery(authorOrdersQuerySchema) query: AuthorOrdersQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthorOrdersPage> {
    return sendPrivate(reply, await this.orders.page(user.id, query));
  }
}

/** Spec §7 `GET /api/earnings/test` and `GET /api/earnings/author`. */
@ApiTags('author dashboard')
@Controller('earnings')
export class EarningsController {
  constructor(private readonly dashboard: AuthorDashboardService) {}

  @Get('test')
  @ApiOperation({ summary: 'Reachability check the earnings page calls first' })
  @ApiZodResponse(earningsTestSchema, { description: 'ok' })
  test(@Res({ passthrough: true }) reply: FastifyReply): EarningsTest {
    return sendPrivate(reply, { ok: true, message: messagesHe.portal.earningsReachable });
  }

  @Get('author')
  @Authenticated('author', 'admin')
  @ApiOperation({
    summary:
      "The signed-in author's earnings from the ledger: totals, monthly breakdown (VAT at the rate of each sale's date), top sellers",
  })
  @ApiZodResponse(earningsSchema, { description: 'The earnings of spec §3, in shekels' })
  async author(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Earnings> {
    return sendPrivate(reply, await this.dashboard.earnings(user.id));
  }
}
