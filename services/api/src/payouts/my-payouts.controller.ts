import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { myPayoutsSchema, type MyPayouts } from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { ApiZodResponse } from '../common/validation/zod-validation.pipe';
import { MyPayoutsService } from './my-payouts.service';

/** The author's own payouts and statements (issue 23). */
@ApiTags('payouts')
@Controller('payouts')
@Authenticated('author')
export class MyPayoutsController {
  constructor(private readonly payouts: MyPayoutsService) {}

  @Get('mine')
  @ApiOperation({ summary: 'The next payout, the rule that applies, and past payouts' })
  @ApiZodResponse(myPayoutsSchema, { description: "The author's payouts" })
  async mine(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MyPayouts> {
    return sendPrivate(reply, await this.payouts.mine(user.id));
  }
}
