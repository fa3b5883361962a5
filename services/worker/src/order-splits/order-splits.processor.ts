import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnModuleInit } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import {
  ORDER_JOB_NAME,
  ORDER_QUEUE_NAMES,
  orderSplitsJobSchema,
  type MailJobOf,
} from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  OUTBOX_MODEL,
  PAID_ORDER_STATUSES,
  USER_MODEL,
  ledgerRows,
  type BookModel,
  type LedgerEntryModel,
  type OrderModel,
  type OutboxModel,
  type UserModel,
} from '@mechabrim/db';
import { selectSplitPolicy, type SplitPolicy } from '@mechabrim/money';
import { Job, UnrecoverableError } from 'bullmq';
import { Types, type Connection } from 'mongoose';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import { GroupCommit, type Settled } from './group-commit';
import {
  bookSoldMails,
  saleEntries,
  type NewLedgerEntry,
  type SplitOrderLine,
} from './order-split';

export type OrderSplitOutcome =
  | { outcome: 'split'; entries: number }
  | { outcome: 'already-split' }
  | { outcome: 'not-sold'; status: string };

/** One job's request: split this order (the job's `paidAt` stands in if the order has none). */
interface SplitRequest {
  orderId: Types.ObjectId;
  paidAt: string;
}

/** What the split reads of an order. */
interface SplitOrder {
  _id: Types.ObjectId;
  books: SplitOrderLine[];
  status: string;
  paidAt: Date | null;
  splitAt?: Date | null;
}

interface AuthorRow {
  _id: Types.ObjectId;
  name: string;
  email: string;
}

/** A paid, not yet split order, read and drawn up: what its split transaction writes. */
interface PlannedSplit {
  request: SplitRequest;
  order: SplitOrder;
  entries: NewLedgerEntry[];
  mails: MailJobOf<'book-sold'>[];
}

/** A job's order after the read: settled already (not paid, split before), or to be written. */
type ReadResult = { done: OrderSplitOutcome } | { split: PlannedSplit };

/**
 * The most orders one split transaction takes. The embedded MongoDB checks each document a
 * transaction inserts against every other one it inserted, so a transaction's cost grows with
 * the square of its ledger entries: a few orders per transaction is the sweet spot measured by
 * `npm run bench:order-splits -w bench` (each order is 3–20 entries).
 */
export const SPLIT_BATCH_MAX = 4;
/** How long a batch that is not full waits for more jobs once its stage is free. */
export const SPLIT_BATCH_WINDOW_MS = 2;
/** Split transactions one process runs at once (on orders of different books). */
export const SPLIT_WRITERS = 3;
/** The most orders one read of the read stage takes. */
const READ_BATCH_MAX = 256;

const isDuplicateKey = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
const isPaid = (status: string) => (PAID_ORDER_STATUSES as readonly string[]).includes(status);

/** The conditional claim took fewer orders than the read before it found paid and not split. */
class ClaimMissedError extends Error {
  constructor(expected: number, claimed: number) {
    super(`claimed ${claimed} of ${expected} orders`);
  }
}

async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * `order-splits`: writes a paid order's split to the ledger and counts its copies as sold, in one
 * MongoDB transaction. The jobs this process runs at once go through two group-commit stages: one
 * query reads all their orders (and one their authors), then a few orders at a time are split
 * together in one transaction — one conditional claim of the orders still paid and not yet split,
 * one insert of their ledger entries, one of their 'a copy was sold' mails, one update per book
 * sold — and each job answers its own order's outcome. Up to `SPLIT_WRITERS` such transactions
 * run at once, never two on the same book, so they do not conflict over sales counts. The claim
 * (`splitAt`) and the ledger's unique key (order, line, party, kind) make a second run of the same
 * order — a retry, a stalled job picked up again, a second worker — a no-op: the money and the
 * sales counts move exactly once. A batch that fails as a whole (a claim that missed, a duplicate
 * key) is split again order by order, so one order never costs the others their split.
 */
@Processor(ORDER_QUEUE_NAMES.orderSplits, { ...WORKER_LOCK_SETTINGS })
export class OrderSplitsProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(OrderSplitsProcessor.name);
  private readonly policy: SplitPolicy;
  private readonly reads: GroupCommit<SplitRequest, ReadResult>;
  private readonly writes: GroupCommit<PlannedSplit, OrderSplitOutcome>;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
  ) {
    super();
    this.policy = selectSplitPolicy(config.splitPolicy);
    // Every job this process holds can be in one batch; waiting for more than that is futile.
    this.reads = new GroupCommit((requests) => this.readBatch(requests), {
      maxBatch: () => Math.min(READ_BATCH_MAX, this.config.splitConcurrency),
      windowMs: SPLIT_BATCH_WINDOW_MS,
    });
    this.writes = new GroupCommit((splits) => this.writeBatch(splits), {
      maxBatch: () => Math.min(SPLIT_BATCH_MAX, this.config.splitConcurrency),
      windowMs: SPLIT_BATCH_WINDOW_MS,
      parallel: SPLIT_WRITERS,
      // Transactions running at once sell different books, so their sales counts never conflict.
      keysOf: (split) => split.order.books.map((line) => line.book._id.toHexString()),
    });
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.splitConcurrency;
    // BullMQ reconnects by itself; an outage is logged by the client-logs worker already.
    this.worker.on('error', () => undefined);
  }

  async process(job: Job): Promise<OrderSplitOutcome> {
    if (job.name !== ORDER_JOB_NAME) throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = orderSplitsJobSchema.safeParse(job.data);
    if (!parsed.success) {
      throw new UnrecoverableError(`invalid order-splits payload: ${parsed.error.message}`);
    }
    const read = await this.reads.submit({
      orderId: new Types.ObjectId(parsed.data.orderId),
      paidAt: parsed.data.paidAt,
    });
    return 'done' in read ? read.done : this.writes.submit(read.split);
  }

  /**
   * The read stage: the orders of a batch of jobs in one query, their authors in another, and
   * each paid, not yet split order's entries and mails drawn up. Outside any transaction: the
   * lines of a paid order never change, and the write stage's claim checks status and `splitAt`
   * again.
   */
  private async readBatch(requests: readonly SplitRequest[]): Promise<Settled<ReadResult>[]> {
    const ids = [...new Map(requests.map((r) => [r.orderId.toHexString(), r.orderId])).values()];
    const orders = await this.orders
      .find({ _id: { $in: ids } })
      .select({ books: 1, status: 1, paidAt: 1, splitAt: 1 })
      .lean<SplitOrder[]>();
    const byId = new Map(orders.map((order) => [order._id.toHexString(), order]));
    const authorIds = new Map(
      orders.flatMap((order) =>
        isPaid(order.status) && !order.splitAt
          ? order.books.map((line) => [line.book.author.toHexString(), line.book.author] as const)
          : [],
      ),
    );
    const authorRows =
      authorIds.size === 0
        ? []
        : await this.users
            .find({ _id: { $in: [...authorIds.values()] } })
            .select({ name: 1, email: 1 })
            .lean<AuthorRow[]>();
    const authors = new Map(authorRows.map((author) => [author._id.toHexString(), author]));
    return requests.map((request): Settled<ReadResult> => {
      const key = request.orderId.toHexString();
      const order = byId.get(key);
      if (!order) {
        return { ok: false, error: new UnrecoverableError(`order ${key} does not exist`) };
      }
      // Cancelled before the split ran (its reversal has nothing to reverse), or never paid.
      if (!isPaid(order.status)) {
        return { ok: true, value: { done: { outcome: 'not-sold', status: order.status } } };
      }
      if (order.splitAt) return { ok: true, value: { done: { outcome: 'already-split' } } };
      try {
        const entries = saleEntries(order, this.policy, order.paidAt ?? new Date(request.paidAt));
        const mails = bookSoldMails(order, entries, authors);
        return { ok: true, value: { split: { request, order, entries, mails } } };
      } catch (error) {
        return { ok: false, error };
      }
    });
  }

  /** The write stage: a few orders' splits in one transaction; each one's outcome, in order. */
  private async writeBatch(splits: readonly PlannedSplit[]): Promise<Settled<OrderSplitOutcome>[]> {
    // Two jobs of one order in the same batch (two deliveries): the first one splits it.
    const first = new Map<string, PlannedSplit>();
    for (const split of splits) {
      const key = split.order._id.toHexString();
      if (!first.has(key)) first.set(key, split);
    }
    const unique = [...first.values()];
    const entries = unique.flatMap((split) => split.entries);
    try {
      await this.connection.transaction(async (session) => {
        // The orders are claimed for the split only if they are still paid and not yet split: a
        // cancellation committed first leaves nothing to split, one committed after sees
        // `splitAt` and reverses what is written here. All of them or none: an order split or
        // cancelled since the read sends the batch order by order.
        const claimIds = unique.map((split) => split.order._id);
        const claim = await this.orders.updateMany(
          { _id: { $in: claimIds }, status: { $in: PAID_ORDER_STATUSES }, splitAt: null },
          { $set: { splitAt: new Date() } },
          { session },
        );
        if (claim.modifiedCount !== claimIds.length) {
          throw new ClaimMissedError(claimIds.length, claim.modifiedCount);
        }
        // Through the driver: the rows are checked against the schema's rules by `ledgerRows`
        // without a mongoose document each (a quarter of the split's CPU in the worker).
        await this.ledger.collection.insertMany(ledgerRows(entries), { session, ordered: true });
        // Each author hears of the sale once: the mails go to the outbox with the split itself
        // (the API's relay hands them to the mail queue).
        const mails = unique.flatMap((split) => split.mails);
        if (mails.length > 0) {
          const at = new Date();
          await this.outbox.insertMany(
            mails.map((payload) => ({ type: ORDER_QUEUE_NAMES.mail, payload, createdAt: at })),
            { session },
          );
        }
        // One update per book, however many lines of the batch sold it.
        const copies = new Map<string, { id: Types.ObjectId; quantity: number }>();
        for (const { order } of unique) {
          for (const line of order.books) {
            const key = line.book._id.toHexString();
            const sold = copies.get(key) ?? { id: line.book._id, quantity: 0 };
            sold.quantity += line.quantity;
            copies.set(key, sold);
          }
        }
        if (copies.size > 0) {
          await this.books.collection.bulkWrite(
            [...copies.values()].map(({ id, quantity }) => ({
              updateOne: { filter: { _id: id }, update: { $inc: { salesCount: quantity } } },
            })),
            { session, ordered: true },
          );
        }
      });
    } catch (error) {
      // Nothing of the batch was written. Each order goes again on its own, one at a time, so a
      // lost claim or a duplicate key answers for its own order only.
      if (!(error instanceof ClaimMissedError) && !isDuplicateKey(error)) {
        this.logger.warn({
          orders: splits.length,
          err: error instanceof Error ? error.message : String(error),
          msg: 'order split batch failed; splitting its orders one by one',
        });
      }
      const results: Settled<OrderSplitOutcome>[] = [];
      for (const split of splits) results.push(await settle(this.splitOne(split.request)));
      return results;
    }
    this.logger.debug({ orders: unique.length, entries: entries.length, msg: 'orders split' });
    return splits.map((split) =>
      first.get(split.order._id.toHexString()) === split
        ? { ok: true, value: { outcome: 'split', entries: split.entries.length } }
        : { ok: true, value: { outcome: 'already-split' } },
    );
  }

  /** Splits one order in its own transaction (the path of a batch that failed as a whole). */
  private async splitOne(request: SplitRequest): Promise<OrderSplitOutcome> {
    const { orderId } = request;
    const order = await this.orders
      .findById(orderId)
      .select({ books: 1, status: 1, paidAt: 1 })
      .lean<SplitOrder>();
    if (!order) throw new UnrecoverableError(`order ${orderId.toHexString()} does not exist`);
    if (!isPaid(order.status)) return { outcome: 'not-sold', status: order.status };
    const entries = saleEntries(order, this.policy, order.paidAt ?? new Date(request.paidAt));
    const authorIds = [...new Set(order.books.map((line) => line.book.author.toHexString()))];
    const authorRows = await this.users
      .find({ _id: { $in: authorIds.map((id) => new Types.ObjectId(id)) } })
      .select({ name: 1, email: 1 })
      .lean<AuthorRow[]>();
    const mails = bookSoldMails(
      order,
      entries,
      new Map(authorRows.map((author) => [author._id.toHexString(), author])),
    );
    let claimed = false;
    try {
      await this.connection.transaction(async (session) => {
        const claim = await this.orders.updateOne(
          { _id: orderId, status: { $in: PAID_ORDER_STATUSES }, splitAt: null },
          { $set: { splitAt: new Date() } },
          { session },
        );
        claimed = claim.modifiedCount === 1;
        if (!claimed) return;
        await this.ledger.collection.insertMany(ledgerRows(entries), { session, ordered: true });
        if (mails.length > 0) {
          const at = new Date();
          await this.outbox.insertMany(
            mails.map((payload) => ({ type: ORDER_QUEUE_NAMES.mail, payload, createdAt: at })),
            { session },
          );
        }
        for (const line of order.books) {
          await this.books.updateOne(
            { _id: line.book._id },
            { $inc: { salesCount: line.quantity } },
            { session },
          );
        }
      });
    } catch (error) {
      if (isDuplicateKey(error)) return { outcome: 'already-split' };
      throw error;
    }
    if (claimed) return { outcome: 'split', entries: entries.length };
    const now = await this.orders.findById(orderId).select({ status: 1, splitAt: 1 }).lean();
    return now?.splitAt
      ? { outcome: 'already-split' }
      : { outcome: 'not-sold', status: now?.status ?? 'missing' };
  }
}
