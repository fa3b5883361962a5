import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { orderReference } from '@mechabrim/contracts';
import { ORDER_MODEL, type OrderModel } from '@mechabrim/db';
import { agorot, toShekels } from '@mechabrim/money';
import type { PaymentRefunds } from '@mechabrim/server-kit';
import type { Job } from 'bullmq';
import { Types } from 'mongoose';
import { workerStringsHe } from '../strings.he';
import { creditThroughPort, PAYMENT_REFUNDS } from './payment-refunds';

/** The history entry of a payment that did not pay its order, as the refund reads it. */
interface UnappliedEntry {
  transactionId: string;
  amountAgorot: number;
  fields?: Record<string, unknown> | null;
  refund: { state: string; ref?: string | null };
}

export type UnappliedRefundOutcome =
  | { outcome: 'refunded' | 'already-refunded' | 'not-requested' }
  | { outcome: 'failed'; reason: string };

/**
 * The refund of money a payment took without paying its order (a second payment of a paid
 * order, another sum), once an admin asked for it: the whole sum back to the card through the
 * payment port, crediting that payment's own transaction, with the refund's reference as the
 * provider's duplicate guard, so a retried job never credits twice. No credit note: no receipt
 * was issued for that money. A provider that cannot be reached is retried by the queue; a
 * declined refund, or the last attempt failing, leaves it `failed` for an admin to ask again.
 */
@Injectable()
export class UnappliedRefunds {
  private readonly logger = new Logger(UnappliedRefunds.name);

  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @Inject(PAYMENT_REFUNDS) private readonly refunds: PaymentRefunds,
  ) {}

  async refund(orderId: string, transactionId: string, job: Job): Promise<UnappliedRefundOutcome> {
    const id = new Types.ObjectId(orderId);
    const order = await this.orders
      .findById(id)
      .select({ 'payment.notifyLog': 1 })
      .lean<{ payment?: { notifyLog?: UnappliedEntry[] } | null }>();
    const entry = order?.payment?.notifyLog?.find(
      (candidate) => candidate.transactionId === transactionId && candidate.refund,
    );
    if (!entry) return { outcome: 'not-requested' };
    if (entry.refund.state === 'refunded') return { outcome: 'already-refunded' };
    if (entry.refund.state !== 'requested' || !entry.refund.ref)
      return { outcome: 'not-requested' };
    const answer = await creditThroughPort(
      this.refunds,
      {
        ref: entry.refund.ref,
        originalTransactionId: transactionId,
        confirmationCode:
          typeof entry.fields?.ConfirmationCode === 'string' ? entry.fields.ConfirmationCode : null,
        amountAgorot: entry.amountAgorot,
        description: workerStringsHe.refunds.unappliedDescription(orderReference(orderId)),
      },
      job,
      (reason, final) =>
        this.record(id, transactionId, { ...(final && { state: 'failed' }), lastError: reason }),
    );
    if (answer.kind === 'failed') {
      this.logger.warn({
        orderId,
        transactionId,
        reason: answer.reason,
        msg: 'unapplied payment refund failed',
      });
      return { outcome: 'failed', reason: answer.reason };
    }
    await this.record(id, transactionId, {
      state: 'refunded',
      refundedAt: new Date(),
      creditTransactionId: answer.transactionId || null,
      lastError: null,
    });
    this.logger.log({
      orderId,
      transactionId,
      refund: toShekels(agorot(entry.amountAgorot)),
      msg: 'unapplied payment refunded',
    });
    return { outcome: 'refunded' };
  }

  /** Writes onto the entry's refund while it is requested, and counts the provider call. */
  private async record(
    orderId: Types.ObjectId,
    transactionId: string,
    fields: Record<string, unknown>,
  ): Promise<void> {
    const set = Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [
        `payment.notifyLog.$[entry].refund.${key}`,
        value,
      ]),
    );
    await this.orders.updateOne(
      { _id: orderId },
      { $set: set, $inc: { 'payment.notifyLog.$[entry].refund.attempts': 1 } },
      {
        arrayFilters: [{ 'entry.transactionId': transactionId, 'entry.refund.state': 'requested' }],
      },
    );
  }
}
