import {
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Post,
  Put,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  accountMessageAnswerSchema,
  followStateSchema,
  followsAnswerSchema,
  objectIdSchema,
  unsubscribeRequestSchema,
  type AccountMessageAnswer,
  type FollowState,
  type FollowsAnswer,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { RATE_LIMITS } from '../common/rate-limit/rate-limit.module';
import {
  ApiZodBody,
  ApiZodResponse,
  ZodBody,
  ZodParam,
} from '../common/validation/zod-validation.pipe';
import { FollowsThrottlerGuard } from './follows-throttler.guard';
import { FollowsService } from './follows.service';

const mailsRequestSchema = z.strictObject({ mails: z.boolean() });

/** Following authors (issue 24), in the style of spec §7. */
@ApiTags('follows')
@Controller()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Post('authors/:id/follow')
  @HttpCode(200)
  @Authenticated()
  @UseGuards(FollowsThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.follows })
  @ApiOperation({ summary: 'Follow an author (twice is harmless)' })
  @ApiParam({ name: 'id', description: "The author's id" })
  @ApiNotFoundResponse({ description: 'No such author' })
  @ApiTooManyRequestsResponse({ description: 'Too many follows from this account or IP' })
  @ApiZodResponse(followStateSchema, { description: 'Following now' })
  follow(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('id', objectIdSchema) id: string,
  ): Promise<FollowState> {
    return this.follows.follow(user, id);
  }

  @Delete('authors/:id/follow')
  @Authenticated()
  @UseGuards(FollowsThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.follows })
  @ApiOperation({ summary: 'Stop following an author' })
  @ApiParam({ name: 'id', description: "The author's id" })
  @ApiNotFoundResponse({ description: 'No such author' })
  @ApiTooManyRequestsResponse({ description: 'Too many changes from this account or IP' })
  @ApiZodResponse(followStateSchema, { description: 'Not following now' })
  unfollow(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('id', objectIdSchema) id: string,
  ): Promise<FollowState> {
    return this.follows.unfollow(user, id);
  }

  @Get('me/follows')
  @Authenticated()
  @ApiOperation({ summary: 'The followed authors, newest first, and whether their mail is on' })
  @ApiZodResponse(followsAnswerSchema, { description: 'Followed authors' })
  async list(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FollowsAnswer> {
    return sendPrivate(reply, await this.follows.list(user));
  }

  @Put('me/follows/mails')
  @Authenticated()
  @UseGuards(FollowsThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.follows })
  @ApiOperation({ summary: "Turn the followed authors' new-books mail on or off" })
  @ApiZodBody(mailsRequestSchema)
  @ApiZodResponse(accountMessageAnswerSchema, { description: 'A Hebrew message' })
  setMails(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(mailsRequestSchema) body: z.infer<typeof mailsRequestSchema>,
  ): Promise<AccountMessageAnswer> {
    return this.follows.setMails(user, body.mails);
  }

  @Post('follows/unsubscribe')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(FollowsThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.passwordReset })
  @ApiOperation({
    summary: "The new-books mail's unsubscribe link: stops that mail, no sign-in needed",
  })
  @ApiZodBody(unsubscribeRequestSchema)
  @ApiBadRequestResponse({ description: 'The link is not one we sent, or it expired' })
  @ApiZodResponse(accountMessageAnswerSchema, { description: 'A Hebrew message' })
  unsubscribe(
    @ZodBody(unsubscribeRequestSchema) body: z.infer<typeof unsubscribeRequestSchema>,
  ): Promise<AccountMessageAnswer> {
    return this.follows.unsubscribe(body.token);
  }
}
