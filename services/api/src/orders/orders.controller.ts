import { Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  buyerOrdersPageSchema,
  buyerOrdersQuerySchema,
  documentNumberParamSchema,
  objectIdSchema,
  orderCancellationAnswerSchema,
  buyerReturnSchema,
  orderReturnRequestSchema,
  type BuyerOrdersPage,
  type BuyerReturn,
  type OrderReturnRequest,
  type BuyerOrdersQuery,
  type OrderCancellationAnswer,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import {
  ApiZodBody,
  ApiZodResponse,
  ZodBody,
  ZodParam,
  ZodQuery,
} from '../common/validation/zod-validation.pipe';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { OrderCancellationService } from './order-cancellation.service';
import { OrderReturnsService } from './order-returns.service';
import { OrdersService, type OrderDocument } from './orders.service';

/** The signed-in buyer's orders (spec §2 `/orders`). */
@ApiTags('orders')
@Controller('orders')
@Authenticated()
export class OrdersController {
  private readonly dataDir: string;

  constructor(
    private readonly orders: OrdersService,
    private readonly cancellation: OrderCancellationService,
    private readonly returns: OrderReturnsService,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.dataDir = path.resolve(config.dataDir);
  }

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

  @Post(':id/return')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Ask to return copies of a delivered order within 14 days of its delivery (its buyer; one return per order; return shipping is the buyer’s)',
  })
  @ApiZodBody(orderReturnRequestSchema)
  @ApiZodResponse(buyerReturnSchema, { description: 'The return, requested' })
  async requestReturn(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('id', objectIdSchema) id: string,
    @ZodBody(orderReturnRequestSchema) body: OrderReturnRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BuyerReturn> {
    return sendPrivate(reply, await this.returns.request(user, id, body));
  }

  @Get(':id/receipt')
  @ApiOperation({
    summary:
      "The order's tax invoice-receipt: the PDF, or a redirect to the invoicing provider's copy (owner or admin; 404 otherwise)",
  })
  async receipt(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('id', objectIdSchema) orderId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    const receipt = await this.orders.receiptFor(orderId, user);
    return this.sendDocument(reply, receipt, messagesHe.receipts.notFound);
  }

  @Get(':id/credit-notes/:number')
  @ApiOperation({
    summary:
      "One of the order's credit notes (a refund's): the PDF, or a redirect to the invoicing provider's copy (owner or admin; 404 otherwise)",
  })
  async creditNote(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('id', objectIdSchema) orderId: string,
    @ZodParam('number', documentNumberParamSchema) number: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    const note = await this.orders.creditNoteFor(orderId, number, user);
    return this.sendDocument(reply, note, messagesHe.receipts.creditNoteNotFound);
  }

  /**
   * A tax document as the answer: our PDF from the data folder (never outside it), or a redirect
   * to the provider's copy; `notFound` (404) when there is neither.
   */
  private async sendDocument(
    reply: FastifyReply,
    document: OrderDocument | null,
    notFound: string,
  ): Promise<Buffer | undefined> {
    if (!document) throw new DomainError('not_found', notFound);
    if (document.fileKey) {
      const file = path.resolve(this.dataDir, document.fileKey);
      if (!file.startsWith(this.dataDir + path.sep)) throw new DomainError('not_found', notFound);
      let content: Buffer;
      try {
        content = await readFile(file);
      } catch {
        throw new DomainError('not_found', notFound);
      }
      reply.type('application/pdf');
      reply.header('content-disposition', `inline; filename="${document.fileName}"`);
      reply.header('cache-control', 'private, no-store');
      return content;
    }
    if (document.documentUrl) {
      void reply.redirect(document.documentUrl, 302);
      return undefined;
    }
    throw new DomainError('not_found', notFound);
  }
}
