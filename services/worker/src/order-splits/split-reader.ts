import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  OUTBOX_MODEL,
  USER_MODEL,
  type BookModel,
  type LedgerEntryModel,
  type OrderModel,
  type OutboxModel,
  type UserModel,
} from '@mechabrim/db';
import { selectSplitPolicy, type SplitPolicy } from '@mechabrim/money';
import { UnrecoverableError } from 'bullmq';
import { Types } from 'mongoose';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import type { Settled } from './group-commit';
import type { PrintCosts } from './order-split';
import { effectIdsOf } from './split-effects';
import { isPaid, planSplit } from './split-plan';
import type {
  AuthorRow,
  ReadResult,
  SplitOrder,
  SplitRequest,
  StoredEffect,
  StoredEntry,
} from './split-types';

const hex = (id: Types.ObjectId) => id.toHexString();

/** Groups rows by a key. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(row);
    groups.set(key(row), list);
  }
  return groups;
}

/**
 * The load stage: the orders of a batch of jobs in one query, what the ledger already holds of
 * them in another (nothing, but for a retry), the rows of theirs already in the outbox, their
 * authors and their books' print costs; then each order's write drawn up by the plan stage. The
 * lines of a paid order never change; the write stage's claim checks status and `splitAt` again.
 */
@Injectable()
export class SplitReader {
  private readonly policy: SplitPolicy;

  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @Inject(WORKER_CONFIG) config: WorkerConfig,
  ) {
    this.policy = selectSplitPolicy(config.splitPolicy);
  }

  async read(requests: readonly SplitRequest[]): Promise<Settled<ReadResult>[]> {
    const ids = [...new Map(requests.map((r) => [hex(r.orderId), r.orderId])).values()];
    const orders = await this.orders
      .find({ _id: { $in: ids } })
      .select({
        books: 1,
        status: 1,
        paidAt: 1,
        splitAt: 1,
        totalAmountAgorot: 1,
        amountDueAgorot: 1,
        'print.charge': 1,
      })
      .lean<SplitOrder[]>();
    const byId = new Map(orders.map((order) => [hex(order._id), order]));
    const storedEntries = await this.ledger.find({ orderId: { $in: ids } }).lean<StoredEntry[]>();
    const stored = groupBy(storedEntries, (entry) => hex(entry.orderId));
    const effects = await this.effectsOf(orders.filter((o) => o.splitAt || stored.has(hex(o._id))));
    const authors = await this.authorsOf(orders);
    const printCosts = await this.printCostsOf(orders);
    return requests.map((request): Settled<ReadResult> => {
      const key = hex(request.orderId);
      const order = byId.get(key);
      if (!order) {
        return { ok: false, error: new UnrecoverableError(`order ${key} does not exist`) };
      }
      try {
        const context = {
          policy: this.policy,
          stored: stored.get(key) ?? [],
          effects: effects.get(key) ?? new Map<string, StoredEffect>(),
          authors,
          printCosts,
        };
        return { ok: true, value: planSplit(request, order, context) };
      } catch (error) {
        return { ok: false, error };
      }
    });
  }

  /**
   * The rows a split of these orders wrote to the outbox before (a retry, a resumed order; none
   * for an order never claimed nor with entries), by order and then by row id.
   */
  private async effectsOf(
    orders: readonly SplitOrder[],
  ): Promise<Map<string, Map<string, StoredEffect>>> {
    const orderOf = new Map<string, string>();
    for (const order of orders) {
      for (const id of effectIdsOf(order)) orderOf.set(hex(id), hex(order._id));
    }
    const found = new Map<string, Map<string, StoredEffect>>();
    if (orderOf.size === 0) return found;
    const rows = await this.outbox
      .find({ _id: { $in: [...orderOf.keys()].map((id) => new Types.ObjectId(id)) } })
      .select({ type: 1, payload: 1, status: 1 })
      .lean<StoredEffect[]>();
    for (const row of rows) {
      const orderId = orderOf.get(hex(row._id));
      if (orderId === undefined) continue;
      const mine = found.get(orderId) ?? new Map<string, StoredEffect>();
      mine.set(hex(row._id), row);
      found.set(orderId, mine);
    }
    return found;
  }

  /** The authors of the paid orders' lines, by id (for their mails). */
  private async authorsOf(orders: readonly SplitOrder[]): Promise<Map<string, AuthorRow>> {
    const authorIds = new Map(
      orders.flatMap((order) =>
        isPaid(order.status)
          ? order.books.map((line) => [hex(line.book.author), line.book.author] as const)
          : [],
      ),
    );
    if (authorIds.size === 0) return new Map();
    const rows = await this.users
      .find({ _id: { $in: [...authorIds.values()] } })
      .select({ name: 1, email: 1 })
      .lean<AuthorRow[]>();
    return new Map(rows.map((author) => [hex(author._id), author]));
  }

  /**
   * The quoted print cost per copy of the books of the batch's orders still to split, in one
   * query: the book's `printCost` as the API stored it at upload, edit or approval. A book without
   * one (stored before quotes) has nothing deducted; the print charge's adjustment then falls to
   * the platform, never to the author after the sale.
   */
  private async printCostsOf(orders: readonly SplitOrder[]): Promise<PrintCosts> {
    const ids = new Map(
      orders
        .filter((order) => !order.splitAt && isPaid(order.status))
        .flatMap((order) =>
          order.books.map((line) => [hex(line.book._id), line.book._id] as const),
        ),
    );
    if (ids.size === 0) return new Map();
    const books = await this.books
      .find({ _id: { $in: [...ids.values()] } })
      .select({ printCost: 1 })
      .lean<{ _id: Types.ObjectId; printCost?: { agorot?: number | null } | null }[]>();
    const costs = new Map<string, number>();
    for (const book of books) {
      const cost = book.printCost?.agorot;
      if (typeof cost === 'number' && Number.isSafeInteger(cost) && cost >= 0) {
        costs.set(hex(book._id), cost);
      }
    }
    return costs;
  }
}
