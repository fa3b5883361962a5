import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { payoutRunIdSchema } from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { ApiZodResponse, ZodParam } from '../common/validation/zod-validation.pipe';
import { RunAllocationsService } from './run-allocations.service';

/** Admin-only: a community project's transfer in a run's bank batch (issue 23 item 7). */
@ApiTags('payouts')
@Controller('admin/community-allocations')
@Authenticated('admin')
export class RunAllocationsController {
  constructor(private readonly allocations: RunAllocationsService) {}

  @Post(':id/returned')
  @HttpCode(200)
  @ApiOperation({
    summary: "Record a project's transfer the bank returned (the money goes back to the fund)",
  })
  @ApiZodResponse(z.object({ message: z.string() }), { description: 'Recorded' })
  async returned(
    @ZodParam('id', payoutRunIdSchema) id: string,
    @CurrentUser() admin: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ message: string }> {
    return sendPrivate(reply, await this.allocations.markReturned(id, admin.id));
  }
}
