import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  myPayoutSchema,
  payoutRunDetailSchema,
  payoutRunIdSchema,
  payoutRunSchema,
  type MyPayout,
  type PayoutRun,
  type PayoutRunDetail,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { ApiZodResponse, ZodParam } from '../common/validation/zod-validation.pipe';
import { PayoutRunsService } from './payout-runs.service';
import { PayoutStatementsService } from './payout-statements.service';
import { sendStatementPdf } from './statement-pdf-reply';

/** Admin-only: the monthly payout runs and their bank files (issue 23). */
@ApiTags('payouts')
@Controller('admin')
@Authenticated('admin')
export class PayoutRunsController {
  constructor(
    private readonly runs: PayoutRunsService,
    private readonly statements: PayoutStatementsService,
  ) {}

  @Post('payout-runs')
  @HttpCode(202)
  @ApiOperation({
    summary: "Start the current period's payout run (a second start answers the same run)",
  })
  @ApiZodResponse(payoutRunSchema, { status: 202, description: 'The run, as it stands' })
  async start(
    @CurrentUser() admin: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PayoutRun> {
    return sendPrivate(reply, await this.runs.start(admin.id));
  }

  @Get('payout-runs')
  @ApiOperation({ summary: 'The payout runs, newest first' })
  @ApiZodResponse(z.array(payoutRunSchema), { description: 'Runs' })
  async list(@Res({ passthrough: true }) reply: FastifyReply): Promise<PayoutRun[]> {
    return sendPrivate(reply, await this.runs.list());
  }

  @Get('payout-runs/:id')
  @ApiOperation({ summary: 'A run with its authors, totals and holds' })
  @ApiZodResponse(payoutRunDetailSchema, { description: 'The run' })
  async get(
    @ZodParam('id', payoutRunIdSchema) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PayoutRunDetail> {
    return sendPrivate(reply, await this.runs.get(id));
  }

  @Get('payout-runs/:id/batch')
  @ApiOperation({ summary: "The run's Masav credit-transfer file" })
  @ApiProduces('application/octet-stream')
  async batch(
    @ZodParam('id', payoutRunIdSchema) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const { content, fileName } = await this.runs.batchFile(id);
    reply.type('application/octet-stream');
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
    reply.header('cache-control', 'private, no-store');
    return content;
  }

  @Post('payout-runs/:id/sent')
  @HttpCode(200)
  @ApiOperation({ summary: "Record that the run's file was sent to the bank" })
  @ApiZodResponse(z.object({ message: z.string(), run: payoutRunSchema }), {
    description: 'Marked as sent',
  })
  async sent(
    @ZodParam('id', payoutRunIdSchema) id: string,
    @CurrentUser() admin: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ message: string; run: PayoutRun }> {
    return sendPrivate(reply, await this.runs.markSent(id, admin.id));
  }

  @Post('payouts/:id/returned')
  @HttpCode(200)
  @ApiOperation({ summary: "Record a transfer the bank returned (re-opens the author's balance)" })
  @ApiZodResponse(z.object({ message: z.string() }), { description: 'Recorded' })
  async returned(
    @ZodParam('id', payoutRunIdSchema) id: string,
    @CurrentUser() admin: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ message: string }> {
    return sendPrivate(reply, await this.runs.markReturned(id, admin.id));
  }

  @Get('payouts/:id')
  @ApiOperation({ summary: "An author's payout with its statement" })
  @ApiZodResponse(myPayoutSchema, { description: 'The payout and its statement' })
  async payout(
    @ZodParam('id', payoutRunIdSchema) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MyPayout> {
    return sendPrivate(reply, await this.statements.statement(id, null));
  }

  @Get('payouts/:id/statement.pdf')
  @ApiOperation({ summary: "An author's payout statement, as the PDF the run wrote" })
  @ApiProduces('application/pdf')
  async statementPdf(
    @ZodParam('id', payoutRunIdSchema) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return sendStatementPdf(reply, await this.statements.pdf(id, null));
  }
}
