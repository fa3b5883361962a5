import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { communityFundSchema } from '@mechabrim/contracts';
import { sendPublic, toCachedAnswer } from '../books/catalogue-cache';
import { ApiZodResponse } from '../common/validation/zod-validation.pipe';
import { CommunityFundService } from './community-fund.service';

/** The community fund in the open (issue 23 item 7): public, no sign-in. */
@ApiTags('community')
@Controller('community')
export class CommunityFundController {
  constructor(private readonly fund: CommunityFundService) {}

  @Get('fund')
  @ApiOperation({
    summary: "The fund from the ledger: totals, month by month, each project's target and receipts",
  })
  @ApiZodResponse(communityFundSchema, { description: 'The community fund' })
  async get(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendPublic(request, reply, toCachedAnswer(await this.fund.fund()));
  }
}
