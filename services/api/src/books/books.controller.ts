import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BOOK_SORTS,
  PRICE_BANDS,
  bookListQuerySchema,
  objectIdSchema,
  searchQuerySchema,
  type Book,
  type BookListQuery,
  type SearchQuery,
  bookPageSchema,
  bookSchema,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { OptionalAuth } from '../auth/guards';
import { ApiZodResponse, ZodParam, ZodQuery } from '../common/validation/zod-validation.pipe';
import { BookSearchService } from './book-search.service';
import { BooksService } from './books.service';
import { CatalogueCache, sendPrivate, sendPublic } from './catalogue-cache';
import { z } from 'zod';

/** Spec §7: the public catalogue of books. */
@ApiTags('books')
@Controller('books')
export class BooksController {
  constructor(
    private readonly books: BooksService,
    private readonly searchService: BookSearchService,
    private readonly cache: CatalogueCache,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Available books, one page at a time: {books, total, page, limit, pages}',
    description:
      'Best sellers first unless `sort` says otherwise. `?category=` takes the Hebrew category or its English key.',
  })
  @ApiQuery({ name: 'page', required: false, type: Number, example: 1 })
  @ApiQuery({ name: 'limit', required: false, type: Number, example: 20, description: '1–100' })
  @ApiQuery({ name: 'category', required: false, type: String, example: 'פנטזיה' })
  @ApiQuery({ name: 'sort', required: false, enum: BOOK_SORTS })
  @ApiQuery({
    name: 'q',
    required: false,
    type: String,
    example: 'ירושלים',
    description: 'words in the title, author name or tags (as /api/books/search matches them)',
  })
  @ApiQuery({ name: 'price', required: false, enum: PRICE_BANDS, description: 'a price band (₪)' })
  @ApiQuery({
    name: 'exclude',
    required: false,
    type: String,
    description: 'a book id to leave out (related books)',
  })
  @ApiZodResponse(bookPageSchema, { description: 'One page of available books and the total' })
  async list(
    @ZodQuery(bookListQuerySchema) query: BookListQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const key = `books:${query.page}:${query.limit}:${query.category ?? ''}:${query.sort ?? ''}:${query.exclude ?? ''}:${query.price ?? ''}:${query.q ?? ''}`;
    return sendPublic(request, reply, await this.cache.get(key, () => this.books.list(query)));
  }

  @Get('search')
  @ApiOperation({
    summary: 'Hebrew-aware search over title, author name and tags',
    description:
      'Niqqud, final letters, geresh/gershayim and a leading prefix particle (ו ה ב כ ל מ ש…) are ignored; a word still being typed matches the start of a word. Ranked: title, author, tags, sales.',
  })
  @ApiQuery({ name: 'q', required: true, type: String, example: 'בירושלים' })
  @ApiQuery({ name: 'limit', required: false, type: Number, example: 10, description: '1–50' })
  @ApiZodResponse(z.array(bookSchema), { description: 'The best matches, best first' })
  async search(
    @ZodQuery(searchQuerySchema) query: SearchQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const key = `search:${query.limit}:${query.q}`;
    return sendPublic(
      request,
      reply,
      await this.cache.get(key, () => this.searchService.search(query.q, query.limit)),
    );
  }

  @Get('author/:id')
  @OptionalAuth()
  @ApiOperation({
    summary: "An author's books; with the author's own bearer token, hidden ones too",
  })
  @ApiParam({ name: 'id', description: 'the author (user) id' })
  @ApiNotFoundResponse({ description: 'No such author' })
  @ApiZodResponse(z.array(bookSchema), { description: "The author's books, best sellers first" })
  async byAuthor(
    @ZodParam('id', objectIdSchema) id: string,
    @CurrentUser() viewer: AuthenticatedUser | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Book[] | string> {
    if (viewer) return sendPrivate(reply, await this.books.byAuthor(id, viewer));
    return sendPublic(
      request,
      reply,
      await this.cache.get(`author-books:${id}`, () => this.books.byAuthor(id)),
      { variesWithToken: true },
    );
  }

  @Get(':id')
  @OptionalAuth()
  @ApiOperation({
    summary:
      'A book: on sale, or sold out (`isAvailable: false`) after it was on sale; one never on sale only with its author’s bearer token',
  })
  @ApiNotFoundResponse({ description: 'No such book, or one never on sale' })
  @ApiZodResponse(bookSchema, { description: 'The book' })
  async byId(
    @ZodParam('id', objectIdSchema) id: string,
    @CurrentUser() viewer: AuthenticatedUser | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Book | string> {
    if (viewer) return sendPrivate(reply, await this.books.byId(id, viewer));
    return sendPublic(
      request,
      reply,
      await this.cache.get(`book:${id}`, () => this.books.byId(id)),
      { variesWithToken: true },
    );
  }
}
