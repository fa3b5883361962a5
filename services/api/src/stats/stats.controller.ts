import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogueCache, sendPublic } from '../books/catalogue-cache';
import { StatsService } from './stats.service';
import { ApiZodResponse } from '../common/validation/zod-validation.pipe';
import { siteStatsSchema } from '@mechabrim/contracts';

@ApiTags('stats')
@Controller('stats')
export class StatsController {
  constructor(
    private readonly stats: StatsService,
    private readonly cache: CatalogueCache,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Site figures: {authors, books} (registered authors, available books)' })
  @ApiZodResponse(siteStatsSchema, { description: 'Counts of authors and available books' })
  async site(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendPublic(request, reply, await this.cache.get('stats', () => this.stats.site()));
  }
}
