import { Controller, Delete, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  bookAvailabilityRequestSchema,
  bookChangeAnswerSchema,
  bookEditAnswerSchema,
  bookEditRequestSchema,
  bookEditSchema,
  objectIdSchema,
  type BookAvailabilityRequest,
  type BookChangeAnswer,
  type BookEdit,
  type BookEditAnswer,
  type BookEditRequest,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import {
  ApiZodBody,
  ApiZodResponse,
  ZodBody,
  ZodParam,
} from '../common/validation/zod-validation.pipe';
import { BookManagementService } from './book-management.service';

/** Spec §7: an author's hide/show, delete and edit of their own book (or an admin's). */
@ApiTags('books')
@Controller('books')
@Authenticated('author', 'admin')
export class BookManagementController {
  constructor(private readonly books: BookManagementService) {}

  @Put(':id')
  @ApiOperation({ summary: 'Hide or show an approved book of one’s own: {isAvailable}' })
  @ApiZodBody(bookAvailabilityRequestSchema)
  @ApiNotFoundResponse({ description: 'No such book (or deleted)' })
  @ApiZodResponse(bookChangeAnswerSchema, { description: 'The book as it is now' })
  async setAvailability(
    @ZodParam('id', objectIdSchema) id: string,
    @ZodBody(bookAvailabilityRequestSchema) body: BookAvailabilityRequest,
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BookChangeAnswer> {
    return sendPrivate(reply, await this.books.setAvailability(id, user, body.isAvailable));
  }

  @Delete(':id')
  @ApiOperation({
    summary:
      'Delete a book of one’s own: it leaves the shop; orders and wishlists that name it still read',
  })
  @ApiZodResponse(bookChangeAnswerSchema, { description: 'The deleted book' })
  async remove(
    @ZodParam('id', objectIdSchema) id: string,
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BookChangeAnswer> {
    return sendPrivate(reply, await this.books.remove(id, user));
  }

  @Post(':id/edit')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Submit an edit (spec §3 payload) for approval; the live book is unchanged until then',
  })
  @ApiZodBody(bookEditRequestSchema)
  @ApiZodResponse(bookEditAnswerSchema, { status: 202, description: 'The edit, pending approval' })
  async submitEdit(
    @ZodParam('id', objectIdSchema) id: string,
    @ZodBody(bookEditRequestSchema) body: BookEditRequest,
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BookEditAnswer> {
    return sendPrivate(reply, await this.books.submitEdit(id, user, body));
  }

  @Get(':id/edits')
  @ApiOperation({ summary: 'The edits of a book of one’s own, newest first, with their state' })
  @ApiZodResponse(z.array(bookEditSchema), { description: 'The edits' })
  async edits(
    @ZodParam('id', objectIdSchema) id: string,
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BookEdit[]> {
    return sendPrivate(reply, await this.books.editsOf(id, user));
  }
}
