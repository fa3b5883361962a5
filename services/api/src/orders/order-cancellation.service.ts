import { Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import {
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  reversalEntries,
  type BookModel,
  type LedgerEntryModel,
  type OrderModel,
} from '@mechabrim/db';
import { agorot, cancellationFeeOf, toShekels } from '@mechabrim/money';
import type { OrderCancellationAnswer } from '@mechabrim/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

/** Statuses a paid order may be cancelled from: before it leaves for the buyer (issue 11). */
export const CANCELLABLE_STATUSES = ['paid', 'processing'] as const;

interface CancelledOrder {
  _id: Types.ObjectId;
  books: Array<{ book: { _id: Types.ObjectId }; quantity: number }>;
  amountDueAgorot: number | null;
  totalAmountAgorot: number;
  splitAt: Date | null;
}

/**
 * Cancels a paid order that has not shipped, in one MongoDB transaction: the order becomes
 * `cancelled` with its fee and refund, and — if its split already reached the ledger — reversing
 * entries (the same amounts, negated, never an edit) are appended and the sales counts go back.
 * The split job writes an order's entries first and then claims the order (`splitAt`) only while
 * it is paid and unsplit, so `splitAt` here means every sale entry is in the ledger. A split that
 * loses its order to this cancellation reverses the entries it wrote itself: either way a
 * cancelled order ends with no entries, or with its entries and their reversal.
 */
@Injectable()
export class OrderCancellationService {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
  ) {}

  async cancel(user: AuthenticatedUser, orderId: string): Promise<OrderCancellationAnswer> {
    const id = new Types.ObjectId(orderId);
    const isAdmin = user.role === 'admin';
    const mine = isAdmin ? {} : { 'user.userId': new Types.ObjectId(user.id) };
    const at = new Date();
    let answer: OrderCancellationAnswer | null = null;
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
        .select({ splitAt: 1 })
        .lean<{ splitAt: Date | null }>();
      if (!before) throw new DomainError('conflict', messagesHe.orders.notCancellable);
      let reversed = 0;
      if (before.splitAt) {
        const entries = await this.ledger.find({ orderId: id }).session(session).lean();
        const reversals = reversalEntries(entries, at);
        if (reversals.length > 0) {
          await this.ledger.insertMany(reversals, { session, ordered: true });
        }
        // The copies go back at once; `ledgerCopies` goes down with them, so the worker's next
        // count of the book (which reads the ledger with these reversals) does not take them
        // back twice.
        for (const line of current.books) {
          await this.books.updateOne(
            { _id: line.book._id },
            { $inc: { salesCount: -line.quantity, ledgerCopies: -line.quantity } },
            { session },
          );
        }
        reversed = reversals.length;
      }
      answer = {
        orderId,
        status: 'cancelled',
        fee: toShekels(fee),
        refund: toShekels(refund),
        reversedEntries: reversed,
      };
    });
    if (!answer) throw new DomainError('conflict', messagesHe.orders.notCancellable);
    return answer;
  }
}
