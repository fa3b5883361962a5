import { Controller, HttpCode, Post, Put, Req } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  BOOK_UPLOAD_HE,
  bookFilesAnswerSchema,
  bookUploadAnswerSchema,
  objectIdSchema,
  type BookFilesAnswer,
  type BookUploadAnswer,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { DomainError } from '../common/errors/domain-error';
import { ApiZodResponse, ZodParam } from '../common/validation/zod-validation.pipe';
import { BookFilesService } from './book-files.service';
import { BookUploadsService } from './book-uploads.service';

/** Spec §7 `POST /api/books`: an author uploads a book (multipart). */
@ApiTags('books')
@Controller('books')
export class BookUploadsController {
  constructor(
    private readonly uploads: BookUploadsService,
    private readonly files: BookFilesService,
  ) {}

  @Post()
  @HttpCode(201)
  @Authenticated('author')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: 'Upload a book: interior PDF, cover PDF, cover image and the fields of spec §3',
    description:
      'Files: `pdfFile`, `coverPdfFile` (PDF, checked by content), `coverImage` (JPEG/PNG/WebP/GIF, decoded); each up to 50 MB. Fields: title, description, price, category, tags (comma-joined), size (A5|135x210), readingFormat (rtl|ltr), paperType (70g|80g|90g), printingType (bw|color), pages, isbn, language. The book is created pending approval and its print preflight is queued.',
  })
  @ApiPayloadTooLargeResponse({ description: 'A file over 50 MB (nothing is stored)' })
  @ApiZodResponse(bookUploadAnswerSchema, {
    status: 201,
    description: 'The new book, pending approval',
  })
  async upload(
    @CurrentUser() author: AuthenticatedUser,
    @Req() request: FastifyRequest,
  ): Promise<BookUploadAnswer> {
    if (!request.isMultipart()) throw new DomainError('invalid_data', BOOK_UPLOAD_HE.notMultipart);
    return this.uploads.upload(author, request.parts());
  }

  @Put(':id/files')
  @Authenticated('author', 'admin')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: 'Replace the files of a book waiting for approval or rejected',
    description:
      'Any of `pdfFile`, `coverPdfFile`, `coverImage`, checked as at upload. The book waits for approval again and its preflight runs again; a book on sale answers 409.',
  })
  @ApiZodResponse(bookFilesAnswerSchema, { description: 'The book, pending approval again' })
  async replaceFiles(
    @ZodParam('id', objectIdSchema) id: string,
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
  ): Promise<BookFilesAnswer> {
    if (!request.isMultipart()) throw new DomainError('invalid_data', BOOK_UPLOAD_HE.notMultipart);
    return this.files.replace(id, user, request.parts());
  }
}
