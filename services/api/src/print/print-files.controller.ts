import { Controller, Get, Inject, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  STORAGE,
  StorageNotFoundError,
  checkFileSignature,
  type StoragePort,
} from '@mechabrim/storage';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { ZodParam } from '../common/validation/zod-validation.pipe';

/** The route's parameters (exported: ESLint does not see values used only in decorators). */
export const bookIdSchema = z.string().regex(/^[a-f\d]{24}$/i, messagesHe.print.badFileAddress);
/** The files of a book the partner prints from (the worker's print job names only these). */
const PRINT_FILES = { 'interior.pdf': 'application/pdf', 'cover.pdf': 'application/pdf' } as const;
export const printFileSchema = z.enum(
  Object.keys(PRINT_FILES) as [keyof typeof PRINT_FILES, ...(keyof typeof PRINT_FILES)[]],
  { error: messagesHe.print.badFileAddress },
);

/**
 * A book's print files for the print partner, which downloads them after the worker hands it a
 * job. No session: the address itself is the permission — signed by the worker with
 * FILE_URL_SECRET, naming the file and when it stops working (libs/storage signed-file-url.ts).
 */
@ApiTags('print')
@Controller('print/files')
export class PrintFilesController {
  private readonly secret: string;

  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.secret = config.print.fileUrlSecret;
  }

  @Get('books/:bookId/:file')
  @ApiOperation({
    summary:
      "A book's interior or cover PDF for the print partner, at the signed address the worker put in the print job (403 when unsigned, changed or expired)",
  })
  @ApiQuery({ name: 'expires', description: 'Unix seconds after which the address stops working' })
  @ApiQuery({ name: 'signature', description: 'HMAC-SHA256 (hex) of the key and the expiry' })
  async file(
    @ZodParam('bookId', bookIdSchema) bookId: string,
    @ZodParam('file', printFileSchema) file: keyof typeof PRINT_FILES,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const key = `books/${bookId}/${file}`;
    const check = checkFileSignature(key, expires, signature, this.secret);
    if (check === 'expired')
      throw new DomainError('forbidden', messagesHe.print.fileAddressExpired);
    if (check !== 'valid') throw new DomainError('forbidden', messagesHe.print.badFileAddress);
    let body;
    try {
      body = await this.storage.get(key);
    } catch (error) {
      if (error instanceof StorageNotFoundError) {
        throw new DomainError('not_found', messagesHe.print.fileNotFound);
      }
      throw error;
    }
    reply.header('cache-control', 'private, no-store');
    return new StreamableFile(body, {
      type: PRINT_FILES[file],
      disposition: `attachment; filename="${bookId}-${file}"`,
    });
  }
}
