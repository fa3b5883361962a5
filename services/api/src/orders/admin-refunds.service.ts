import { Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import {
  ORDER_QUEUE_NAMES,
  orderReference,
  type AdminRefund,
  type AdminRefundsAnswer,
  type AdminRefundsQuery,
  type RefundState,
  type RefundsJob,
} from '@mechabrim/contracts';
import { ORDER_MODEL, OUTBOX_MODEL, type OrderModel, type OutboxModel } from '@mechabrim/db';
import { agorot, toShekels } from '@mechabrim/money';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { OutboxRelay } from '../payments/outbox-relay.service';

interface StoredRefund {
  ref: string;
  reason: 'cancellation' | 'return';
  amountAgorot: number;
  feeAgorot: number;
  state: RefundState;
  attempts?: number | null;
  lastError?: string | null;
  requestedAt: Date;
  refundedAt?: Date | null;
}

interface RefundedOrder {
  _id: Types.ObjectId;
  refunds: StoredRefund[];
}

/** How many refunds the list shows at most. */
const LIST_LIMIT = 100;

function toAdminRefund(order: RefundedOrder, refund: StoredRefund): AdminRefund {
  const orderId = order._id.toHexString();
  return {
    orderId,
    orderReference: orderReference(orderId),
    ref: refund.ref,
    reason: refund.reason,
    amount: toShekels(agorot(refund.amountAgorot)),
    fee: toShekels(agorot(refund.feeAgorot)),
    state: refund.state,
    attempts: refund.attempts ?? 0,
    lastError: refund.lastError ?? null,
    requestedAt: refund.requestedAt.toISOString(),
    refundedAt: refund.refundedAt ? refund.refundedAt.toISOString() : null,
  };
}

/**
 * Refunds as admins follow them: the ones that failed (the provider declined, or every retry
 * failed) first of all, and a retry that puts a failed refund back on the `refunds` queue.
 */
@Injectable()
export class AdminRefundsService {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    private readonly relay: OutboxRelay,
  ) {}

  async list(query: AdminRefundsQuery): Promise<AdminRefundsAnswer> {
    const rows = await this.orders
      .find({ 'refunds.state': query.state })
      .sort({ updatedAt: -1 })
      .limit(LIST_LIMIT)
      .select({ refunds: 1 })
      .lean<RefundedOrder[]>();
    const refunds = rows
      .flatMap((order) =>
        order.refunds
          .filter((refund) => refund.state === query.state)
          .map((refund) => toAdminRefund(order, refund)),
      )
      .sort((a, b) => b.requestedAt.localeCompare(a.requestedAt))
      .slice(0, LIST_LIMIT);
    return { refunds };
  }

  /** A failed refund back to `pending` with a new job; any other state is a 409. */
  async retry(orderId: string, refundRef: string): Promise<AdminRefund> {
    const id = new Types.ObjectId(orderId);
    const now = new Date();
    const retried = await this.connection.transaction(async (session) => {
      const after = await this.orders
        .findOneAndUpdate(
          { _id: id, refunds: { $elemMatch: { ref: refundRef, state: 'failed' } } },
          { $set: { 'refunds.$.state': 'pending', 'refunds.$.lastError': null } },
          { session, returnDocument: 'after' },
        )
        .select({ refunds: 1 })
        .lean<RefundedOrder>();
      if (!after) return null;
      const job: RefundsJob = { orderId, refundRef };
      await this.outbox.create(
        [{ type: ORDER_QUEUE_NAMES.refunds, payload: job, createdAt: now }],
        {
          session,
        },
      );
      return after;
    });
    if (!retried) {
      const exists = await this.orders.exists({ _id: id, 'refunds.ref': refundRef });
      throw exists
        ? new DomainError('conflict', messagesHe.refunds.notFailed)
        : new DomainError('not_found', messagesHe.refunds.notFound);
    }
    this.relay.nudge();
    const refund = retried.refunds.find((candidate) => candidate.ref === refundRef);
    if (!refund) throw new DomainError('not_found', messagesHe.refunds.notFound);
    return toAdminRefund(retried, refund);
  }
}
