import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { ORDER_MODEL, OUTBOX_MODEL, type OrderModel, type OutboxModel } from '@mechabrim/db';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { OutboxRelay } from './outbox-relay.service';
import { paidOrderJobs } from './outbox-rows';
import { paymentOrderOf, type PayableOrder } from './payable-order';
import {
  PAYMENT_PROVIDER,
  type IncomingHeaders,
  type PaymentNotify,
  type PaymentProvider,
} from './providers/payment-provider';

/** What the API did with a notify (also the notify log's `outcome`). */
export type NotifyOutcome = 'paid' | 'declined' | 'mismatch' | 'not_confirmed' | 'replay';

/** Statuses after which an order's payment is settled: a notify changes nothing any more. */
const SETTLED = new Set(['paid', 'processing', 'shipped', 'delivered', 'payment_review']);

/**
 * `POST /api/payments/notify/:provider`: the provider's server-to-server word on a payment. The
 * order is paid only when the notify is authentic, matches the order's amount and currency, and
 * the provider confirms the transaction; then the paid status and the outbox rows of its
 * follow-up work are written in one MongoDB transaction, so a crash or a Redis outage between
 * them cannot lose the work or send it for an unpaid order. The write is conditional on the order
 * still awaiting payment, so a replayed or concurrent notify changes nothing.
 */
@Injectable()
export class PaymentNotifyService {
  private readonly logger = new Logger('Payments');

  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @InjectConnection() private readonly connection: Connection,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly relay: OutboxRelay,
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
    const order = await this.orders.findById(notify.orderId).lean<PayableOrder>().exec();
    if (!order) throw new DomainError('not_found', messagesHe.payments.paymentNotFound);
    const outcome = await this.apply(order, notify);
    if (outcome === 'paid') this.relay.nudge();
    this.logger.log(
      { orderId: notify.orderId, transactionId: notify.transactionId, outcome },
      'payment notify',
    );
    return { received: true, outcome };
  }

  private async apply(order: PayableOrder, notify: PaymentNotify): Promise<NotifyOutcome> {
    if (SETTLED.has(order.status)) return 'replay';
    const log = (outcome: NotifyOutcome) => ({
      receivedAt: new Date(),
      outcome,
      fields: notify.fields,
    });
    if (!notify.approved) {
      // A declined card leaves the order payable: the buyer may try another card.
      await this.orders.updateOne(
        { _id: order._id, status: 'pending_payment' },
        {
          $set: {
            'payment.transactionId': notify.transactionId,
            'payment.failureCode': notify.failureCode,
            'payment.failureMessage': notify.failureMessage,
            'payment.cardLast4': notify.cardLast4,
          },
          $push: { 'payment.notifyLog': log('declined') },
        },
      );
      return 'declined';
    }
    const payable = paymentOrderOf(order);
    const matches = notify.amountAgorot === payable.amountDueAgorot && notify.currency === 'ILS';
    // Money was taken for an order that cannot simply be paid (wrong amount, or expired or
    // cancelled meanwhile): a person decides, the order is never marked paid by itself.
    if (!matches || order.status !== 'pending_payment') {
      await this.flagForReview(order, notify, log('mismatch'));
      return 'mismatch';
    }
    if (!(await this.provider.confirmTransaction(payable, notify))) {
      await this.orders.updateOne(
        { _id: order._id },
        { $push: { 'payment.notifyLog': log('not_confirmed') } },
      );
      return 'not_confirmed';
    }
    return this.markPaid(order, notify, log('paid'));
  }

  private async flagForReview(
    order: PayableOrder,
    notify: PaymentNotify,
    entry: object,
  ): Promise<void> {
    await this.orders.updateOne(
      { _id: order._id, status: { $in: ['pending_payment', 'expired', 'cancelled'] } },
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
          'payment.notifyLog': entry,
          statusHistory: { status: 'payment_review', at: new Date() },
        },
      },
    );
  }

  private async markPaid(
    order: PayableOrder,
    notify: PaymentNotify,
    entry: object,
  ): Promise<NotifyOutcome> {
    const paidAt = new Date();
    let outcome: NotifyOutcome = 'paid';
    await this.connection.transaction(async (session) => {
      outcome = 'paid';
      const updated = await this.orders.updateOne(
        { _id: order._id, status: 'pending_payment' },
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
          $push: { 'payment.notifyLog': entry, statusHistory: { status: 'paid', at: paidAt } },
        },
        { session },
      );
      // Another notify for this order committed first: nothing more to write.
      if (updated.modifiedCount === 0) {
        outcome = 'replay';
        return;
      }
      const jobs = paidOrderJobs({ id: order._id.toHexString(), email: order.user.email, paidAt });
      await this.outbox.insertMany(
        jobs.map((job) => ({ type: job.queue, payload: job.payload, createdAt: paidAt })),
        { session },
      );
    });
    return outcome;
  }
}
