import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { Types, type QueryFilter, type SortOrder } from 'mongoose';
import { parseQuery, termLookupKeys } from '@mechabrim/hebrew';
import { agorot, selectSplitPolicy, toShekels, type SplitPolicy } from '@mechabrim/money';
import {
  PRICE_BAND_BOUNDS,
  resolveCategory,
  type Book,
  type BookListQuery,
  type BookPage,
  type BookSort,
} from '@mechabrim/contracts';
import {
  BONUS_KINDS,
  BOOK_EDIT_MODEL,
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  PUBLIC_BOOK_FIELDS,
  USER_MODEL,
  onModelChange,
  type BookEditModel,
  type BookModel,
  type BookRecord,
  type LedgerEntryModel,
  type UserModel,
} from '@mechabrim/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import {
  AUTHOR_LEDGER_FIELDS,
  summarizeAuthorLedger,
  type AuthorLedgerEntry,
} from '../author-dashboard/author-ledger';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { OWNER_BOOK_FIELDS, toBookAnswer, toOwnerBookAnswer, type StoredBook } from './book.answer';
import { latestEdits } from './latest-edits';

/**
 * The catalogue's orders, each ending on `_id` so pages never overlap. Every one is served by an
 * index of the books schema (`isAvailable`, then exactly these keys, or all of them reversed):
 * `price-desc` is the price index walked backwards.
 */
export const CATALOGUE_SORTS: Record<BookSort, Record<string, SortOrder>> = {
  sales: { salesCount: -1, _id: 1 },
  newest: { createdAt: -1, _id: 1 },
  price: { price: 1, _id: 1 },
  'price-desc': { price: -1, _id: -1 },
  rating: { rating: -1, totalRatings: -1, _id: 1 },
  title: { title: 1, _id: 1 },
};

/** May this user see books that are hidden from the public (their own, or any for an admin)? */
function seesHidden(viewer: AuthenticatedUser | undefined, authorId: string): boolean {
  return !!viewer && (viewer.role === 'admin' || viewer.id === authorId);
}

/** On sale, or taken off sale after it was on sale: the public sees its page (sold out). */
function isListed(book: StoredBook): boolean {
  return !!book.isAvailable || !!book.firstListedAt;
}

/** The most filtered counts kept at once (see `cachedCount`). */
export const MAX_CACHED_TOTALS = 2_000;

/** The public catalogue: pages of available books, one book, an author's books. */
@Injectable()
export class BooksService implements OnModuleDestroy {
  /**
   * Counts of available books per category ('' for all), shared by every page, limit and sort of
   * the grid: counting is the costly part of a page on the embedded MongoDB, and the count
   * changes only with writes. Emptied by any write through the catalogue models, in this process
   * at once and in the others through `CatalogueSync`; a write bypassing the models shows within
   * the catalogue cache's time (`CATALOGUE_CACHE_TTL_MS`, 2 s).
   */
  private readonly totals = new Map<string, { until: number; value: Promise<number> }>();
  private readonly unsubscribe = onModelChange(() => this.totals.clear());

  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(BOOK_EDIT_MODEL) private readonly edits: BookEditModel,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.policy = selectSplitPolicy(config.splitPolicy);
  }

  /** The split policy, for the lowest price an owner's answer shows beside its print cost. */
  private readonly policy: SplitPolicy;

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /** The number of available books (of a category), cached briefly. */
  private availableCount(category: string | undefined): Promise<number> {
    const filter: QueryFilter<BookRecord> = { isAvailable: true };
    if (category !== undefined) filter.category = category;
    return this.cachedCount(category ?? '', filter);
  }

  /**
   * A count of books, shared briefly by every page and sort of the same filters (a reader paging
   * or re-sorting a filtered grid is counted once). At most {@link MAX_CACHED_TOTALS} filters are
   * kept; beyond that the cache starts afresh.
   */
  private cachedCount(key: string, filter: QueryFilter<BookRecord>): Promise<number> {
    const now = Date.now();
    const cached = this.totals.get(key);
    if (cached && now < cached.until) return cached.value;
    if (this.totals.size >= MAX_CACHED_TOTALS) this.totals.clear();
    const value = this.books.countDocuments(filter).setOptions({ sanitizeFilter: true }).exec();
    const entry = { until: now + this.config.catalogueCacheTtlMs, value };
    this.totals.set(key, entry);
    value.catch(() => {
      if (this.totals.get(key) === entry) this.totals.delete(key);
    });
    return value;
  }

  /** The page total: the category's count, less the left-out book when it is one of them. */
  private async pageTotal(category: string | undefined, exclude?: string): Promise<number> {
    const [count, excluded] = await Promise.all([
      this.availableCount(category),
      exclude
        ? this.books.exists({
            _id: new Types.ObjectId(exclude),
            isAvailable: true,
            ...(category !== undefined ? { category } : {}),
          })
        : null,
    ]);
    return count - (excluded ? 1 : 0);
  }

  /**
   * One page of available books, optionally of one category, a price band and matching words,
   * with the total for the grid. Words are matched as `GET /api/books/search` matches them (the
   * stored `searchKeys`, an equality lookup: the text is never a pattern or an operator); the
   * order is the asked sort, not relevance.
   */
  async list(query: BookListQuery): Promise<BookPage> {
    const filter: QueryFilter<BookRecord> = { isAvailable: true };
    let filtered = false;
    if (query.q !== undefined) {
      const terms = parseQuery(query.q);
      // Words with nothing searchable in them (punctuation only) match nothing.
      if (!terms.length)
        return { books: [], total: 0, page: query.page, limit: query.limit, pages: 0 };
      filter.$and = terms.map((term) => ({
        searchKeys: mongoose.trusted({ $in: termLookupKeys(term) }),
      }));
      filtered = true;
    }
    if (query.price !== undefined) {
      const b = PRICE_BAND_BOUNDS[query.price];
      filter.price = mongoose.trusted({
        ...(b.gte !== undefined ? { $gte: b.gte } : {}),
        ...(b.gt !== undefined ? { $gt: b.gt } : {}),
        ...(b.lt !== undefined ? { $lt: b.lt } : {}),
        ...(b.lte !== undefined ? { $lte: b.lte } : {}),
      });
      filtered = true;
    }
    let category: string | undefined;
    if (query.category !== undefined) {
      category = resolveCategory(query.category) ?? undefined;
      if (!category) {
        throw new DomainError('invalid_data', messagesHe.books.unknownCategory, [
          { field: 'category', message: messagesHe.books.unknownCategory },
        ]);
      }
      filter.category = category;
    }
    if (query.exclude) filter._id = mongoose.trusted({ $ne: new Types.ObjectId(query.exclude) });
    const [rows, total] = await Promise.all([
      this.books
        .find(filter)
        .setOptions({ sanitizeFilter: true })
        .sort(CATALOGUE_SORTS[query.sort ?? 'sales'])
        .skip((query.page - 1) * query.limit)
        .limit(query.limit)
        .select(PUBLIC_BOOK_FIELDS)
        .lean<StoredBook[]>(),
      filtered
        ? this.cachedCount(
            JSON.stringify([category ?? '', query.q ?? '', query.price ?? '', query.exclude ?? '']),
            filter,
          )
        : this.pageTotal(category, query.exclude),
    ]);
    return {
      books: rows.map((b) => this.answer(b)),
      total,
      page: query.page,
      limit: query.limit,
      pages: Math.ceil(total / query.limit),
    };
  }

  /**
   * A book: an available one, or one taken off sale after it was on sale (its page shows it sold
   * out, `isAvailable: false`); a book never on sale only for its author (or an admin); a deleted
   * one for nobody.
   */
  async byId(id: string, viewer?: AuthenticatedUser): Promise<Book> {
    const book = await this.books
      .findById(id)
      .select({ ...PUBLIC_BOOK_FIELDS, ...OWNER_BOOK_FIELDS })
      .lean<StoredBook>();
    const owner = !!book && seesHidden(viewer, book.author.toHexString());
    if (!book || book.deletedAt || (!isListed(book) && !owner)) {
      throw new DomainError('not_found', messagesHe.books.notFound);
    }
    return owner
      ? toOwnerBookAnswer(book, this.config.publicApiUrl, this.policy)
      : this.answer(book);
  }

  /** Is there an available book with this id? */
  async isPublic(id: string): Promise<boolean> {
    return !!(await this.books.exists({ _id: new Types.ObjectId(id), isAvailable: true }));
  }

  /**
   * Is there a book with this id the public may see (on sale, or sold out after being on sale,
   * and not deleted by its author)?
   */
  async isListed(id: string): Promise<boolean> {
    return !!(await this.books.exists({
      _id: new Types.ObjectId(id),
      deletedAt: null,
      $or: [{ isAvailable: true }, { firstListedAt: mongoose.trusted({ $ne: null }) }],
    }));
  }

  /** An author's books, best sellers first; the author themself also sees the hidden ones. */
  async byAuthor(authorId: string, viewer?: AuthenticatedUser): Promise<Book[]> {
    const author = await this.users.exists({
      _id: new Types.ObjectId(authorId),
      role: { $in: ['author', 'admin'] },
    });
    if (!author) throw new DomainError('not_found', messagesHe.authors.notFound);
    const filter: QueryFilter<BookRecord> = {
      author: new Types.ObjectId(authorId),
      deletedAt: null,
    };
    const owner = seesHidden(viewer, authorId);
    if (!owner) filter.isAvailable = true;
    const rows = await this.books
      .find(filter)
      .sort({ salesCount: -1, _id: 1 })
      .limit(500)
      .select({ ...PUBLIC_BOOK_FIELDS, ...OWNER_BOOK_FIELDS })
      .lean<StoredBook[]>();
    if (!owner) return rows.map((b) => this.answer(b));
    // The author's own list counts copies sold as the earnings page does: from the ledger.
    const [sold, edits] = await Promise.all([
      this.sales(authorId),
      latestEdits(this.edits, authorId),
    ]);
    return rows.map((b) => {
      const sales = sold.get(b._id.toHexString());
      return {
        ...toOwnerBookAnswer(b, this.config.publicApiUrl, this.policy),
        salesCount: sales?.sales ?? 0,
        salesRevenue: toShekels(sales?.revenue ?? agorot(0)),
        latestEdit: edits.get(b._id.toHexString()) ?? null,
      };
    });
  }

  /**
   * Copies sold and book sales per book of an author, read as the dashboard and the earnings page
   * read them (`summarizeAuthorLedger`: the ledger's author entries, sales less reversals).
   */
  private async sales(authorId: string) {
    const entries = await this.ledger
      // Payouts are money out and bonuses no book's sale.
      .find({
        authorId: new Types.ObjectId(authorId),
        party: 'author',
        kind: { $nin: ['payout', ...BONUS_KINDS] },
      })
      .select(AUTHOR_LEDGER_FIELDS)
      .lean<AuthorLedgerEntry[]>();
    return summarizeAuthorLedger(entries).books;
  }

  /**
   * Books by id, in the order given, skipping unknown ones; if asked, only available ones, or
   * only those the public may see (`listed`: available, or sold out after being on sale).
   */
  async manyById(
    ids: Types.ObjectId[],
    options: { availableOnly?: boolean; listedOnly?: boolean } = {},
  ): Promise<Book[]> {
    if (!ids.length) return [];
    // Availability is checked here rather than in the filter: a lookup by _id alone is the cheapest.
    const rows = await this.books
      .find({ _id: { $in: ids } })
      .select(PUBLIC_BOOK_FIELDS)
      .lean<StoredBook[]>();
    const byId = new Map(
      rows
        .filter((b) => !options.availableOnly || b.isAvailable)
        .filter((b) => !options.listedOnly || isListed(b))
        .map((b) => [b._id.toHexString(), b]),
    );
    return ids.flatMap((id) => {
      const book = byId.get(id.toHexString());
      return book ? [this.answer(book)] : [];
    });
  }

  answer(book: StoredBook): Book {
    return toBookAnswer(book, this.config.publicApiUrl);
  }
}
