import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { ZodParam } from '../common/validation/zod-validation.pipe';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';

/** Only plain file names the seed writes (`<id>.webp`, `portrait-<id>.webp`, their `.svg` drawings): no paths, no traversal. */
export const coverFileSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,64}\.(svg|png|jpg|webp)$/i, messagesHe.books.coverNotFound);
const TYPES = new Map<string, string>([
  ['svg', 'image/svg+xml'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['webp', 'image/webp'],
]);

/** Book covers generated locally (`DATA_DIR/covers`), served at `/api/covers/<file>`. */
@ApiExcludeController()
@Controller('covers')
export class CoversController {
  private readonly dir: string;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    this.dir = path.resolve(config.dataDir, 'covers');
  }

  @Get(':file')
  async cover(
    @ZodParam('file', coverFileSchema) file: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    let content: Buffer;
    try {
      content = await readFile(path.join(this.dir, file));
    } catch {
      throw new DomainError('not_found', messagesHe.books.coverNotFound);
    }
    reply.type(TYPES.get(file.split('.').pop()!.toLowerCase()) ?? 'application/octet-stream');
    reply.header('cache-control', 'public, max-age=86400');
    // SVG can carry script: never let it run when opened directly.
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    return content;
  }
}
