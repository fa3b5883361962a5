import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type PipelineStage } from 'mongoose';
import type {
  PaymentRefundState,
  UnappliedPayment,
  UnappliedPaymentsAnswer,
  UnappliedPaymentsQuery,
} from '@mechabrim/contracts';
import { ORDER_MODEL, type OrderModel } from '@mechabrim/db';
import { agorot, toShekels } from '@mechabrim/money';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

const LIST_LIMIT = 100;

/** One history entry with a refund, as the aggregation below answers it. */
interface UnappliedRow {
  orderId: Types.ObjectId;
  orderStatus: string;
  entry: {
    transactionId: string;
    amountAgorot: number;
    currency: string;
    outcome: 'foreign' | 'mismatch';
    signature: 'valid' | 'unsigned' | null;
    receivedAt: Date;
    refund: {
      state: PaymentRefundState;
      requestedAt: Date | null;
      requestedBy: Types.ObjectId | null;
    };
  };
}

/**
 * The admins' view of money taken that did not pay its order (`foreign` and `mismatch` entries
 * of the orders' payment histories) and their refund. The payment port has no refund operation
 * yet, so an admin's refund is recorded as `requested` — the state a provider-side refund (or the
 * person doing it in the provider's back office) takes on from there.
 */
@Injectable()
export class UnappliedPaymentsService {
  constructor(@InjectModel(ORDER_MODEL) private readonly orders: OrderModel) {}

  async list(query: UnappliedPaymentsQuery): Promise<UnappliedPaymentsAnswer> {
    const states = query.refund ? [query.refund] : ['needed', 'requested', 'refunded'];
    const rows = await this.rows([
      { $match: { 'payment.notifyLog.refund.state': { $in: states } } },
      { $unwind: '$payment.notifyLog' },
      { $match: { 'payment.notifyLog.refund.state': { $in: states } } },
      { $sort: { 'payment.notifyLog.receivedAt': -1 } },
      { $limit: LIST_LIMIT },
    ]);
    return { payments: rows.map(answerOf) };
  }

  /** Records the admin's refund request; asking again answers the payment as it stands. */
  async requestRefund(
    admin: AuthenticatedUser,
    orderId: string,
    transactionId: string,
  ): Promise<UnappliedPayment> {
    const id = new Types.ObjectId(orderId);
    await this.orders.updateOne(
      {
        _id: id,
        'payment.notifyLog': { $elemMatch: { transactionId, 'refund.state': 'needed' } },
      },
      {
        $set: {
          'payment.notifyLog.$[entry].refund': {
            state: 'requested',
            requestedAt: new Date(),
            requestedBy: new Types.ObjectId(admin.id),
          },
        },
      },
      { arrayFilters: [{ 'entry.transactionId': transactionId, 'entry.refund.state': 'needed' }] },
    );
    const [row] = await this.rows([
      { $match: { _id: id } },
      { $unwind: '$payment.notifyLog' },
      {
        $match: {
          'payment.notifyLog.transactionId': transactionId,
          'payment.notifyLog.refund.state': { $type: 'string' },
        },
      },
      { $limit: 1 },
    ]);
    if (!row) throw new DomainError('not_found', messagesHe.payments.unappliedNotFound);
    return answerOf(row);
  }

  private rows(stages: PipelineStage[]): Promise<UnappliedRow[]> {
    return this.orders
      .aggregate<UnappliedRow>([
        ...stages,
        {
          $project: {
            _id: 0,
            orderId: '$_id',
            orderStatus: '$status',
            entry: '$payment.notifyLog',
          },
        },
      ])
      .exec();
  }
}

function answerOf({ orderId, orderStatus, entry }: UnappliedRow): UnappliedPayment {
  return {
    order_id: orderId.toHexString(),
    order_status: orderStatus,
    transaction_id: entry.transactionId,
    amount: toShekels(agorot(entry.amountAgorot)),
    currency: entry.currency,
    outcome: entry.outcome,
    signature: entry.signature === 'valid' ? 'valid' : 'unsigned',
    received_at: entry.receivedAt.toISOString(),
    refund: {
      state: entry.refund.state,
      requested_at: entry.refund.requestedAt?.toISOString() ?? null,
      requested_by: entry.refund.requestedBy?.toHexString() ?? null,
    },
  };
}
