import { Controller, HttpCode, Put, Res } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Types } from 'mongoose';
import { z } from 'zod';
import {
  institutionMarkSchema,
  payoutHoldAuthorIdSchema,
  type InstitutionMark,
} from '@mechabrim/contracts';
import { USER_MODEL, type UserModel } from '@mechabrim/db';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import {
  ApiZodBody,
  ApiZodResponse,
  ZodBody,
  ZodParam,
} from '../common/validation/zod-validation.pipe';

const m = messagesHe.payouts;

/**
 * Admin-only: accounts marked as education or library institutions (spec §9, issue 23). What
 * they buy earns the books' authors the institutions' bonus in the payout run.
 */
@ApiTags('payouts')
@Controller('admin/institutions')
@Authenticated('admin')
export class InstitutionsController {
  constructor(@InjectModel(USER_MODEL) private readonly users: UserModel) {}

  @Put(':userId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark an account as an institution, or no longer one' })
  @ApiZodBody(institutionMarkSchema)
  @ApiZodResponse(z.object({ message: z.string() }), { description: 'Marked' })
  async mark(
    @ZodParam('userId', payoutHoldAuthorIdSchema) userId: string,
    @ZodBody(institutionMarkSchema) body: InstitutionMark,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ message: string }> {
    const updated = await this.users.updateOne(
      { _id: new Types.ObjectId(userId), deletedAt: null },
      { $set: { isInstitution: body.institution } },
    );
    if (updated.matchedCount === 0) throw new DomainError('not_found', m.accountNotFound);
    return sendPrivate(reply, {
      message: body.institution ? m.institutionMarked : m.institutionUnmarked,
    });
  }
}
