import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  payoutHoldAuthorIdSchema,
  payoutHoldEntrySchema,
  type PayoutHoldEntry,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { ApiZodResponse, ZodParam } from '../common/validation/zod-validation.pipe';
import { PayoutHoldsService } from './payout-holds.service';

/** Admin-only: payouts held after an author changed their bank details (issue 23). */
@ApiTags('payouts')
@Controller('admin/payout-holds')
@Authenticated('admin')
export class PayoutHoldsController {
  constructor(private readonly holds: PayoutHoldsService) {}

  @Get()
  @ApiOperation({ summary: 'Authors whose next payout waits for a review, longest waiting first' })
  @ApiZodResponse(z.array(payoutHoldEntrySchema), { description: 'Held payouts' })
  async list(@Res({ passthrough: true }) reply: FastifyReply): Promise<PayoutHoldEntry[]> {
    return sendPrivate(reply, await this.holds.list());
  }

  @Post(':authorId/release')
  @HttpCode(200)
  @ApiOperation({ summary: "Release an author's held payout after reviewing the change" })
  @ApiZodResponse(z.object({ message: z.string() }), { description: 'Released' })
  async release(
    @ZodParam('authorId', payoutHoldAuthorIdSchema) authorId: string,
    @CurrentUser() admin: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ message: string }> {
    return sendPrivate(reply, await this.holds.release(authorId, admin.id));
  }
}
