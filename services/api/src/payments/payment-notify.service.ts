import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ORDER_MODEL, OUTBOX_MODEL, type OrderModel, type OutboxModel } from '@mechabrim/db';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { DonationNotifyService } from './donation-notify.service';
import { OutboxRelay } from './outbox-relay.service';
import { PaymentClaims, type ClaimTarget } from './payment-claims';
import { paidOrderJobs } from './outbox-rows';
import { amountDueOf, type PayableOrder } from './payable-order';
import {
  PAYMENT_PROVIDER,
  type IncomingHeaders,
  type PaymentNotify,
  type PaymentProvider,
} from './providers/payment-provider';

/** What the API did with a notify (also the payment history's `outcome`, except `replay`). */
export type NotifyOutcome =
  'paid' | 'declined' | 'mismatch' | 'foreign' | 'not_confirmed' | 'replay';

/** Outcomes after which a transaction is settled: the same notify again is a replay. */
const FINAL = { $ne: 'not_confirmed' };

/** How often one notify re-reads its order after losing a race with another notify. */
const MAX_ROUNDS = 3;

/**
 * `POST /api/payments/notify/:provider`: the provider's server-to-server word on a payment. The
 * notify names the payment attempt (a random reference the hosted page was opened with), never
 * the order. Every transaction is recorded once on the order's payment history (its sum, result,
 * signature check and what was done with it); a replay adds nothing. The order is paid only when
 * the notify is authentic, the provider confirms the transaction, and its sum and currency are
 * the attempt's; then the paid status and the outbox rows of its follow-up work are written in one
 * MongoDB transaction. Money taken that does not pay the order (another sum, or an order already
 * paid) never changes the order: it is recorded as `foreign` with a refund to make, and the
 * attempt's own matching payment still pays the order. A transaction is money for one order or
 * donation ({@link PaymentClaims}): one that already pays, or is held for, another is recorded
 * here as `foreign` with no refund to make (its money is accounted for there) and pays nothing. A
 * notify naming no order's attempt may name a direct donation's: {@link DonationNotifyService}
 * applies it by the same rules.
 */
@Injectable()
export class PaymentNotifyService {
  private readonly logger = new Logger('Payments');

  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly relay: OutboxRelay,
    private readonly donations: DonationNotifyService,
    private readonly claims: PaymentClaims,
  ) {}

  async handle(
    providerName: string,
    rawBody: Buffer,
    headers: IncomingHeaders,
    parsedBody: unknown,
  ): Promise<{ received: true; outcome: NotifyOutcome }> {
    if (providerName !== this.provider.name) {
      throw new DomainError('not_found', messagesHe.payments.unknownProvider);
    }
    const notify = this.provider.verifyNotify(rawBody, headers, parsedBody);
    let outcome: NotifyOutcome | null = null;
    let orderId = '';
    for (let round = 0; round < MAX_ROUNDS && outcome === null; round += 1) {
      const order = await this.orders
        .findOne({ 'payment.attempts.ref': notify.paymentRef })
        .lean<PayableOrder>()
        .exec();
      if (!order) {
        const donation = await this.donations.handle(notify);
        if (donation) {
          if (donation.outcome === 'paid') this.relay.nudge();
          this.logger.log(
            { ...donation, transactionId: notify.transactionId },
            'donation payment notify',
          );
          return { received: true, outcome: donation.outcome };
        }
        this.logger.warn(
          { paymentRef: notify.paymentRef, transactionId: notify.transactionId },
          'payment notify for no known attempt',
        );
        throw new DomainError('not_found', messagesHe.payments.paymentNotFound);
      }
      orderId = order._id.toHexString();
      outcome = await this.apply(order, notify);
    }
    // Only a run of notifies racing for one order gets here without an answer; the provider
    // sends it again.
    if (outcome === null) throw new DomainError('conflict', messagesHe.payments.orderNotPending);
    if (outcome === 'paid') this.relay.nudge();
    this.logger.log({ orderId, transactionId: notify.transactionId, outcome }, 'payment notify');
    return { received: true, outcome };
  }

  /** What this notify does to this order; null when the order changed meanwhile (read it again). */
  private async apply(order: PayableOrder, notify: PaymentNotify): Promise<NotifyOutcome | null> {
    const history = order.payment?.notifyLog ?? [];
    const seen = history.filter((entry) => entry.transactionId === notify.transactionId);
    if (seen.some((entry) => entry.outcome !== 'not_confirmed')) return 'replay';
    if (!notify.approved) return this.recordDeclined(order, notify);
    if (!(await this.provider.confirmTransaction(notify))) {
      // Recorded once; a later notify of the same transaction is asked about again.
      if (seen.length > 0) return 'not_confirmed';
      return (await this.record(order, notify, 'not_confirmed')) ? 'not_confirmed' : 'replay';
    }
    const attempt = order.payment?.attempts?.find((a) => a.ref === notify.paymentRef);
    const matches =
      attempt !== undefined &&
      notify.amountAgorot === attempt.amountAgorot &&
      notify.amountAgorot === amountDueOf(order) &&
      notify.currency === 'ILS';
    if (matches && order.status === 'pending_payment') return this.markPaid(order, notify);
    const lapsed = order.status === 'expired' || order.status === 'cancelled' ? order.status : null;
    const target = orderTarget(order);
    if (matches && !order.paidAt && lapsed) {
      // The buyer's own payment, after the order lapsed: a person decides (revive or refund).
      if (await this.claims.claim(this.provider.name, notify, target, 'mismatch')) {
        return this.holdForReview(order, lapsed, notify);
      }
      return this.recordClaimedElsewhere(order, notify);
    }
    if (!(await this.claims.claim(this.provider.name, notify, target, 'foreign'))) {
      return this.recordClaimedElsewhere(order, notify);
    }
    return (await this.record(order, notify, 'foreign', { refund: true })) ? 'foreign' : 'replay';
  }

  /**
   * A confirmed transaction that another order or donation holds: its money pays that one, so
   * here it is history only, with no refund to make (giving it back would undo that payment).
   */
  private async recordClaimedElsewhere(
    order: PayableOrder,
    notify: PaymentNotify,
  ): Promise<NotifyOutcome> {
    this.logger.warn(
      { orderId: order._id.toHexString(), transactionId: notify.transactionId },
      'payment notify names a transaction that is money for something else',
    );
    return (await this.record(order, notify, 'foreign')) ? 'foreign' : 'replay';
  }

  /** The history entry of a notify. */
  private entry(notify: PaymentNotify, outcome: NotifyOutcome, refund = false) {
    return {
      receivedAt: new Date(),
      outcome,
      attemptRef: notify.paymentRef,
      transactionId: notify.transactionId,
      amountAgorot: notify.amountAgorot,
      currency: notify.currency,
      result: notify.result,
      signature: notify.signature,
      refund: refund ? { state: 'needed' } : null,
      fields: notify.fields,
    };
  }

  /** The order's filter that holds while this transaction is not yet settled on it. */
  private unsettled(notify: PaymentNotify) {
    return {
      'payment.notifyLog': {
        $not: { $elemMatch: { transactionId: notify.transactionId, outcome: FINAL } },
      },
    };
  }

  /** Adds the entry unless the transaction is settled already; false when it was. */
  private async record(
    order: PayableOrder,
    notify: PaymentNotify,
    outcome: NotifyOutcome,
    options: { refund?: boolean } = {},
  ): Promise<boolean> {
    const written = await this.orders.updateOne(
      { _id: order._id, ...this.unsettled(notify) },
      { $push: { 'payment.notifyLog': this.entry(notify, outcome, options.refund) } },
    );
    return written.modifiedCount === 1;
  }

  /** A declined card leaves the order payable: the buyer may try another card. */
  private async recordDeclined(order: PayableOrder, notify: PaymentNotify): Promise<NotifyOutcome> {
    const written = await this.orders.updateOne(
      { _id: order._id, status: 'pending_payment', ...this.unsettled(notify) },
      {
        $set: {
          'payment.transactionId': notify.transactionId,
          'payment.failureCode': notify.failureCode,
          'payment.failureMessage': notify.failureMessage,
          'payment.cardLast4': notify.cardLast4,
        },
        $push: { 'payment.notifyLog': this.entry(notify, 'declined') },
      },
    );
    if (written.modifiedCount === 1) return 'declined';
    // The order is no longer payable: the decline is history only.
    return (await this.record(order, notify, 'declined')) ? 'declined' : 'replay';
  }

  /** The attempt's sum, for an order that expired or was cancelled unpaid meanwhile. */
  private async holdForReview(
    order: PayableOrder,
    status: 'expired' | 'cancelled',
    notify: PaymentNotify,
  ): Promise<NotifyOutcome | null> {
    const at = new Date();
    const written = await this.orders.updateOne(
      {
        _id: order._id,
        status,
        paidAt: null,
        ...this.unsettled(notify),
      },
      {
        $set: {
          status: 'payment_review',
          'payment.transactionId': notify.transactionId,
          'payment.confirmationCode': notify.confirmationCode,
          'payment.amountAgorot': notify.amountAgorot,
          'payment.currency': notify.currency,
          'payment.cardLast4': notify.cardLast4,
        },
        $push: {
          'payment.notifyLog': this.entry(notify, 'mismatch', true),
          statusHistory: { status: 'payment_review', at },
        },
      },
    );
    return written.modifiedCount === 1 ? 'mismatch' : null;
  }

  private async markPaid(
    order: PayableOrder,
    notify: PaymentNotify,
  ): Promise<NotifyOutcome | null> {
    const paidAt = new Date();
    const outcome = await this.claims.payWith(
      this.provider.name,
      notify,
      orderTarget(order),
      async (session) => {
        const updated = await this.orders.updateOne(
          { _id: order._id, status: 'pending_payment', ...this.unsettled(notify) },
          {
            $set: {
              status: 'paid',
              paidAt,
              expiresAt: null,
              'payment.transactionId': notify.transactionId,
              'payment.confirmationCode': notify.confirmationCode,
              'payment.amountAgorot': notify.amountAgorot,
              'payment.currency': notify.currency,
              'payment.cardLast4': notify.cardLast4,
              'payment.failureCode': null,
              'payment.failureMessage': null,
            },
            $push: {
              'payment.notifyLog': this.entry(notify, 'paid'),
              statusHistory: { status: 'paid', at: paidAt },
            },
          },
          { session },
        );
        // Another notify for this order committed first: read the order again.
        if (updated.modifiedCount === 0) return false;
        const jobs = paidOrderJobs({
          id: order._id.toHexString(),
          email: order.user.email,
          paidAt,
        });
        await this.outbox.insertMany(
          jobs.map((job) => ({ type: job.queue, payload: job.payload, createdAt: paidAt })),
          { session },
        );
        return true;
      },
    );
    if (outcome === 'elsewhere') return this.recordClaimedElsewhere(order, notify);
    return outcome;
  }
}

function orderTarget(order: PayableOrder): ClaimTarget {
  return { kind: 'order', id: order._id };
}
