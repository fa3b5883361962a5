import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  authorReviewSchema,
  commentsQuerySchema,
  objectIdSchema,
  reviewSchema,
} from '@mechabrim/contracts';
import { CatalogueCache, sendPublic } from '../books/catalogue-cache';
import { ApiZodResponse, ZodParam, ZodQuery } from '../common/validation/zod-validation.pipe';
import { ReviewsService } from './reviews.service';
import { z } from 'zod';

/** Spec §7: `GET /api/books/{id}/comments` and its fallback `GET /api/comments?bookId=`. */
@ApiTags('reviews')
@Controller()
export class ReviewsController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly cache: CatalogueCache,
  ) {}

  @Get('books/:id/comments')
  @ApiOperation({ summary: "A book's approved reviews, newest first" })
  @ApiParam({ name: 'id', description: 'the book id' })
  @ApiNotFoundResponse({ description: 'No such available book' })
  @ApiZodResponse(z.array(reviewSchema), { description: 'Approved reviews, newest first' })
  async forBook(
    @ZodParam('id', objectIdSchema) id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendPublic(
      request,
      reply,
      await this.cache.get(`reviews:${id}`, () => this.reviews.approvedFor(id)),
    );
  }

  @Get('authors/:id/comments')
  @ApiOperation({ summary: "The newest approved reviews of an author's books" })
  @ApiParam({ name: 'id', description: 'the author id' })
  @ApiNotFoundResponse({ description: 'No such author' })
  @ApiZodResponse(z.array(authorReviewSchema), { description: 'Up to 20, newest first' })
  async forAuthor(
    @ZodParam('id', objectIdSchema) id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendPublic(
      request,
      reply,
      await this.cache.get(`author-reviews:${id}`, () => this.reviews.approvedForAuthor(id)),
    );
  }

  @Get('comments')
  @ApiOperation({ summary: 'The same list, addressed by `?bookId=`' })
  @ApiQuery({ name: 'bookId', required: true, type: String })
  @ApiZodResponse(z.array(reviewSchema), { description: 'Approved reviews, newest first' })
  async byQuery(
    @ZodQuery(commentsQuerySchema) query: { bookId: string },
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.forBook(query.bookId, request, reply);
  }
}
