import { Controller, Get, Header, HttpCode, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  coverTemplateQuerySchema,
  coverTemplateSchema,
  printAttentionAnswerSchema,
  printCallbackAnswerSchema,
  printCostQuoteSchema,
  printQuoteQuerySchema,
  type CoverTemplate,
  type CoverTemplateQuery,
  type PrintAttentionAnswer,
  type PrintCallbackAnswer,
  type PrintCostQuote,
  type PrintQuoteQuery,
} from '@mechabrim/contracts';
import {
  PAPER_TYPE_NAMES,
  PRINTING_TYPES,
  READING_DIRECTIONS,
  TRIM_SIZE_NAMES,
} from '@mechabrim/print-specs';
import { Authenticated } from '../auth/guards';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { ApiZodResponse, ZodQuery } from '../common/validation/zod-validation.pipe';
import { coverTemplate } from './cover-template';
import { PrintAttentionService } from './print-attention.service';
import { PrintCallbackService } from './print-callback.service';
import { PrintQuotesService } from './print-quotes.service';

/**
 * The print partner's status callbacks (server to server), the orders whose printing needs an
 * admin, and the authors' cover template.
 */
@ApiTags('print')
@Controller('print')
export class PrintController {
  constructor(
    private readonly callbacks: PrintCallbackService,
    private readonly attention: PrintAttentionService,
    private readonly quotes: PrintQuotesService,
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

  @Get('cover-template')
  @Header('Cache-Control', 'public, max-age=86400')
  @ApiOperation({
    summary: 'The exact cover spread for a page count, trim size, paper and reading direction',
    description:
      'Width = 2 × trim width + spine + 2 × bleed (3 mm); the spine from the page count × the paper thickness. Right-to-left books have the front cover left of the spine.',
  })
  @ApiQuery({ name: 'pages', required: true, type: Number, example: 200 })
  @ApiQuery({ name: 'size', required: false, enum: TRIM_SIZE_NAMES })
  @ApiQuery({ name: 'paper', required: false, enum: PAPER_TYPE_NAMES })
  @ApiQuery({ name: 'direction', required: false, enum: READING_DIRECTIONS })
  @ApiZodResponse(coverTemplateSchema, { description: 'The spread in mm and points' })
  coverTemplate(@ZodQuery(coverTemplateQuerySchema) query: CoverTemplateQuery): CoverTemplate {
    return coverTemplate(query);
  }

  @Get('quote')
  @Authenticated('author', 'admin')
  @ApiOperation({
    summary:
      "The print partner's cost of one copy of such a book, and the lowest price that covers it",
    description:
      "Lulu's cost calculation (`POST /print-job-cost-calculations/`) for one copy; the lowest price is the money module's rule: the share that bears print (the author's 85 % under 85/10/5) covers the print of any number of copies. 503 with a Hebrew message when the partner cannot be asked.",
  })
  @ApiQuery({ name: 'pages', required: true, type: Number, example: 200 })
  @ApiQuery({ name: 'size', required: false, enum: TRIM_SIZE_NAMES })
  @ApiQuery({ name: 'paper', required: false, enum: PAPER_TYPE_NAMES })
  @ApiQuery({ name: 'printing', required: false, enum: PRINTING_TYPES })
  @ApiZodResponse(printCostQuoteSchema, { description: 'The quote, in shekels' })
  async quote(@ZodQuery(printQuoteQuerySchema) query: PrintQuoteQuery): Promise<PrintCostQuote> {
    const quoted = await this.quotes.requireQuote({
      pages: query.pages,
      size: query.size,
      paperType: query.paper,
      printingType: query.printing,
    });
    return this.quotes.answerOf(quoted) as PrintCostQuote;
  }
}
