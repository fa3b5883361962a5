import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import {
  AUTHOR_ORDER_STATUSES,
  type AuthorOrder,
  type AuthorOrderStatus,
  type AuthorOrdersPage,
  type AuthorOrdersQuery,
} from '@mechabrim/contracts';
import {
  AUTHOR_VISIBLE_ORDER_STATUSES,
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  SHIPPING_KINDS,
  ORDER_MODEL,
  type BookModel,
  type LedgerEntryModel,
  type OrderModel,
} from '@mechabrim/db';
import {
  agorot,
  donationOf,
  lineTotal,
  selectSplitPolicy,
  SHIPPING_METHODS,
  sumAgorot,
  toShekels,
  type ShippingMethod,
  type SplitPolicy,
} from '@mechabrim/money';
import { publicUrl } from '../books/book.answer';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import {
  awaitsSplit,
  expectedAuthorShare,
  printCostsOf,
  type PrintCostsByBook,
} from './expected-revenue';

/** What the ledger holds of an order for the author: shares, and print per line (by index). */
interface LedgerShare {
  author: number;
  community: number;
  /** The print partner's sale entry of each line, by the line's index in the order. */
  print: Map<number, number>;
}

/** The stored fields the author view reads: no payment record, phone, zip or other lines' data. */
const AUTHOR_ORDER_FIELDS = {
  createdAt: 1,
  status: 1,
  splitAt: 1,
  'user.name': 1,
  'user.email': 1,
  'shippingAddress.street': 1,
  'shippingAddress.city': 1,
  books: 1,
  paymentMethod: 1,
  'shipping.method': 1,
  'print.parcels.trackingNumber': 1,
} as const;

interface StoredAuthorOrder {
  _id: Types.ObjectId;
  createdAt?: Date | null;
  status?: string | null;
  splitAt?: Date | null;
  user: { name: string; email: string };
  shippingAddress: { street: string; city: string };
  books: Array<{
    book: {
      _id: Types.ObjectId;
      title: string;
      author: Types.ObjectId;
      coverImage?: string | null;
    };
    quantity: number;
    priceAgorot: number;
  }>;
  paymentMethod?: string | null;
  shipping?: { method?: string | null } | null;
  /** The print partner's parcels (the print handoff keeps every one). */
  print?: { parcels?: Array<{ trackingNumber: string }> | null } | null;
}

/** The stored order's shipping method, when it is one (older orders have none). */
function shippingMethodOf(stored: string | null | undefined): ShippingMethod | null {
  return (SHIPPING_METHODS as readonly string[]).includes(stored ?? '')
    ? (stored as ShippingMethod)
    : null;
}

/** The author view's status of a stored one: the same as the reader's; unknown ones read as pending. */
export function authorStatusOf(stored: string | null | undefined): AuthorOrderStatus {
  return (AUTHOR_ORDER_STATUSES as readonly string[]).includes(stored ?? '')
    ? (stored as AuthorOrderStatus)
    : 'pending';
}

/** The tab an order is counted under: paid (placed, not in processing yet) is pending. */
type AuthorOrdersTab = Exclude<AuthorOrderStatus, 'paid'>;
const tabOf = (status: AuthorOrderStatus): AuthorOrdersTab =>
  status === 'paid' ? 'pending' : status;

type VisibleStatus = (typeof AUTHOR_VISIBLE_ORDER_STATUSES)[number];

/** The stored statuses an author-view status (a tab) stands for. */
function storedStatusesOf(status: AuthorOrderStatus): VisibleStatus[] {
  return AUTHOR_VISIBLE_ORDER_STATUSES.filter((s) =>
    status === 'pending' ? tabOf(authorStatusOf(s)) === 'pending' : s === status,
  );
}

/**
 * `GET /api/orders/author`: orders holding at least one of the author's books, newest first, and
 * of each only what the author may see (spec §6: the author's own revenue counts only their own
 * lines): their lines, the buyer's name, e-mail, street and city, the payment method, tracking
 * numbers, and what the ledger gives them for those lines. Never the other authors' lines, the
 * buyer's phone or the payment record.
 */
@Injectable()
export class AuthorOrdersService {
  private readonly policy: SplitPolicy;

  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.policy = selectSplitPolicy(config.splitPolicy);
  }

  async page(authorId: string, query: AuthorOrdersQuery): Promise<AuthorOrdersPage> {
    const author = new Types.ObjectId(authorId);
    const base = {
      'books.book.author': author,
      status: { $in: [...AUTHOR_VISIBLE_ORDER_STATUSES] },
    };
    const filter = query.status
      ? { ...base, status: { $in: storedStatusesOf(query.status) } }
      : base;
    const [rows, byStatus, total] = await Promise.all([
      this.orders
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((query.page - 1) * query.limit)
        .limit(query.limit)
        .select(AUTHOR_ORDER_FIELDS)
        .lean<StoredAuthorOrder[]>(),
      this.orders.aggregate<{ _id: string; count: number }>([
        { $match: base },
        { $group: { _id: '$status', count: { $sum: 1 } } },
      ]),
      this.orders.countDocuments(filter),
    ]);
    const counts = { all: 0, pending: 0, processing: 0, shipped: 0, delivered: 0, cancelled: 0 };
    for (const { _id, count } of byStatus) {
      counts[tabOf(authorStatusOf(_id))] += count;
      counts.all += count;
    }
    const shares = await this.ledgerShares(
      author,
      rows.map((row) => row._id),
    );
    // The quotes of the author's books in orders not split yet: the estimate deducts them.
    const quotes = await printCostsOf(
      this.books,
      rows
        .filter((row) => !shares.has(row._id.toHexString()) && awaitsSplit(row))
        .flatMap((row) =>
          row.books.filter((line) => line.book.author.equals(author)).map((line) => line.book._id),
        ),
    );
    return {
      orders: rows.map((row) =>
        this.answer(row, author, shares.get(row._id.toHexString()), quotes),
      ),
      page: query.page,
      limit: query.limit,
      total,
      hasMore: query.page * query.limit < total,
      counts,
    };
  }

  /**
   * Per order, the author's and the community's ledger amounts for the author's lines, and the
   * print entry of each line's sale.
   */
  private async ledgerShares(
    author: Types.ObjectId,
    orderIds: Types.ObjectId[],
  ): Promise<Map<string, LedgerShare>> {
    const shares = new Map<string, LedgerShare>();
    if (!orderIds.length) return shares;
    const entries = await this.ledger
      .find({
        authorId: author,
        orderId: { $in: orderIds },
        party: { $in: ['author', 'community', 'print'] },
        // The platform's print adjustments and the order's shipping are no author's line.
        kind: { $nin: ['adjustment', ...SHIPPING_KINDS] },
      })
      .select({ _id: 0, orderId: 1, lineIndex: 1, party: 1, kind: 1, amountAgorot: 1 })
      .lean<
        Array<{
          orderId: Types.ObjectId;
          lineIndex: number;
          party: string;
          kind: string;
          amountAgorot: number;
        }>
      >();
    for (const entry of entries) {
      const key = entry.orderId.toHexString();
      const share = shares.get(key) ?? { author: 0, community: 0, print: new Map() };
      if (entry.party === 'author') share.author += entry.amountAgorot;
      else if (entry.party === 'community') share.community += entry.amountAgorot;
      else if (entry.kind === 'sale') share.print.set(entry.lineIndex, entry.amountAgorot);
      shares.set(key, share);
    }
    return shares;
  }

  private answer(
    order: StoredAuthorOrder,
    author: Types.ObjectId,
    share: LedgerShare | undefined,
    quotes: PrintCostsByBook,
  ): AuthorOrder {
    const indexed = order.books.map((line, index) => ({ line, index }));
    const own = indexed.filter(({ line }) => line.book.author.equals(author)).map((l) => l.line);
    const ownIndex = indexed
      .filter(({ line }) => line.book.author.equals(author))
      .map((l) => l.index);
    /** Print per copy of one of the author's lines: from the split's entry, else the quote. */
    const printPerCopy = (line: StoredAuthorOrder['books'][number], i: number): number | null => {
      if (share) {
        const entry = share.print.get(ownIndex[i] ?? -1);
        return entry === undefined ? null : toShekels(agorot(Math.round(entry / line.quantity)));
      }
      const quote = quotes.get(line.book._id.toHexString());
      return quote === undefined ? null : toShekels(agorot(quote));
    };
    const totals = own.map((line) => lineTotal(agorot(line.priceAgorot), line.quantity));
    const total = sumAgorot(totals);
    // Paid but not split yet: what the worker's split will give, marked as expected.
    const expected = !share && awaitsSplit(order);
    return {
      _id: order._id.toHexString(),
      createdAt: (order.createdAt ?? new Date(0)).toISOString(),
      status: authorStatusOf(order.status),
      user: { name: order.user.name, email: order.user.email },
      shippingAddress: { street: order.shippingAddress.street, city: order.shippingAddress.city },
      books: own.map((line, i) => ({
        book: {
          _id: line.book._id.toHexString(),
          author: line.book.author.toHexString(),
          title: line.book.title,
          coverImage: publicUrl(line.book.coverImage, this.config.publicApiUrl),
        },
        quantity: line.quantity,
        price: toShekels(agorot(line.priceAgorot)),
        lineTotal: toShekels(totals[i] ?? agorot(0)),
        printCostPerCopy: printPerCopy(line, i),
      })),
      totalAmount: toShekels(total),
      // The ledger's community share once the order is split; before that, what it will be.
      donationAmount: toShekels(share ? agorot(share.community) : donationOf(total)),
      authorRevenue: toShekels(
        expected
          ? expectedAuthorShare(own, author, this.policy, quotes)
          : agorot(share?.author ?? 0),
      ),
      authorRevenueExpected: expected,
      paymentMethod: order.paymentMethod ?? 'credit_card',
      trackingNumbers: (order.print?.parcels ?? []).map((parcel) => parcel.trackingNumber),
      shippingMethod: shippingMethodOf(order.shipping?.method),
    };
  }
}
