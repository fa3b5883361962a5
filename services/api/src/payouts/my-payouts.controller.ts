import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  myPayoutSchema,
  myPayoutsSchema,
  payoutRunIdSchema,
  type MyPayout,
  type MyPayouts,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { ApiZodResponse, ZodParam } from '../common/validation/zod-validation.pipe';
import { MyPayoutsService } from './my-payouts.service';
import { PayoutStatementsService } from './payout-statements.service';
import { sendStatementPdf } from './statement-pdf-reply';

/** The author's own payouts and statements (issue 23). */
@ApiTags('payouts')
@Controller('payouts')
@Authenticated('author')
export class MyPayoutsController {
  constructor(
    private readonly payouts: MyPayoutsService,
    private readonly statements: PayoutStatementsService,
  ) {}

  @Get('mine')
  @ApiOperation({ summary: 'The next payout, the rule that applies, and past payouts' })
  @ApiZodResponse(myPayoutsSchema, { description: "The author's payouts" })
  async mine(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MyPayouts> {
    return sendPrivate(reply, await this.payouts.mine(user.id));
  }

  @Get('mine/:id')
  @ApiOperation({ summary: 'One of my payouts with its statement (the portal page)' })
  @ApiZodResponse(myPayoutSchema, { description: 'The payout and its statement' })
  async one(
    @ZodParam('id', payoutRunIdSchema) id: string,
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MyPayout> {
    return sendPrivate(reply, await this.statements.statement(id, user.id));
  }

  @Get('mine/:id/statement.pdf')
  @ApiOperation({ summary: "One of my payouts' statement, as the PDF the run wrote" })
  @ApiProduces('application/pdf')
  async pdf(
    @ZodParam('id', payoutRunIdSchema) id: string,
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return sendStatementPdf(reply, await this.statements.pdf(id, user.id));
  }
}
