import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnModuleInit } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { ORDER_JOB_NAME, ORDER_QUEUE_NAMES, orderSplitsJobSchema } from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  OUTBOX_MODEL,
  PAID_ORDER_STATUSES,
  USER_MODEL,
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
import { bookSoldMails, saleEntries, type SplitOrderLine } from './order-split';

export type OrderSplitOutcome =
  | { outcome: 'split'; entries: number }
  | { outcome: 'already-split' }
  | { outcome: 'not-sold'; status: string };

const isDuplicateKey = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;

/**
 * `order-splits`: writes a paid order's split to the ledger and counts its copies as sold, in one
 * MongoDB transaction. The ledger's unique key (order, line, party, kind) makes a second run of
 * the same job — a retry, a stalled job picked up again, a second worker — fail its insert, which
 * aborts the whole transaction: the money and the sales counts move exactly once.
 */
@Processor(ORDER_QUEUE_NAMES.orderSplits, { ...WORKER_LOCK_SETTINGS })
export class OrderSplitsProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(OrderSplitsProcessor.name);
  private readonly policy: SplitPolicy;

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
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.concurrency;
    // BullMQ reconnects by itself; an outage is logged by the client-logs worker already.
    this.worker.on('error', () => undefined);
  }

  async process(job: Job): Promise<OrderSplitOutcome> {
    if (job.name !== ORDER_JOB_NAME) throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = orderSplitsJobSchema.safeParse(job.data);
    if (!parsed.success) {
      throw new UnrecoverableError(`invalid order-splits payload: ${parsed.error.message}`);
    }
    const orderId = new Types.ObjectId(parsed.data.orderId);
    const order = await this.orders
      .findById(orderId)
      .select({ books: 1, status: 1, paidAt: 1 })
      .lean<{
        _id: Types.ObjectId;
        books: SplitOrderLine[];
        status: string;
        paidAt: Date | null;
      }>();
    if (!order) throw new UnrecoverableError(`order ${parsed.data.orderId} does not exist`);
    if (!(PAID_ORDER_STATUSES as readonly string[]).includes(order.status)) {
      // Cancelled before the split ran (its reversal has nothing to reverse), or never paid.
      return { outcome: 'not-sold', status: order.status };
    }
    const entries = saleEntries(order, this.policy, order.paidAt ?? new Date(parsed.data.paidAt));
    const authorIds = [...new Set(order.books.map((line) => line.book.author.toHexString()))];
    const authorRows = await this.users
      .find({ _id: { $in: authorIds.map((id) => new Types.ObjectId(id)) } })
      .select({ name: 1, email: 1 })
      .lean<{ _id: Types.ObjectId; name: string; email: string }[]>();
    const mails = bookSoldMails(
      order,
      entries,
      new Map(authorRows.map((author) => [author._id.toHexString(), author])),
    );
    let claimed = false;
    try {
      await this.connection.transaction(async (session) => {
        // The order is claimed for the split only if it is still paid and not yet split: a
        // cancellation committed first leaves nothing to split, one committed after sees
        // `splitAt` and reverses what is written here.
        const claim = await this.orders.updateOne(
          { _id: orderId, status: { $in: PAID_ORDER_STATUSES }, splitAt: null },
          { $set: { splitAt: new Date() } },
          { session },
        );
        claimed = claim.modifiedCount === 1;
        if (!claimed) return;
        await this.ledger.insertMany(entries, { session, ordered: true });
        // Each author hears of the sale once: the mails go to the outbox with the split itself
        // (the API's relay hands them to the mail queue).
        if (mails.length > 0) {
          const at = new Date();
          await this.outbox.insertMany(
            mails.map((job) => ({ type: ORDER_QUEUE_NAMES.mail, payload: job, createdAt: at })),
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
    if (!claimed) {
      const now = await this.orders.findById(orderId).select({ status: 1, splitAt: 1 }).lean();
      return now?.splitAt
        ? { outcome: 'already-split' }
        : { outcome: 'not-sold', status: now?.status ?? 'missing' };
    }
    this.logger.debug({
      orderId: parsed.data.orderId,
      entries: entries.length,
      msg: 'order split',
    });
    return { outcome: 'split', entries: entries.length };
  }
}
