import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Types, type Connection, type PipelineStage } from 'mongoose';
import {
  ORDER_QUEUE_NAMES,
  type PaymentRefundState,
  type RefundsJob,
  type UnappliedPayment,
  type UnappliedPaymentsAnswer,
  type UnappliedPaymentsQuery,
} from '@mechabrim/contracts';
import { ORDER_MODEL, OUTBOX_MODEL, type OrderModel, type OutboxModel } from '@mechabrim/db';
import { agorot, toShekels } from '@mechabrim/money';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { OutboxRelay } from './outbox-relay.service';

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
      ref?: string | null;
      refundedAt?: Date | null;
      lastError?: string | null;
    };
  };
}

/** The states an admin's refund request starts from: never asked, or failed and asked again. */
const REQUESTABLE: PaymentRefundState[] = ['needed', 'failed'];

/**
 * The admins' view of money taken that did not pay its order (`foreign` and `mismatch` entries
 * of the orders' payment histories) and their refund. An admin's refund is recorded as
 * `requested` with its `refunds` job's outbox row in one transaction; the worker credits the card
 * through the payment port (the refund's own reference is the provider's duplicate guard, kept
 * when a failed refund is asked again) and records it `refunded` or `failed`.
 */
@Injectable()
export class UnappliedPaymentsService {
  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @InjectConnection() private readonly connection: Connection,
    private readonly relay: OutboxRelay,
  ) {}

  async list(query: UnappliedPaymentsQuery): Promise<UnappliedPaymentsAnswer> {
    const states = query.refund ? [query.refund] : ['needed', 'requested', 'failed', 'refunded'];
    const rows = await this.rows([
      { $match: { 'payment.notifyLog.refund.state': { $in: states } } },
      { $unwind: '$payment.notifyLog' },
      { $match: { 'payment.notifyLog.refund.state': { $in: states } } },
      { $sort: { 'payment.notifyLog.receivedAt': -1 } },
      { $limit: LIST_LIMIT },
    ]);
    return { payments: rows.map(answerOf) };
  }

  /**
   * Records the admin's refund request and queues it (once: only from `needed` or `failed`);
   * asking again while it is requested or done answers the payment as it stands.
   */
  async requestRefund(
    admin: AuthenticatedUser,
    orderId: string,
    transactionId: string,
  ): Promise<UnappliedPayment> {
    const id = new Types.ObjectId(orderId);
    const current = await this.entryOf(id, transactionId);
    if (current && REQUESTABLE.includes(current.entry.refund.state)) {
      const ref = current.entry.refund.ref ?? `rf_${randomBytes(16).toString('base64url')}`;
      const at = new Date();
      const queued = await this.connection.transaction(async (session) => {
        const written = await this.orders.updateOne(
          {
            _id: id,
            'payment.notifyLog': {
              $elemMatch: { transactionId, 'refund.state': { $in: REQUESTABLE } },
            },
          },
          {
            $set: {
              'payment.notifyLog.$[entry].refund.state': 'requested',
              'payment.notifyLog.$[entry].refund.requestedAt': at,
              'payment.notifyLog.$[entry].refund.requestedBy': new Types.ObjectId(admin.id),
              'payment.notifyLog.$[entry].refund.ref': ref,
              'payment.notifyLog.$[entry].refund.lastError': null,
            },
          },
          {
            session,
            arrayFilters: [
              { 'entry.transactionId': transactionId, 'entry.refund.state': { $in: REQUESTABLE } },
            ],
          },
        );
        if (written.modifiedCount === 0) return false;
        const job: RefundsJob = { orderId, unappliedTransactionId: transactionId };
        await this.outbox.create(
          [{ type: ORDER_QUEUE_NAMES.refunds, payload: job, createdAt: at }],
          { session },
        );
        return true;
      });
      if (queued) this.relay.nudge();
    }
    const row = await this.entryOf(id, transactionId);
    if (!row) throw new DomainError('not_found', messagesHe.payments.unappliedNotFound);
    return answerOf(row);
  }

  /** The payment's history entry with a refund, or null. */
  private async entryOf(id: Types.ObjectId, transactionId: string): Promise<UnappliedRow | null> {
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
    return row ?? null;
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
      refunded_at: entry.refund.refundedAt?.toISOString() ?? null,
      error: entry.refund.state === 'failed' ? (entry.refund.lastError ?? null) : null,
    },
  };
}
