import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  objectIdSchema,
  searchQuerySchema,
  type Author,
  type SearchQuery,
  authorSchema,
} from '@mechabrim/contracts';
import { CatalogueCache, sendPublic } from '../books/catalogue-cache';
import { ApiZodResponse, ZodParam, ZodQuery } from '../common/validation/zod-validation.pipe';
import { AuthorsService } from './authors.service';
import { z } from 'zod';

/** Spec §7: authors' public profiles. (An author's books: `GET /api/books/author/{id}`.) */
@ApiTags('authors')
@Controller('authors')
export class AuthorsController {
  constructor(
    private readonly authors: AuthorsService,
    private readonly cache: CatalogueCache,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Every author with booksCount, averageRating, totalSales, genres, joinDate; newest first',
  })
  @ApiZodResponse(z.array(authorSchema), { description: 'Authors with their computed aggregates' })
  async list(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendPublic(request, reply, await this.cache.get('authors', () => this.authors.list()));
  }

  @Get('search')
  @ApiOperation({
    summary: 'Authors whose name, genres or bio match (Hebrew-aware, as the book search)',
  })
  @ApiQuery({ name: 'q', required: true, type: String })
  @ApiQuery({ name: 'limit', required: false, type: Number, example: 10 })
  @ApiZodResponse(z.array(authorSchema), { description: 'Matching authors' })
  async search(
    @ZodQuery(searchQuerySchema) query: SearchQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const answer = await this.cache.get(`authors-search:${query.limit}:${query.q}`, async () => {
      const all = JSON.parse(
        (await this.cache.get('authors', () => this.authors.list())).json,
      ) as Author[];
      return this.authors.search(all, query.q, query.limit);
    });
    return sendPublic(request, reply, answer);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One author' })
  @ApiNotFoundResponse({ description: 'No such author' })
  @ApiZodResponse(authorSchema, { description: 'The author' })
  async byId(
    @ZodParam('id', objectIdSchema) id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendPublic(
      request,
      reply,
      await this.cache.get(`author:${id}`, () => this.authors.byId(id)),
    );
  }
}
