import { Controller, Delete, Get, HttpCode, Post, Put, Res, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import {
  myBookReviewSchema,
  objectIdSchema,
  reviewActionAnswerSchema,
  reviewReportSchema,
  reviewWriteAnswerSchema,
  reviewWriteSchema,
  type MyBookReview,
  type ReviewActionAnswer,
  type ReviewReport,
  type ReviewWrite,
  type ReviewWriteAnswer,
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
import { ReviewVotesService } from './review-votes.service';
import { ReviewWritesService } from './review-writes.service';
import { ReviewsThrottlerGuard } from './reviews-throttler.guard';

/**
 * A signed-in reader's reviews (issue 24, in the style of spec §7): write one on a book they
 * received, edit or delete their own, mark others' helpful or report them. Every route checks
 * who owns what; each is limited per IP (here) and per account (in the services).
 */
@ApiTags('reviews')
@Controller()
@Authenticated()
export class ReviewWritesController {
  constructor(
    private readonly writes: ReviewWritesService,
    private readonly votes: ReviewVotesService,
  ) {}

  @Get('books/:id/comments/mine')
  @ApiOperation({ summary: "The reader's review of the book and whether they may write one" })
  @ApiNotFoundResponse({ description: 'No such book' })
  @ApiZodResponse(myBookReviewSchema, { description: 'The review (any state) or null' })
  async mine(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('id', objectIdSchema) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MyBookReview> {
    return sendPrivate(reply, await this.writes.mine(user, id));
  }

  @Post('books/:id/comments')
  @HttpCode(201)
  @UseGuards(ReviewsThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.reviewWrites })
  @ApiOperation({ summary: 'Write a review of a delivered book; it waits for moderation' })
  @ApiZodBody(reviewWriteSchema)
  @ApiForbiddenResponse({ description: 'Not bought, not delivered yet, or the own book' })
  @ApiConflictResponse({ description: 'The reader already reviewed the book' })
  @ApiTooManyRequestsResponse({ description: 'Too many reviews from this account or IP' })
  @ApiZodResponse(reviewWriteAnswerSchema, { status: 201, description: 'Waiting for moderation' })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('id', objectIdSchema) id: string,
    @ZodBody(reviewWriteSchema) body: ReviewWrite,
  ): Promise<ReviewWriteAnswer> {
    return this.writes.create(user, id, body);
  }

  @Put('comments/:id')
  @UseGuards(ReviewsThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.reviewWrites })
  @ApiOperation({ summary: 'Edit the own review; it waits for moderation again' })
  @ApiZodBody(reviewWriteSchema)
  @ApiForbiddenResponse({ description: "Someone else's review" })
  @ApiZodResponse(reviewWriteAnswerSchema, { description: 'Waiting for moderation' })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('id', objectIdSchema) id: string,
    @ZodBody(reviewWriteSchema) body: ReviewWrite,
  ): Promise<ReviewWriteAnswer> {
    return this.writes.update(user, id, body);
  }

  @Delete('comments/:id')
  @UseGuards(ReviewsThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.reviewWrites })
  @ApiOperation({ summary: 'Delete the own review' })
  @ApiForbiddenResponse({ description: "Someone else's review" })
  @ApiZodResponse(reviewActionAnswerSchema, { description: 'Deleted' })
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('id', objectIdSchema) id: string,
  ): Promise<ReviewActionAnswer> {
    return this.writes.remove(user, id);
  }

  @Post('comments/:id/helpful')
  @HttpCode(200)
  @UseGuards(ReviewsThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.reviewHelpful })
  @ApiOperation({ summary: "Mark another reader's published review helpful (once)" })
  @ApiConflictResponse({ description: 'Already marked' })
  @ApiZodResponse(reviewActionAnswerSchema, { description: 'Marked, with the new count' })
  helpful(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('id', objectIdSchema) id: string,
  ): Promise<ReviewActionAnswer> {
    return this.votes.helpful(user, id);
  }

  @Post('comments/:id/report')
  @HttpCode(200)
  @UseGuards(ReviewsThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.reviewReports })
  @ApiOperation({ summary: 'Report a published review: it goes back to moderation' })
  @ApiZodBody(reviewReportSchema)
  @ApiConflictResponse({ description: 'Already reported by this reader' })
  @ApiZodResponse(reviewActionAnswerSchema, { description: 'Reported and hidden' })
  report(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('id', objectIdSchema) id: string,
    @ZodBody(reviewReportSchema) body: ReviewReport,
  ): Promise<ReviewActionAnswer> {
    return this.votes.report(user, id, body.reason);
  }
}
