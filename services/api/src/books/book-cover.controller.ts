import { Controller, Get, Inject, Res } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Types } from 'mongoose';
import {
  BOOK_COVER_FIELDS,
  BOOK_COVER_SIZES,
  objectIdSchema,
  type BookCoverSize,
} from '@mechabrim/contracts';
import { BOOK_MODEL, type BookModel } from '@mechabrim/db';
import { STORAGE, StorageNotFoundError, readAll, type StoragePort } from '@mechabrim/storage';
import { z } from 'zod';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { ZodParam, ZodQuery } from '../common/validation/zod-validation.pipe';

/** `?v=` names the upload the address was made for (any other query is refused). */
const coverQuerySchema = z.strictObject({ v: z.string().max(64).optional() });

/** A versioned address (`?v=` naming the upload) never changes content: cached for a year. */
export const VERSIONED_COVER_CACHE = 'public, max-age=31536000, immutable';
/** Without a version: an hour, so a book's new upload shows soon. */
export const UNVERSIONED_COVER_CACHE = 'public, max-age=3600';

/**
 * The cover image an author uploaded, in the web sizes the worker's preflight made of it (WebP,
 * through the storage port): the book's `coverImage` points here once they exist. Public like the
 * book's page — an author's own pending book shows it in the portal, where `<img>` sends no token
 * — but never for a deleted book.
 */
@ApiTags('books')
@Controller('books')
export class BookCoverController {
  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  @Get(':id/cover/:size')
  @ApiOperation({
    summary: "An uploaded book's cover image (WebP; `thumb` 200, `web` 600, `large` 1200 px wide)",
  })
  @ApiOkResponse({ description: 'The image, cached (a year with `?v=`)' })
  @ApiNotFoundResponse({ description: 'No such book, or its cover sizes are not made yet' })
  async cover(
    @ZodParam('id', objectIdSchema) id: string,
    @ZodParam('size', z.enum(BOOK_COVER_SIZES, messagesHe.books.coverNotFound)) size: BookCoverSize,
    @ZodQuery(coverQuerySchema) query: z.infer<typeof coverQuerySchema>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const field = BOOK_COVER_FIELDS[size];
    const book = await this.books
      .findOne({ _id: new Types.ObjectId(id), deletedAt: null })
      .select({ [`files.${field}`]: 1 })
      .lean<{ files?: Partial<Record<typeof field, string | null>> | null }>();
    const key = book?.files?.[field];
    if (!key) throw new DomainError('not_found', messagesHe.books.coverNotFound);
    let image: Buffer;
    try {
      image = await readAll(await this.storage.get(key));
    } catch (error) {
      if (error instanceof StorageNotFoundError)
        throw new DomainError('not_found', messagesHe.books.coverNotFound);
      throw error;
    }
    reply.type('image/webp');
    reply.header('cache-control', query.v ? VERSIONED_COVER_CACHE : UNVERSIONED_COVER_CACHE);
    reply.header('x-content-type-options', 'nosniff');
    return image;
  }
}
