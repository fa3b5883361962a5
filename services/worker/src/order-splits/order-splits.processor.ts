import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  BOOK_QUEUE_NAMES,
  ORDER_JOB_NAME,
  ORDER_QUEUE_NAMES,
  bookSalesJobs,
  orderSplitsJobSchema,
} from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  OUTBOX_MODEL,
  PAID_ORDER_STATUSES,
  USER_MODEL,
  ledgerRows,
  onlyDuplicateKeys,
  reversalEntries,
  type BookModel,
  type LedgerEntryInput,
  type LedgerEntryModel,
  type OrderModel,
  type OutboxModel,
  type UserModel,
} from '@mechabrim/db';
import { selectSplitPolicy, type SplitPolicy } from '@mechabrim/money';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { Types } from 'mongoose';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import { GroupCommit, type Settled } from './group-commit';
import {
  bookSoldMails,
  bookSoldOutboxId,
  printAdjustmentEntries,
  saleEntries,
  shippingAdjustmentEntries,
  shippingEntries,
  type PrintCosts,
  type BookSoldMail,
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
  /** The books' total, and what the card was charged (books and shipping; null on older orders). */
  totalAmountAgorot: number;
  amountDueAgorot?: number | null;
  /** The print partner's actual charge, once the handoff has it (`print.charge` of the order). */
  print?: {
    charge?: { lines?: number[] | null; shippingAgorot?: number | null; at?: Date | null } | null;
  } | null;
}

interface AuthorRow {
  _id: Types.ObjectId;
  name: string;
  email: string;
}

type StoredEntry = LedgerEntryInput & { _id: Types.ObjectId; createdAt: Date };

/**
 * What the write stage does for a job's order, as the read stage found it:
 * - `split`: paid and not split — write its entries, claim it, send its mails;
 * - `resume`: claimed before (a retry, a job picked up again after a crash) — its entries are all
 *   in the ledger; make sure its mails and sales counts went out;
 * - `reverse`: cancelled before its claim, with entries a split wrote before it stopped — make
 *   sure they are reversed and counted.
 */
interface PlannedWrite {
  kind: 'split' | 'resume' | 'reverse';
  request: SplitRequest;
  order: SplitOrder;
  /**
   * `split`: the entries to write (the count in its outcome); `resume`: adjustments for a print
   * charge that arrived after the split.
   */
  entries: NewLedgerEntry[];
  mails: BookSoldMail[];
}

/** A job's order after the read: settled already, or something to write. */
type ReadResult = { done: OrderSplitOutcome } | { write: PlannedWrite };

/**
 * The most orders one write takes: 16 is where `npm run bench:order-splits -w bench` stops
 * gaining (each order is 3–20 entries).
 */
export const SPLIT_BATCH_MAX = 16;
/** How long a batch that is not full waits for more jobs once its stage is free. */
export const SPLIT_BATCH_WINDOW_MS = 2;
/** Writes one process runs at once: one while the next batch's is on the wire. */
export const SPLIT_WRITERS = 2;
/** The most orders one read of the read stage takes. */
const READ_BATCH_MAX = 256;
const isPaid = (status: string) => (PAID_ORDER_STATUSES as readonly string[]).includes(status);
const hex = (id: Types.ObjectId) => id.toHexString();

/** Inserts what is not there yet: rows a run before this one wrote are left as they are. */
async function insertMissing(insert: () => Promise<unknown>): Promise<void> {
  try {
    await insert();
  } catch (error) {
    if (!onlyDuplicateKeys(error)) throw error;
  }
}

/** Groups rows by their order's id. */
function byOrder<T extends { orderId: Types.ObjectId }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(hex(row.orderId)) ?? [];
    list.push(row);
    groups.set(hex(row.orderId), list);
  }
  return groups;
}

/**
 * `order-splits`: writes a paid order's split to the ledger, queues 'a copy was sold' to its
 * authors, and has its books' sales counts brought up to the ledger (`book-sales`). The jobs this
 * process runs at once go through two group-commit stages: one query reads all their orders (one
 * more what the ledger holds of them, one their authors), then up to `SPLIT_BATCH_MAX` orders are
 * written together.
 *
 * No transaction: each step can be run again without effect, and the order of the steps keeps
 * the ledger exact whichever step a crash interrupts.
 * 1. The orders' sale entries are inserted; the ledger's unique key (order, line, party, kind)
 *    makes a second insert of an entry a no-op.
 * 2. The orders are claimed (`splitAt`), only while paid and unsplit. So `splitAt` means every
 *    entry is in the ledger.
 * 3. An order cancelled before its claim is not claimed; the entries its cancellation did not
 *    see (it read the ledger before step 1 ended) are reversed here.
 * 4. The claimed orders' mails go to the outbox under ids derived from order and line.
 * 5. A count of each book sold is queued, deduplicated per book.
 * A job stopped anywhere is run again by BullMQ (a stalled job within 15 s): an order claimed
 * before goes on from step 4, one cancelled with entries from step 3.
 */
@Processor(ORDER_QUEUE_NAMES.orderSplits, { ...WORKER_LOCK_SETTINGS })
export class OrderSplitsProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(OrderSplitsProcessor.name);
  private readonly policy: SplitPolicy;
  private readonly reads: GroupCommit<SplitRequest, ReadResult>;
  private readonly writes: GroupCommit<PlannedWrite, OrderSplitOutcome>;

  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectQueue(BOOK_QUEUE_NAMES.bookSales) private readonly bookSales: Queue,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
  ) {
    super();
    this.policy = selectSplitPolicy(config.splitPolicy);
    // Every job this process holds can be in one batch; waiting for more than that is futile.
    this.reads = new GroupCommit((requests) => this.readBatch(requests), {
      maxBatch: () => Math.min(READ_BATCH_MAX, this.config.splitConcurrency),
      windowMs: SPLIT_BATCH_WINDOW_MS,
    });
    this.writes = new GroupCommit((writes) => this.writeBatch(writes), {
      maxBatch: () => Math.min(SPLIT_BATCH_MAX, this.config.splitConcurrency),
      windowMs: SPLIT_BATCH_WINDOW_MS,
      parallel: SPLIT_WRITERS,
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
    return 'done' in read ? read.done : this.writes.submit(read.write);
  }

  /**
   * The read stage: the orders of a batch of jobs in one query, what the ledger already holds of
   * them in another (nothing, but for a retry), their authors in a third; then each order's write
   * drawn up. The lines of a paid order never change; the write stage's claim checks status and
   * `splitAt` again.
   */
  private async readBatch(requests: readonly SplitRequest[]): Promise<Settled<ReadResult>[]> {
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
    const stored = byOrder(await this.ledger.find({ orderId: { $in: ids } }).lean<StoredEntry[]>());
    // Orders claimed before: the lines whose mail is in the outbox already.
    const resumed = orders.filter((o) => o.splitAt && isPaid(o.status)).map((o) => hex(o._id));
    const mailed = new Set<string>();
    if (resumed.length > 0) {
      const rows = await this.outbox
        .find({ 'payload.orderId': { $in: resumed }, 'payload.template': 'book-sold' })
        .select({ payload: 1 })
        .lean<{ payload: { orderId: string; bookId: string } }[]>();
      for (const { payload } of rows) mailed.add(`${payload.orderId}:${payload.bookId}`);
    }
    const authorIds = new Map(
      orders.flatMap((order) =>
        isPaid(order.status)
          ? order.books.map((line) => [hex(line.book.author), line.book.author] as const)
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
    const authors = new Map(authorRows.map((author) => [hex(author._id), author]));
    const printCosts = await this.printCostsOf(orders);
    return requests.map((request): Settled<ReadResult> => {
      const key = hex(request.orderId);
      const order = byId.get(key);
      if (!order) {
        return { ok: false, error: new UnrecoverableError(`order ${key} does not exist`) };
      }
      try {
        return {
          ok: true,
          value: this.plan(request, order, stored.get(key) ?? [], authors, mailed, printCosts),
        };
      } catch (error) {
        return { ok: false, error };
      }
    });
  }

  private plan(
    request: SplitRequest,
    order: SplitOrder,
    stored: readonly StoredEntry[],
    authors: ReadonlyMap<string, AuthorRow>,
    /** `orderId:bookId` of the lines whose mail is in the outbox already. */
    mailed: ReadonlySet<string>,
    printCosts: PrintCosts,
  ): ReadResult {
    const sales = stored.filter((e): e is StoredEntry & NewLedgerEntry => e.kind === 'sale');
    if (order.splitAt) {
      // Split before: its mails only if it is still sold (not cancelled since), and not twice;
      // the adjustments of a print charge that came since, unless written already (and the
      // shipping fee's entry of an order split before the ledger held shipping).
      const paid = isPaid(order.status);
      const mails = paid
        ? bookSoldMails(order, sales, authors).filter(
            (mail) => !mailed.has(`${hex(order._id)}:${mail.payload.bookId}`),
          )
        : [];
      const written = new Set(stored.map((e) => `${e.kind}:${e.lineIndex}:${e.party}`));
      const policy = sales[0]?.policy ?? this.policy.name;
      const shipping = stored.some((e) => e.kind === 'shipping')
        ? []
        : shippingEntries(order, policy, order.paidAt ?? new Date(request.paidAt));
      const missing = paid
        ? [...shipping, ...this.adjustmentsOf(order, [...stored, ...shipping], policy)].filter(
            (entry) => !written.has(`${entry.kind}:${entry.lineIndex}:${entry.party}`),
          )
        : [];
      return { write: { kind: 'resume', request, order, entries: missing, mails } };
    }
    if (!isPaid(order.status)) {
      // Never paid, or cancelled before the split: nothing to write, unless a split wrote
      // entries and stopped before its claim — then they are reversed (again: a no-op) and
      // their books counted.
      if (stored.length === 0) return { done: { outcome: 'not-sold', status: order.status } };
      return { write: { kind: 'reverse', request, order, entries: [], mails: [] } };
    }
    // A split that stopped after writing some entries: the rest under the same policy, so the
    // order's entries always add up to its lines.
    const policy = sales[0] ? selectSplitPolicy(sales[0].policy) : this.policy;
    const paidAt = order.paidAt ?? new Date(request.paidAt);
    const sold = [
      ...saleEntries(order, policy, paidAt, printCosts),
      ...shippingEntries(order, policy.name, paidAt),
    ];
    const entries = [...sold, ...this.adjustmentsOf(order, sold, policy.name)];
    const mails = bookSoldMails(order, sold, authors);
    return { write: { kind: 'split', request, order, entries, mails } };
  }

  /**
   * The adjustments of the order's print charge (its lines' print and its shipping), if the
   * handoff has stored one; `entries` are the order's sale and shipping entries.
   */
  private adjustmentsOf(
    order: SplitOrder,
    entries: readonly LedgerEntryInput[],
    policy: SplitPolicy['name'],
  ): NewLedgerEntry[] {
    const charge = order.print?.charge;
    if (!charge) return [];
    const at = charge.at ?? new Date();
    return [
      ...printAdjustmentEntries(order, entries, charge.lines ?? [], at),
      ...shippingAdjustmentEntries(order, entries, charge.shippingAgorot, policy, at),
    ];
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

  /**
   * The write stage: up to `SPLIT_BATCH_MAX` orders' steps 1–5; each one's outcome, in order. A
   * batch that fails is written again order by order, so one order's failure stays its own.
   */
  private async writeBatch(writes: readonly PlannedWrite[]): Promise<Settled<OrderSplitOutcome>[]> {
    try {
      return await this.writeTogether(writes);
    } catch (error) {
      if (writes.length === 1) throw error;
      this.logger.warn({
        orders: writes.length,
        err: error instanceof Error ? error.message : String(error),
        msg: 'order split batch failed; writing its orders one by one',
      });
      const results: Settled<OrderSplitOutcome>[] = [];
      for (const write of writes) {
        try {
          results.push(...(await this.writeTogether([write])));
        } catch (error) {
          results.push({ ok: false, error });
        }
      }
      return results;
    }
  }

  private async writeTogether(
    writes: readonly PlannedWrite[],
  ): Promise<Settled<OrderSplitOutcome>[]> {
    // Two jobs of one order in the same batch (two deliveries): the first one writes it.
    const first = new Map<string, PlannedWrite>();
    for (const write of writes) {
      const key = hex(write.order._id);
      if (!first.has(key)) first.set(key, write);
    }
    const unique = [...first.values()];
    const splits = unique.filter((write) => write.kind === 'split');
    const at = new Date();
    // 1. The entries, before the claim (and a resumed order's print adjustments).
    const entries = unique.flatMap((write) => (write.kind === 'reverse' ? [] : write.entries));
    if (entries.length > 0) {
      // Through the driver: the rows are checked against the schema's rules by `ledgerRows`
      // without a mongoose document each (a quarter of the split's CPU in the worker).
      const rows = ledgerRows(entries, at);
      await insertMissing(() => this.ledger.collection.insertMany(rows, { ordered: false }));
    }
    // 2. The claim.
    const lost = new Map<string, string>();
    const claimedElsewhere = new Map<string, string>();
    if (splits.length > 0) {
      const ids = splits.map((write) => write.order._id);
      const claim = await this.orders.updateMany(
        { _id: { $in: ids }, status: { $in: PAID_ORDER_STATUSES }, splitAt: null },
        { $set: { splitAt: at } },
      );
      if (claim.modifiedCount < ids.length) {
        // Cancelled since the read (no `splitAt`), or claimed by a second delivery of the same
        // order running beside this one (its entries are the same ones: nothing to undo). Told
        // apart by the claim's time, to the millisecond: two claims in the same one both say
        // 'split', which only the job's outcome shows.
        const now = await this.orders
          .find({ _id: { $in: ids } })
          .select({ status: 1, splitAt: 1 })
          .lean<{ _id: Types.ObjectId; status: string; splitAt: Date | null }[]>();
        for (const order of now) {
          if (!order.splitAt) lost.set(hex(order._id), order.status);
          else if (order.splitAt.getTime() !== at.getTime()) {
            claimedElsewhere.set(hex(order._id), order.status);
          }
        }
      }
    }
    const unclaimed = (write: PlannedWrite) =>
      write.kind === 'reverse' || lost.has(hex(write.order._id));
    // 3. The entries of orders cancelled before their claim, reversed.
    const reversed = unique.filter(unclaimed);
    if (reversed.length > 0)
      await this.reverse(
        reversed.map((write) => write.order._id),
        at,
      );
    // 4. The claimed orders' mails (the API's relay hands them to the mail queue); none for an
    // order another delivery claimed and a cancellation took since.
    const mails = unique.flatMap((write) => {
      const elsewhere = claimedElsewhere.get(hex(write.order._id));
      if (unclaimed(write) || (elsewhere !== undefined && !isPaid(elsewhere))) return [];
      return write.mails.map(({ lineIndex, payload }) => ({
        _id: bookSoldOutboxId(write.order._id, lineIndex),
        type: ORDER_QUEUE_NAMES.mail,
        payload,
        createdAt: at,
      }));
    });
    if (mails.length > 0) {
      await insertMissing(() =>
        this.outbox.insertMany(mails, { ordered: false, throwOnValidationError: true }),
      );
    }
    // 5. The books' sales counts.
    await this.countSales(unique);
    this.logger.debug({ orders: splits.length, reversed: reversed.length, msg: 'orders split' });
    return writes.map((write): Settled<OrderSplitOutcome> => {
      const key = hex(write.order._id);
      if (first.get(key) !== write || write.kind === 'resume' || claimedElsewhere.has(key)) {
        return { ok: true, value: { outcome: 'already-split' } };
      }
      if (write.kind === 'reverse') {
        return { ok: true, value: { outcome: 'not-sold', status: write.order.status } };
      }
      const status = lost.get(key);
      return {
        ok: true,
        value:
          status === undefined
            ? { outcome: 'split', entries: write.entries.length }
            : { outcome: 'not-sold', status },
      };
    });
  }

  /** Appends the reversal of each of these orders' sale entries that has none yet. */
  private async reverse(orderIds: readonly Types.ObjectId[], at: Date): Promise<void> {
    const stored = await this.ledger.find({ orderId: { $in: orderIds } }).lean<StoredEntry[]>();
    const rows = ledgerRows(reversalEntries(stored, at), at);
    if (rows.length === 0) return;
    await insertMissing(() => this.ledger.collection.insertMany(rows, { ordered: false }));
  }

  /** Queues a count of each book these orders sold (one per book while one waits). */
  private async countSales(writes: readonly PlannedWrite[]): Promise<void> {
    const bookIds = new Set(
      writes.flatMap((write) => write.order.books.map((line) => hex(line.book._id))),
    );
    if (bookIds.size === 0) return;
    // A bestseller's count (a sum over all its sales) runs once in this delay, however many
    // copies sell meanwhile.
    await this.bookSales.addBulk(bookSalesJobs(bookIds, this.config.salesCountDelayMs));
  }
}
