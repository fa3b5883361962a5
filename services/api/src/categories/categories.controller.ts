import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogueCache, sendPublic } from '../books/catalogue-cache';
import { CategoriesService } from './categories.service';
import { ApiZodResponse } from '../common/validation/zod-validation.pipe';
import { categoryCountSchema } from '@mechabrim/contracts';
import { z } from 'zod';

/** Spec §7: `GET /api/books/categories`. */
@ApiTags('books')
@Controller('books/categories')
export class CategoriesController {
  constructor(
    private readonly categories: CategoriesService,
    private readonly cache: CatalogueCache,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Categories with available books: [{category, name, count}], at most ten',
  })
  @ApiZodResponse(z.array(categoryCountSchema), {
    description: '`category` is the value for `/category/{category}` and `?category=`',
  })
  async list(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendPublic(
      request,
      reply,
      await this.cache.get('categories', () => this.categories.withCounts()),
    );
  }
}
