import { Controller, Delete, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  objectIdSchema,
  wishlistAddRequestSchema,
  type Book,
  type WishlistState,
  bookSchema,
  wishlistStateSchema,
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
import { WishlistService } from './wishlist.service';
import { z } from 'zod';

/** Spec §7: the signed-in user's wishlist (bearer token required). */
@ApiTags('wishlist')
@Controller('users/wishlist')
@Authenticated()
export class WishlistController {
  constructor(private readonly wishlist: WishlistService) {}

  @Get()
  @ApiOperation({ summary: 'The wished books, newest first' })
  @ApiZodResponse(z.array(bookSchema), { description: 'The wished available books' })
  async list(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Book[]> {
    return sendPrivate(reply, await this.wishlist.list(user.id));
  }

  @Get('check/:bookId')
  @ApiOperation({ summary: 'Is this book on the wishlist? {bookId, isInWishlist}' })
  @ApiParam({ name: 'bookId' })
  @ApiZodResponse(wishlistStateSchema, { description: '{bookId, isInWishlist}' })
  async check(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('bookId', objectIdSchema) bookId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WishlistState> {
    return sendPrivate(reply, await this.wishlist.check(user.id, bookId));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Add a book: body {bookId}' })
  @ApiZodBody(wishlistAddRequestSchema)
  @ApiNotFoundResponse({ description: 'No such available book' })
  @ApiZodResponse(wishlistStateSchema.extend({ message: z.string() }), {
    status: 201,
    description: 'Added',
  })
  add(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(wishlistAddRequestSchema) body: { bookId: string },
  ) {
    return this.wishlist.add(user.id, body.bookId);
  }

  @Delete(':bookId')
  @ApiOperation({ summary: 'Remove a book' })
  @ApiParam({ name: 'bookId' })
  @ApiZodResponse(wishlistStateSchema.extend({ message: z.string() }), { description: 'Removed' })
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @ZodParam('bookId', objectIdSchema) bookId: string,
  ) {
    return this.wishlist.remove(user.id, bookId);
  }
}
