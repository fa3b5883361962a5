import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import {
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  reversalEntries,
  type LedgerEntryModel,
  type OrderModel,
} from '@mechabrim/db';
import { agorot, cancellationFeeOf, toShekels } from '@mechabrim/money';
import {
  BOOK_QUEUE_NAMES,
  bookSalesJobs,
  type OrderCancellationAnswer,
} from '@mechabrim/contracts';
import type { Queue } from 'bullmq';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { QueueProducer } from '../infra/queue-producer';

/** Statuses a paid order may be cancelled from: before it leaves for the buyer (issue 11). */
export const CANCELLABLE_STATUSES = ['paid', 'processing'] as const;

interface CancelledOrder {
  _id: Types.ObjectId;
  books: Array<{ book: { _id: Types.ObjectId } }>;
  amountDueAgorot: number | null;
  totalAmountAgorot: number;
}

/**
 * Cancels a paid order that has not shipped, in one MongoDB transaction: the order becomes
 * `cancelled` with its fee and refund, and every sale entry its split wrote gets a reversing entry
 * (the same amounts, negated, never an edit). The split job writes an order's entries first and
 * then claims the order (`splitAt`) only while it is paid and unsplit; a split that loses its order
 * to this cancellation reverses the entries it wrote after this read the ledger. Either way a
 * cancelled order ends with no entries, or with its entries and their reversal. The books' sales
 * counts follow the ledger through the worker's `book-sales` count, queued after the commit.
 */
@Injectable()
export class OrderCancellationService {
  private readonly logger = new Logger(OrderCancellationService.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectQueue(BOOK_QUEUE_NAMES.bookSales) private readonly bookSales: Queue,
    private readonly producer: QueueProducer,
  ) {}

  async cancel(user: AuthenticatedUser, orderId: string): Promise<OrderCancellationAnswer> {
    const id = new Types.ObjectId(orderId);
    const isAdmin = user.role === 'admin';
    const mine = isAdmin ? {} : { 'user.userId': new Types.ObjectId(user.id) };
    const at = new Date();
    let answer: OrderCancellationAnswer | null = null;
    let reversed = 0;
    let bookIds: string[] = [];
    await this.connection.transaction(async (session) => {
      const current = await this.orders
        .findOne({ _id: id, ...mine })
        .select({ books: 1, amountDueAgorot: 1, totalAmountAgorot: 1, status: 1 })
        .session(session)
        .lean<CancelledOrder & { status: string }>();
      if (!current) throw new DomainError('not_found', messagesHe.orders.notFound);
      const paid = agorot(current.amountDueAgorot ?? current.totalAmountAgorot);
      const fee = cancellationFeeOf(paid);
      const refund = agorot(paid - fee);
      const before = await this.orders
        .findOneAndUpdate(
          { _id: id, ...mine, status: { $in: CANCELLABLE_STATUSES } },
          {
            $set: {
              status: 'cancelled',
              cancellation: {
                at,
                by: isAdmin ? 'admin' : 'buyer',
                feeAgorot: fee,
                refundAgorot: refund,
              },
            },
            $push: { statusHistory: { status: 'cancelled', at } },
          },
          { session, new: false },
        )
        .select({ _id: 1 })
        .lean();
      if (!before) throw new DomainError('conflict', messagesHe.orders.notCancellable);
      bookIds = current.books.map((line) => line.book._id.toHexString());
      // Every sale entry of the order gets its reversal, whether or not the split claimed it:
      // `splitAt` means all of them are in the ledger, and a split that wrote them and then
      // stopped short of its claim (a crash, its retries spent) left them there without it. A
      // split that writes entries after this reverses them itself (it finds the order cancelled
      // when it claims).
      const entries = await this.ledger.find({ orderId: id }).session(session).lean();
      const reversals = reversalEntries(entries, at);
      if (reversals.length > 0) {
        await this.ledger.insertMany(reversals, { session, ordered: true });
      }
      reversed = reversals.length;
      answer = {
        orderId,
        status: 'cancelled',
        fee: toShekels(fee),
        refund: toShekels(refund),
        reversedEntries: reversed,
      };
    });
    if (!answer) throw new DomainError('conflict', messagesHe.orders.notCancellable);
    if (reversed > 0) await this.countSales(bookIds);
    return answer;
  }

  /**
   * Has the worker bring the books' sales counts down to the ledger (the `book-sales` count). The
   * cancellation stands without it: while Redis is down the counts wait for the books' next sale.
   */
  private async countSales(bookIds: readonly string[]): Promise<void> {
    try {
      await this.producer.addBulk(this.bookSales, bookSalesJobs(bookIds, 0));
    } catch (error) {
      this.logger.warn({
        books: bookIds,
        err: error instanceof Error ? error.message : String(error),
        msg: 'sales counts not queued after a cancellation',
      });
    }
  }
}
