import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  sitemapEntriesPageSchema,
  sitemapEntriesQuerySchema,
  type SitemapEntriesPage,
  type SitemapEntriesQuery,
} from '@mechabrim/contracts';
import { ApiZodResponse, ZodQuery } from '../common/validation/zod-validation.pipe';
import { SitemapService } from './sitemap.service';

/** A shared cache may keep a page of entries for a few minutes: the sitemap is read rarely. */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=300';

/** The store's sitemap's entries, for the edge server's `/sitemap.xml`. */
@ApiTags('sitemap')
@Controller('sitemap-entries')
export class SitemapController {
  constructor(private readonly sitemap: SitemapService) {}

  @Get()
  @ApiOperation({
    summary:
      'Pages the sitemap lists, by kind: available books, authors with one, categories with one',
    description:
      "Books and authors in pages ordered by id: pass the answer's `next` as `after` for the next page (null at the end). Categories come in one answer. `lastmod` is when the page last changed (ISO 8601).",
  })
  @ApiZodResponse(sitemapEntriesPageSchema, { description: 'One page of entries' })
  async list(
    @ZodQuery(sitemapEntriesQuerySchema) query: SitemapEntriesQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SitemapEntriesPage> {
    reply.header('cache-control', SITEMAP_CACHE_CONTROL);
    return this.sitemap.entries(query);
  }
}
