import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import type { AuthorStats, Earnings } from '@mechabrim/contracts';
import {
  approvalOf,
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  PAID_ORDER_STATUSES,
  onModelChange,
  type BookModel,
  type LedgerEntryModel,
  type OrderModel,
} from '@mechabrim/db';
import {
  agorot,
  earningsBreakdown,
  selectSplitPolicy,
  sumAgorot,
  toShekels,
  unpaidEarnings,
  vatPercentOn,
  type EarningsRow,
  type EarningsTotals,
  type SplitPolicy,
} from '@mechabrim/money';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import {
  AUTHOR_LEDGER_FIELDS,
  israelMonth,
  summarizeAuthorLedger,
  type AuthorLedgerEntry,
  type AuthorLedgerSummary,
} from './author-ledger';
import { expectedAuthorShare, printCostsOf, type EstimatedLine } from './expected-revenue';

type CachedLedger = AuthorLedgerSummary & { titles: Map<string, string> };

/** How long an author's ledger summary is reused at most; a split or reversal empties it at once. */
export const LEDGER_SUMMARY_TTL_MS = 60_000;
const MAX_CACHED_AUTHORS = 5_000;

/** How many books the earnings page ranks. */
export const TOP_SELLING_BOOKS = 5;

type MoneyFields<T> = { [K in keyof T]: T[K] extends number ? number : T[K] };

function inShekels<T extends EarningsTotals | EarningsRow>(row: T): MoneyFields<T> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      typeof value === 'number' ? toShekels(agorot(value)) : value,
    ]),
  ) as MoneyFields<T>;
}

/**
 * The author's dashboard figures (spec §3 "Author stats response" and "Earnings response"). Money
 * comes only from the ledger the worker's `order-splits` writes, summed in agorot (exact) and
 * turned into shekels once, at the answer; the breakdown's rules are `@mechabrim/money`'s.
 */
@Injectable()
export class AuthorDashboardService implements OnModuleDestroy {
  /**
   * Each author's ledger summary, reused for {@link LEDGER_SUMMARY_TTL_MS}: the stats and the
   * earnings page read it together, and reading thousands of entries is the costly part. Concurrent
   * misses share one read. Emptied by any write through the catalogue models: a split or a
   * reversal also moves the books' sales counts through the book model, in this process at once
   * and in the others through `CatalogueSync`.
   */
  private readonly summaries = new Map<string, { until: number; value: Promise<CachedLedger> }>();
  private readonly unsubscribe = onModelChange(() => this.summaries.clear());
  private readonly policy: SplitPolicy;

  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.policy = selectSplitPolicy(config.splitPolicy);
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  private ledgerOf(authorId: string): Promise<CachedLedger> {
    const now = Date.now();
    const cached = this.summaries.get(authorId);
    if (cached && now < cached.until) return cached.value;
    if (this.summaries.size >= MAX_CACHED_AUTHORS) this.summaries.clear();
    const value = this.ledger
      // A print charge's adjustments are the platform's, never the author's figures; nor is the
      // cancellation fee the platform keeps of an order. A return takes the author's share of the
      // returned copies back.
      .find({
        authorId: new Types.ObjectId(authorId),
        kind: { $in: ['sale', 'reversal', 'return'] },
      })
      .select(AUTHOR_LEDGER_FIELDS)
      .lean<AuthorLedgerEntry[]>()
      .then(async (entries) => {
        const summary = summarizeAuthorLedger(entries);
        // Titles of deleted books too: they were sold, and the ledger still names them. A title
        // edit is a catalogue write, which empties this cache.
        const books = await this.books
          .find({ _id: { $in: [...summary.books.keys()].map((id) => new Types.ObjectId(id)) } })
          .select({ title: 1 })
          .lean<Array<{ _id: Types.ObjectId; title: string }>>();
        return { ...summary, titles: new Map(books.map((b) => [b._id.toHexString(), b.title])) };
      });
    const entry = { until: now + LEDGER_SUMMARY_TTL_MS, value };
    this.summaries.set(authorId, entry);
    value.catch(() => {
      if (this.summaries.get(authorId) === entry) this.summaries.delete(authorId);
    });
    return value;
  }

  /**
   * The author's expected share of their paid orders the worker has not split yet (normally
   * seconds old): read fresh each time, since a split moves it into the ledger.
   */
  private async expectedRevenue(authorId: string) {
    const author = new Types.ObjectId(authorId);
    const unsplit = await this.orders
      .find({
        'books.book.author': author,
        status: { $in: [...PAID_ORDER_STATUSES] },
        splitAt: null,
      })
      .select({ _id: 0, books: 1 })
      .lean<Array<{ books: EstimatedLine[] }>>();
    const costs = await printCostsOf(
      this.books,
      unsplit.flatMap((order) =>
        order.books.flatMap((line) =>
          line.book._id && line.book.author.equals(author) ? [line.book._id] : [],
        ),
      ),
    );
    return sumAgorot(
      unsplit.map((order) => expectedAuthorShare(order.books, author, this.policy, costs)),
    );
  }

  async stats(authorId: string, now = new Date()): Promise<AuthorStats> {
    const [books, ledger, expected] = await Promise.all([
      this.books
        .find({ author: new Types.ObjectId(authorId), deletedAt: null })
        .select({ _id: 0, isAvailable: 1, approvalStatus: 1 })
        .lean<Array<{ isAvailable?: boolean; approvalStatus?: string | null }>>(),
      this.ledgerOf(authorId),
      this.expectedRevenue(authorId),
    ]);
    const thisMonth = israelMonth(now);
    const net = ledger.months.map((m) => ({ month: m.month, net: m.author }));
    const total = net.reduce((sum, m) => sum + m.net, 0);
    const month = ledger.months.find((m) => m.month === thisMonth);
    return {
      totalBooks: books.length,
      activeBooks: books.filter((b) => b.isAvailable).length,
      pendingBooks: books.filter((b) => approvalOf(b) === 'pending').length,
      totalSales: [...ledger.copiesByMonth.values()].reduce((a, b) => a + b, 0),
      totalRevenue: toShekels(agorot(total)),
      pendingRevenue: toShekels(sumAgorot([unpaidEarnings(net, now), expected])),
      expectedRevenue: toShekels(expected),
      monthlySales: ledger.copiesByMonth.get(thisMonth) ?? 0,
      monthlyRevenue: toShekels(month?.author ?? agorot(0)),
    };
  }

  async earnings(authorId: string, now = new Date()): Promise<Earnings> {
    const ledger = await this.ledgerOf(authorId);
    const { rows, totals, vatPercents } = earningsBreakdown(ledger.months);
    const vatToday = vatPercentOn(now);
    const thisMonth = israelMonth(now);
    const ranked = [...ledger.books.entries()]
      .filter(([, book]) => book.sales > 0)
      .sort(
        ([idA, a], [idB, b]) =>
          b.sales - a.sales || b.revenue - a.revenue || idA.localeCompare(idB),
      )
      .slice(0, TOP_SELLING_BOOKS);
    return {
      totalEarnings: toShekels(totals.netEarnings),
      monthlyEarnings: toShekels(rows.find((r) => r.month === thisMonth)?.netEarnings ?? agorot(0)),
      totalCommunityContributions: toShekels(totals.communityContribution),
      totalOrders: ledger.orders,
      monthlyBreakdown: rows.map(inShekels),
      totals: inShekels(totals),
      topSellingBooks: ranked.map(([bookId, book]) => ({
        bookId,
        title: ledger.titles.get(bookId) ?? '',
        sales: book.sales,
        revenue: toShekels(book.revenue),
      })),
      vatPercent: vatToday,
      vatPercents: vatPercents.length > 0 ? vatPercents : [vatToday],
      // The ledger books every copy as printed (`splitSoldLine`), so the printed shares apply.
      splitShares: this.policy.shares('physical'),
      currency: 'ILS',
    };
  }
}
