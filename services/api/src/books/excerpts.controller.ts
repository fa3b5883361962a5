import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { objectIdSchema } from '@mechabrim/contracts';
import { messagesHe } from '../common/messages.he';
import { ZodParam } from '../common/validation/zod-validation.pipe';
import { BookExcerpts } from './book-excerpts.service';
import { parseByteRange } from './byte-range';

/**
 * Browsers and the edge may keep an excerpt ten minutes and revalidate it by its ETag after:
 * a new upload replaces it under the same address, and a book deleted stops serving it.
 */
export const EXCERPT_CACHE_CONTROL = 'public, max-age=600';

/** Spec §8 'read excerpt': the first pages of a book, as a PDF. */
@ApiTags('books')
@Controller('books')
export class ExcerptsController {
  constructor(private readonly excerpts: BookExcerpts) {}

  @Get(':id/excerpt')
  @ApiOperation({
    summary: "A book's excerpt (application/pdf): its first pages, never the whole interior",
    description:
      'For books the public sees whose answer says `hasExcerpt`. Supports `Range: bytes=…` (one range), `If-None-Match` and `If-Range`.',
  })
  @ApiOkResponse({ description: 'The PDF', content: { 'application/pdf': {} } })
  @ApiNotFoundResponse({ description: 'No such public book, or it has no excerpt' })
  async excerpt(
    @ZodParam('id', objectIdSchema) id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { body, etag } = await this.excerpts.read(id);
    reply
      .header('cache-control', EXCERPT_CACHE_CONTROL)
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header('content-disposition', 'inline; filename="excerpt.pdf"')
      .header('x-content-type-options', 'nosniff');
    const noneMatch = request.headers['if-none-match'];
    if (noneMatch && noneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      await reply.code(304).send();
      return;
    }
    // A range of another version of the file would splice two files: `If-Range` guards it.
    const ifRange = request.headers['if-range'];
    const range =
      ifRange === undefined || ifRange === etag
        ? parseByteRange(request.headers.range, body.length)
        : null;
    if (range === 'unsatisfiable') {
      await reply
        .code(416)
        .header('content-range', `bytes */${body.length}`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send({
          statusCode: 416,
          error: 'Range Not Satisfiable',
          message: messagesHe.books.excerptRangeInvalid,
        });
      return;
    }
    reply.type('application/pdf');
    if (range) {
      await reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
        .send(body.subarray(range.start, range.end + 1));
      return;
    }
    await reply.code(200).send(body);
  }
}
