import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ORDER_JOB_NAME,
  ORDER_QUEUE_NAMES,
  orderReference,
  refundsJobSchema,
  type MailJob,
  type MailTemplateName,
} from '@mechabrim/contracts';
import { ORDER_MODEL, type OrderModel } from '@mechabrim/db';
import { agorot, toShekels } from '@mechabrim/money';
import type { PaymentRefunds } from '@mechabrim/server-kit';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { Types } from 'mongoose';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { reportQueueOutages } from '../queue-connection';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import { CreditNoteIssuer, CreditNoteRefusedError } from '../receipts/credit-note-issuer';
import { workerStringsHe } from '../strings.he';
import { creditThroughPort, PAYMENT_REFUNDS, type CreditResult } from './payment-refunds';
import { UnappliedRefunds, type UnappliedRefundOutcome } from './unapplied-refunds';

/** One refund as the job reads it from its order. */
interface StoredRefund {
  ref: string;
  reason: 'cancellation' | 'return';
  amountAgorot: number;
  feeAgorot: number;
  state: 'pending' | 'refunded' | 'failed';
  creditNoteNumber?: number | null;
  mailedAt?: Date | null;
}

interface RefundOrder {
  _id: Types.ObjectId;
  user: { email: string };
  payment?: { transactionId?: string | null; confirmationCode?: string | null } | null;
  refunds?: StoredRefund[] | null;
}

export type RefundJobOutcome =
  | { outcome: 'refunded'; creditNote: number | null; mailed: boolean }
  | { outcome: 'failed'; reason: string };

/** A refund's mail is queued once: its BullMQ job id is its template's and the refund's. */
export const refundMailJobId = (
  refundRef: string,
  reason: StoredRefund['reason'] = 'cancellation',
) => `${REFUND_MAIL_TEMPLATES[reason]}-${refundRef}`;

/** The buyer's mail of each kind of refund. */
const REFUND_MAIL_TEMPLATES = {
  cancellation: 'order-cancelled',
  return: 'order-returned',
} as const satisfies Record<StoredRefund['reason'], MailTemplateName>;

/**
 * `refunds`: one refund of an order, in three idempotent steps, each recorded on the refund so a
 * retried job goes on from where the last one stopped:
 * 1. **The money back**, through the payment port's credit transaction for the original deal. The
 *    refund's own reference goes with it as the provider's duplicate guard, so a call repeated
 *    after a crash never credits twice. A provider that cannot be reached is retried with backoff
 *    (the queue's attempts); a declined refund, or the last attempt failing, leaves the refund
 *    `failed` for an admin, who can try again.
 * 2. **The credit note** of the refunded sum (our numbered series, or Morning's type 330).
 * 3. **The buyer's mail** with the credit note (`order-cancelled` or `order-returned`, by the
 *    refund's reason), queued under the refund's own job id.
 *
 * A job naming an unapplied payment instead (`unappliedTransactionId`) is {@link UnappliedRefunds}'.
 */
@Processor(ORDER_QUEUE_NAMES.refunds, { ...WORKER_LOCK_SETTINGS })
export class RefundsProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(RefundsProcessor.name);

  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @Inject(PAYMENT_REFUNDS) private readonly refunds: PaymentRefunds,
    private readonly creditNotes: CreditNoteIssuer,
    private readonly unapplied: UnappliedRefunds,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    @InjectQueue(ORDER_QUEUE_NAMES.refunds) private readonly queue: Queue,
    @InjectQueue(ORDER_QUEUE_NAMES.mail) private readonly mail: Queue,
  ) {
    super();
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.concurrency;
    reportQueueOutages(this.worker, this.queue, this.logger);
  }

  async process(job: Job): Promise<RefundJobOutcome | UnappliedRefundOutcome> {
    if (job.name !== ORDER_JOB_NAME) throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = refundsJobSchema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(`invalid refunds payload: ${parsed.error.message}`);
    if ('unappliedTransactionId' in parsed.data) {
      const { orderId, unappliedTransactionId } = parsed.data;
      return this.unapplied.refund(orderId, unappliedTransactionId, job);
    }
    const { orderId, refundRef } = parsed.data;
    const order = await this.orders
      .findOne({ _id: new Types.ObjectId(orderId), 'refunds.ref': refundRef })
      .select({ 'user.email': 1, payment: 1, refunds: 1 })
      .lean<RefundOrder>();
    const refund = order?.refunds?.find((candidate) => candidate.ref === refundRef);
    if (!order || !refund)
      throw new UnrecoverableError(`refund ${refundRef} of order ${orderId} does not exist`);

    if (refund.state !== 'refunded') {
      const failed = await this.giveBack(order, refund, job);
      if (failed) return { outcome: 'failed', reason: failed };
    }
    const creditNote = await this.issueCreditNote(order, refund);
    const mailed = await this.mailBuyer(order, refund);
    return { outcome: 'refunded', creditNote, mailed };
  }

  /** Step 1; the reason it failed for good, or null once the money is back. */
  private async giveBack(
    order: RefundOrder,
    refund: StoredRefund,
    job: Job,
  ): Promise<string | null> {
    const transactionId = order.payment?.transactionId;
    if (refund.amountAgorot > 0 && !transactionId) {
      // Orders from before online payment: no card deal to credit; an admin refunds by hand.
      return this.fail(order, refund, workerStringsHe.refunds.noCardTransaction);
    }
    const outcome: CreditResult =
      refund.amountAgorot === 0
        ? { kind: 'refunded', transactionId: '' }
        : await creditThroughPort(
            this.refunds,
            {
              ref: refund.ref,
              originalTransactionId: transactionId ?? '',
              confirmationCode: order.payment?.confirmationCode ?? null,
              amountAgorot: refund.amountAgorot,
              description: workerStringsHe.refunds.description(
                orderReference(order._id.toHexString()),
              ),
            },
            job,
            (reason, final) =>
              final
                ? this.fail(order, refund, reason)
                : this.record(order, refund, { lastError: reason }),
          );
    if (outcome.kind === 'failed') return outcome.reason;
    await this.record(order, refund, {
      state: 'refunded',
      transactionId: outcome.transactionId || null,
      refundedAt: new Date(),
      lastError: null,
    });
    refund.state = 'refunded';
    this.logger.log({
      orderId: order._id.toHexString(),
      refundRef: refund.ref,
      refund: toShekels(agorot(refund.amountAgorot)),
      msg: 'refunded',
    });
    return null;
  }

  /** Step 2: the credit note of a refund of money (none for a refund of nothing). */
  private async issueCreditNote(order: RefundOrder, refund: StoredRefund): Promise<number | null> {
    if (refund.amountAgorot === 0) return null;
    if (refund.creditNoteNumber) return refund.creditNoteNumber;
    let note;
    try {
      note = await this.creditNotes.issue({
        orderId: order._id.toHexString(),
        refundRef: refund.ref,
        amountAgorot: refund.amountAgorot,
        reason: refund.reason,
      });
    } catch (error) {
      // The money is back; a note the receipt cannot carry will not be issued by retrying.
      if (error instanceof CreditNoteRefusedError) throw new UnrecoverableError(error.message);
      throw error;
    }
    await this.orders.updateOne(
      { _id: order._id, 'refunds.ref': refund.ref },
      { $set: { 'refunds.$.creditNoteNumber': note.number } },
    );
    return note.number;
  }

  /** Step 3: the cancellation's or the return's mail, once (its job id is the refund's). */
  private async mailBuyer(order: RefundOrder, refund: StoredRefund): Promise<boolean> {
    if (refund.mailedAt) return false;
    const mail: MailJob = {
      template: REFUND_MAIL_TEMPLATES[refund.reason],
      to: order.user.email,
      orderId: order._id.toHexString(),
      refundRef: refund.ref,
    };
    await this.mail.add(ORDER_JOB_NAME, mail, {
      jobId: refundMailJobId(refund.ref, refund.reason),
      attempts: 8,
      backoff: { type: 'exponential', delay: 5000 },
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: false,
    });
    await this.orders.updateOne(
      { _id: order._id, 'refunds.ref': refund.ref },
      { $set: { 'refunds.$.mailedAt': new Date() } },
    );
    return true;
  }

  private async fail(order: RefundOrder, refund: StoredRefund, reason: string): Promise<string> {
    await this.record(order, refund, { state: 'failed', lastError: reason });
    this.logger.warn({
      orderId: order._id.toHexString(),
      refundRef: refund.ref,
      reason,
      msg: 'refund failed',
    });
    return reason;
  }

  /** Writes onto the refund (never once it is refunded) and counts the provider call. */
  private async record(
    order: RefundOrder,
    refund: StoredRefund,
    fields: Record<string, unknown>,
  ): Promise<void> {
    const set = Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [`refunds.$.${key}`, value]),
    );
    await this.orders.updateOne(
      { _id: order._id, refunds: { $elemMatch: { ref: refund.ref, state: { $ne: 'refunded' } } } },
      { $set: set, $inc: { 'refunds.$.attempts': 1 } },
    );
  }
}
