import { Controller, Get, Headers, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import {
  communityDonationCreatedSchema,
  communityDonationRequestSchema,
  communityDonationStatusSchema,
  donationRefSchema,
  type CommunityDonationCreated,
  type CommunityDonationRequest,
  type CommunityDonationStatus,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { OptionalAuth } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { RATE_LIMITS } from '../common/rate-limit/rate-limit.module';
import {
  ApiZodBody,
  ApiZodResponse,
  ZodBody,
  ZodParam,
} from '../common/validation/zod-validation.pipe';
import { CommunityDonationsService } from './community-donations.service';

/** 'Donate now' (issue 23 item 7): guests and signed-in readers alike. */
@ApiTags('community')
@Controller('community/donations')
export class CommunityDonationsController {
  constructor(private readonly donations: CommunityDonationsService) {}

  @Post()
  @HttpCode(201)
  @OptionalAuth()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.donations })
  @ApiOperation({
    summary: 'A direct donation to the community fund: the hosted payment page to go to',
    description:
      'No sign-in needed (a signed-in donor is recorded). Send an Idempotency-Key per press of the button: a retry is the same donation.',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiZodBody(communityDonationRequestSchema)
  @ApiZodResponse(communityDonationCreatedSchema, { status: 201, description: 'The hosted page' })
  async create(
    @ZodBody(communityDonationRequestSchema) body: CommunityDonationRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CommunityDonationCreated> {
    return sendPrivate(reply, await this.donations.create(body, user, idempotencyKey));
  }

  @Get(':ref')
  @ApiOperation({
    summary: 'How a donation stands, as the server confirmed it (by its payment reference)',
  })
  @ApiParam({ name: 'ref' })
  @ApiZodResponse(communityDonationStatusSchema, { description: 'pending, paid or failed' })
  async status(
    @ZodParam('ref', donationRefSchema)
    ref: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CommunityDonationStatus> {
    return sendPrivate(reply, await this.donations.status(ref));
  }
}
