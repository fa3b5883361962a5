import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Types, type ClientSession, type Connection } from 'mongoose';
import {
  cancellationFeeEntry,
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  OUTBOX_MODEL,
  reversalEntries,
  type LedgerEntryModel,
  type OrderModel,
  type OutboxModel,
} from '@mechabrim/db';
import { agorot, cancellationRefundOf, toShekels, type Agorot } from '@mechabrim/money';
import {
  BOOK_QUEUE_NAMES,
  bookSalesJobs,
  ORDER_QUEUE_NAMES,
  type OrderCancellationAnswer,
  type RefundsJob,
} from '@mechabrim/contracts';
import { PrintPartnerClient, PrintPartnerError } from '@mechabrim/server-kit';
import type { Queue } from 'bullmq';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { QueueProducer } from '../infra/queue-producer';
import { OutboxRelay } from '../payments/outbox-relay.service';
import { PRINT_PARTNER } from '../print/print-partner.provider';

/** Statuses a paid order may be cancelled from: before it leaves for the buyer (issue 11). */
export const CANCELLABLE_STATUSES = ['paid', 'processing'] as const;

/** How long a cancellation waits for a handoff in flight to name its print job. */
const HANDOFF_WAIT_MS = 5000;
const HANDOFF_POLL_MS = 200;

interface OrderToCancel {
  _id: Types.ObjectId;
  status: string;
  books: Array<{ book: { _id: Types.ObjectId; author: Types.ObjectId } }>;
  amountDueAgorot: number | null;
  totalAmountAgorot: number;
  print?: { jobId?: string | null; claimedBy?: string | null; claimedUntil?: Date | null } | null;
}

/** A new refund's reference: 128 random bits, the payment provider's duplicate guard. */
const newRefundRef = () => `rf_${randomBytes(16).toString('base64url')}`;

/**
 * `POST /api/orders/:id/cancel`: cancels a paid order while its print job can still be stopped.
 *
 * 1. **The press first.** A job the partner has is cancelled there; a partner that refuses because
 *    production started is a 409 and nothing changes. An order not handed off yet needs no call:
 *    the cancellation is written only while no handoff is in flight (no live claim on
 *    `print.claimedBy`), and the worker claims only printable orders, so one of the two wins. A
 *    handoff in flight is waited for (a few seconds) and its job then cancelled; so is one whose
 *    answer was lost and whose job the partner's search could not find or deny
 *    (`print.uncertainSince`: it may have made a job we have no id for), until a retry, the search
 *    or the partner's webhook names the job.
 * 2. **One transaction**: the order becomes `cancelled` with its fee and refund; a refund record
 *    (`pending`, with its own reference) and its `refunds` job in the outbox; every sale entry its
 *    split wrote, and its shipping fee's, gets a reversing entry, and the platform's fee its entry,
 *    so the order's entries add up to the fee kept: the charge less the refund. The split writes an order's entries first and then claims the order
 *    (`splitAt`) only while it is paid; a split that loses its order to this cancellation reverses
 *    what it wrote after this read the ledger.
 * 3. The `refunds` job (worker) gives the money back through the payment port, issues the credit
 *    note and mails the buyer; the books' sales counts follow the ledger through `book-sales`.
 */
@Injectable()
export class OrderCancellationService {
  private readonly logger = new Logger(OrderCancellationService.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @InjectQueue(BOOK_QUEUE_NAMES.bookSales) private readonly bookSales: Queue,
    @Inject(PRINT_PARTNER) private readonly printer: PrintPartnerClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly producer: QueueProducer,
    private readonly relay: OutboxRelay,
  ) {}

  async cancel(user: AuthenticatedUser, orderId: string): Promise<OrderCancellationAnswer> {
    const id = new Types.ObjectId(orderId);
    const mine = user.role === 'admin' ? {} : { 'user.userId': new Types.ObjectId(user.id) };
    const deadline = Date.now() + HANDOFF_WAIT_MS;
    let stoppedJob: string | null = null;
    for (;;) {
      const order = await this.orders
        .findOne({ _id: id, ...mine })
        .select({ books: 1, amountDueAgorot: 1, totalAmountAgorot: 1, status: 1, print: 1 })
        .lean<OrderToCancel>();
      if (!order) throw new DomainError('not_found', messagesHe.orders.notFound);
      if (!(CANCELLABLE_STATUSES as readonly string[]).includes(order.status))
        throw new DomainError('conflict', messagesHe.orders.notCancellable);
      const jobId = order.print?.jobId ?? null;
      if (jobId && jobId !== stoppedJob) {
        await this.stopPrintJob(jobId);
        stoppedJob = jobId;
      }
      const answer = await this.commit(user, order, stoppedJob);
      if (answer) return answer;
      // Another write came between: a handoff in flight (wait for its job id), or the order moved.
      if (Date.now() > deadline)
        throw new DomainError('conflict', messagesHe.orders.handoffInProgress);
      await sleep(HANDOFF_POLL_MS);
    }
  }

  /** Asks the partner to cancel the job: 409 once production started, 503 when unreachable. */
  private async stopPrintJob(jobId: string): Promise<void> {
    let outcome;
    try {
      outcome = await this.printer.cancelJob(jobId);
    } catch (error) {
      if (error instanceof PrintPartnerError) {
        this.logger.warn({ printJobId: jobId, err: error.message, msg: 'print cancel failed' });
        throw new DomainError('unavailable', messagesHe.orders.printPartnerUnavailable);
      }
      throw error;
    }
    if (outcome.outcome === 'too-late')
      throw new DomainError('conflict', messagesHe.orders.alreadyInProduction);
  }

  /**
   * The cancellation's one transaction; null when the order changed since it was read (a handoff
   * took a claim or named another job, or the order moved on): the caller reads it again.
   */
  private async commit(
    user: AuthenticatedUser,
    order: OrderToCancel,
    stoppedJob: string | null,
  ): Promise<OrderCancellationAnswer | null> {
    const at = new Date();
    const paid = agorot(order.amountDueAgorot ?? order.totalAmountAgorot);
    const { fee, refund } = cancellationRefundOf(paid);
    const refundRef = newRefundRef();
    // No handoff in flight: never handed off, no live claim and no handoff whose answer was lost
    // (the partner may have made a job no one knows the id of), or the job this cancellation
    // stopped at the partner.
    const pressStopped = [
      { print: null },
      { 'print.jobId': null, 'print.uncertainSince': null, 'print.claimedBy': null },
      { 'print.jobId': null, 'print.uncertainSince': null, 'print.claimedUntil': { $lt: at } },
      ...(stoppedJob ? [{ 'print.jobId': stoppedJob }] : []),
    ];
    let reversed = 0;
    const cancelled = await this.connection.transaction(async (session) => {
      const before = await this.orders
        .findOneAndUpdate(
          { _id: order._id, status: { $in: CANCELLABLE_STATUSES }, $or: pressStopped },
          {
            $set: {
              status: 'cancelled',
              cancellation: {
                at,
                by: user.role === 'admin' ? 'admin' : 'buyer',
                feeAgorot: fee,
                refundAgorot: refund,
              },
            },
            $push: {
              statusHistory: { status: 'cancelled', at },
              refunds: {
                ref: refundRef,
                reason: 'cancellation',
                amountAgorot: refund,
                feeAgorot: fee,
                state: 'pending',
                requestedAt: at,
              },
            },
          },
          { session, returnDocument: 'before' },
        )
        .select({ _id: 1 })
        .lean();
      if (!before) return false;
      reversed = await this.reverseLedger(order, fee, at, session);
      const job: RefundsJob = { orderId: order._id.toHexString(), refundRef };
      await this.outbox.create([{ type: ORDER_QUEUE_NAMES.refunds, payload: job, createdAt: at }], {
        session,
      });
      return true;
    });
    if (!cancelled) return null;
    this.relay.nudge();
    if (reversed > 0) await this.countSales(order.books.map((line) => line.book._id.toHexString()));
    this.logger.log({
      orderId: order._id.toHexString(),
      printJobId: stoppedJob,
      feeAgorot: fee,
      refundAgorot: refund,
      msg: 'order cancelled',
    });
    return {
      orderId: order._id.toHexString(),
      status: 'cancelled',
      fee: toShekels(fee),
      refund: toShekels(refund),
      refundState: 'pending',
      reversedEntries: reversed,
    };
  }

  /**
   * Every sale entry of the order gets its reversal, whether or not the split claimed it: `splitAt`
   * means all of them are in the ledger, and a split that wrote them and then stopped short of its
   * claim (a crash, its retries spent) left them there without it. A split that writes entries
   * after this reverses them itself (it finds the order cancelled when it claims). The fee is the
   * platform's, under the policy the order was split with (the configured one when not split yet).
   */
  private async reverseLedger(
    order: OrderToCancel,
    fee: Agorot,
    at: Date,
    session: ClientSession,
  ): Promise<number> {
    const entries = await this.ledger.find({ orderId: order._id }).session(session).lean();
    const reversals = reversalEntries(entries, at);
    const policy = entries[0]?.policy ?? this.config.splitPolicy;
    const feeEntry = cancellationFeeEntry(order, fee, policy, at);
    const rows = feeEntry ? [...reversals, feeEntry] : reversals;
    if (rows.length > 0) await this.ledger.insertMany(rows, { session, ordered: true });
    return reversals.length;
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
