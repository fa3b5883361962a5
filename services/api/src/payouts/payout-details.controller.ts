import { Controller, Get, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  payoutDetailsAnswerSchema,
  payoutDetailsRequestSchema,
  payoutDetailsSavedSchema,
  type PayoutDetailsAnswer,
  type PayoutDetailsRequest,
  type PayoutDetailsSaved,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { ApiZodBody, ApiZodResponse, ZodBody } from '../common/validation/zod-validation.pipe';
import { PayoutDetailsService } from './payout-details.service';

/** How the signed-in author is paid: bank account, identity number, tax status (issue 23). */
@ApiTags('payouts')
@Controller('authors/me/payout-details')
@Authenticated('author')
export class PayoutDetailsController {
  constructor(private readonly payoutDetails: PayoutDetailsService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in author's payout details, masked (null until entered)" })
  @ApiZodResponse(payoutDetailsAnswerSchema, { description: 'The details, masked' })
  async get(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PayoutDetailsAnswer> {
    return sendPrivate(reply, { details: await this.payoutDetails.get(user.id) });
  }

  @Put()
  @ApiOperation({
    summary:
      'Save the payout details (bank account checked by its check digits, ID or business number, tax status); a change holds the next payout for review and mails the author',
  })
  @ApiZodBody(payoutDetailsRequestSchema)
  @ApiZodResponse(payoutDetailsSavedSchema, { description: 'The details as saved, masked' })
  async save(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(payoutDetailsRequestSchema) body: PayoutDetailsRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PayoutDetailsSaved> {
    return sendPrivate(reply, await this.payoutDetails.save(user.id, body));
  }
}
