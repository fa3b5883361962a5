import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import type { SitemapEntriesPage, SitemapEntriesQuery, SitemapEntry } from '@mechabrim/contracts';
import { BOOK_MODEL, USER_MODEL, type BookModel, type UserModel } from '@mechabrim/db';

interface Dated {
  _id: Types.ObjectId;
  updatedAt?: Date | null;
  createdAt?: Date | null;
}

const EPOCH = new Date(0);

/** The later of two dates, either may be missing. */
function latest(...dates: (Date | null | undefined)[]): Date {
  return dates.reduce<Date>((a, b) => (b && b > a ? b : a), EPOCH);
}

/** One page of `rows` (asked for one more than `limit`): the entries and the next page's `after`. */
function pageOf(rows: readonly { id: string; lastmod: Date }[], limit: number): SitemapEntriesPage {
  const entries: SitemapEntry[] = rows
    .slice(0, limit)
    .map(({ id, lastmod }) => ({ id, lastmod: lastmod.toISOString() }));
  return { entries, next: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

/**
 * What the store's sitemap lists: available books, authors with one, categories with one, each
 * with when its page last changed. Books and authors come in pages ordered by id (`after` is the
 * last id of the previous page), so a long list is read in steps that each use an index.
 */
@Injectable()
export class SitemapService {
  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
  ) {}

  entries(query: SitemapEntriesQuery): Promise<SitemapEntriesPage> {
    switch (query.kind) {
      case 'books':
        return this.bookEntries(query.after, query.limit);
      case 'authors':
        return this.authorEntries(query.after, query.limit);
      case 'categories':
        return this.categoryEntries();
    }
  }

  /** Available books: a book's page changes with the book. */
  private async bookEntries(after: string | undefined, limit: number) {
    const rows = await this.books
      .find({
        isAvailable: true,
        ...(after ? { _id: { $gt: new Types.ObjectId(after) } } : {}),
      })
      .sort({ _id: 1 })
      .limit(limit + 1)
      .select({ updatedAt: 1, createdAt: 1 })
      .lean<Dated[]>();
    return pageOf(
      rows.map((row) => ({
        id: row._id.toHexString(),
        lastmod: latest(row.createdAt, row.updatedAt),
      })),
      limit,
    );
  }

  /** Authors with an available book: the page changes with the author and with those books. */
  private async authorEntries(after: string | undefined, limit: number) {
    const selling = await this.books.aggregate<{ _id: Types.ObjectId; lastmod: Date | null }>([
      { $match: { isAvailable: true } },
      { $group: { _id: '$author', lastmod: { $max: '$updatedAt' } } },
    ]);
    const wanted = selling
      .filter((row) => row._id instanceof Types.ObjectId)
      .map((row) => ({ id: row._id.toHexString(), lastmod: row.lastmod }))
      .filter((row) => after === undefined || row.id > after.toLowerCase())
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit + 1);
    const authors = await this.users
      .find({ _id: { $in: wanted.map((row) => new Types.ObjectId(row.id)) }, role: 'author' })
      .select({ updatedAt: 1, createdAt: 1 })
      .lean<Dated[]>();
    const byId = new Map(authors.map((author) => [author._id.toHexString(), author]));
    // An account that is no author (any more) has no author page: left out, paging goes on.
    const entries = wanted.slice(0, limit).flatMap(({ id, lastmod }) => {
      const author = byId.get(id);
      if (!author) return [];
      return [{ id, lastmod: latest(lastmod, author.createdAt, author.updatedAt).toISOString() }];
    });
    return { entries, next: wanted.length > limit ? (wanted[limit - 1]?.id ?? null) : null };
  }

  /** Categories with an available book: a category's page changes with its books. */
  private async categoryEntries(): Promise<SitemapEntriesPage> {
    const rows = await this.books.aggregate<{ _id: unknown; lastmod: Date | null }>([
      { $match: { isAvailable: true } },
      { $group: { _id: '$category', lastmod: { $max: '$updatedAt' } } },
    ]);
    const entries = rows
      .filter((row): row is { _id: string; lastmod: Date | null } => typeof row._id === 'string')
      .filter((row) => row._id.trim() !== '')
      .sort((a, b) => (a._id < b._id ? -1 : 1))
      .map((row) => ({ id: row._id, lastmod: latest(row.lastmod).toISOString() }));
    return { entries, next: null };
  }
}
