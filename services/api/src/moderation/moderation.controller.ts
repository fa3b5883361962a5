import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  moderationAnswerSchema,
  moderationDecisionSchema,
  type ModerationDecision,
  moderationListQuerySchema,
  moderationRejectionSchema,
  objectIdSchema,
  pendingBookSchema,
  pendingEditSchema,
  pendingReviewSchema,
  type ModerationAnswer,
  type ModerationListQuery,
  type ModerationRejection,
  type PendingBook,
  type PendingEdit,
  type PendingReview,
} from '@mechabrim/contracts';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import {
  ApiZodBody,
  ApiZodResponse,
  ZodBody,
  ZodParam,
  ZodQuery,
} from '../common/validation/zod-validation.pipe';
import { ModerationQueueService } from './moderation-queue.service';
import { ModerationService } from './moderation.service';

/** Admin-only moderation of books, edits and reviews (issue 12). */
@ApiTags('moderation')
@Controller('moderation')
@Authenticated('admin')
export class ModerationController {
  constructor(
    private readonly moderation: ModerationService,
    private readonly queue: ModerationQueueService,
  ) {}

  @Get('books')
  @ApiOperation({ summary: 'Books waiting for approval, oldest first, with preflight reports' })
  @ApiZodResponse(z.array(pendingBookSchema), { description: 'Pending books' })
  async books(
    @ZodQuery(moderationListQuerySchema) query: ModerationListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PendingBook[]> {
    return sendPrivate(reply, await this.queue.pendingBooks(query.limit));
  }

  @Get('edits')
  @ApiOperation({ summary: 'Edits waiting for approval: old and new fields side by side' })
  @ApiZodResponse(z.array(pendingEditSchema), { description: 'Pending edits' })
  async edits(
    @ZodQuery(moderationListQuerySchema) query: ModerationListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PendingEdit[]> {
    return sendPrivate(reply, await this.queue.pendingEdits(query.limit));
  }

  @Get('reviews')
  @ApiOperation({ summary: 'Reviews waiting for approval' })
  @ApiZodResponse(z.array(pendingReviewSchema), { description: 'Pending reviews' })
  async reviews(
    @ZodQuery(moderationListQuerySchema) query: ModerationListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PendingReview[]> {
    return sendPrivate(reply, await this.queue.pendingReviews(query.limit));
  }

  @Post('books/:id/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a book: it goes on sale' })
  @ApiZodBody(moderationDecisionSchema)
  @ApiZodResponse(moderationAnswerSchema, { description: 'Approved' })
  approveBook(@ZodParam('id', objectIdSchema) id: string): Promise<ModerationAnswer> {
    return this.moderation.approveBook(id);
  }

  @Post('books/:id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a book with the reason its author sees' })
  @ApiZodBody(moderationRejectionSchema)
  @ApiZodResponse(moderationAnswerSchema, { description: 'Rejected' })
  rejectBook(
    @ZodParam('id', objectIdSchema) id: string,
    @ZodBody(moderationRejectionSchema) body: ModerationRejection,
  ): Promise<ModerationAnswer> {
    return this.moderation.rejectBook(id, body.reason);
  }

  @Post('edits/:id/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve an edit: it is applied to the live book' })
  @ApiZodResponse(moderationAnswerSchema, { description: 'Approved' })
  approveEdit(@ZodParam('id', objectIdSchema) id: string): Promise<ModerationAnswer> {
    return this.moderation.approveEdit(id);
  }

  @Post('edits/:id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject an edit with the reason its author sees' })
  @ApiZodBody(moderationRejectionSchema)
  @ApiZodResponse(moderationAnswerSchema, { description: 'Rejected' })
  rejectEdit(
    @ZodParam('id', objectIdSchema) id: string,
    @ZodBody(moderationRejectionSchema) body: ModerationRejection,
  ): Promise<ModerationAnswer> {
    return this.moderation.rejectEdit(id, body.reason);
  }

  @Post('reviews/:id/approve')
  @HttpCode(200)
  @ApiZodBody(moderationDecisionSchema)
  @ApiOperation({ summary: 'Approve a review: it shows on the book page and counts in its rating' })
  @ApiZodResponse(moderationAnswerSchema, { description: 'Approved' })
  approveReview(
    @ZodParam('id', objectIdSchema) id: string,
    @ZodBody(moderationDecisionSchema.optional()) body: ModerationDecision | undefined,
  ): Promise<ModerationAnswer> {
    return this.moderation.approveReview(id, body?.seen);
  }

  @Post('reviews/:id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a review' })
  @ApiZodBody(moderationRejectionSchema)
  @ApiZodResponse(moderationAnswerSchema, { description: 'Rejected' })
  rejectReview(
    @ZodParam('id', objectIdSchema) id: string,
    @ZodBody(moderationRejectionSchema) body: ModerationRejection,
  ): Promise<ModerationAnswer> {
    return this.moderation.rejectReview(id, body.reason);
  }
}
