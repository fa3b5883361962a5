import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { randomBytes } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import {
  BOOK_QUEUE_NAMES,
  bookSalesJobs,
  ORDER_QUEUE_NAMES,
  orderReference,
  RETURN_WINDOW_DAYS,
  mailJobSchema,
  type AdminReturn,
  type AdminReturnReject,
  type AdminReturnsAnswer,
  type AdminReturnsQuery,
  type BuyerReturn,
  type OrderReturnRequest,
  type RefundsJob,
} from '@mechabrim/contracts';
import {
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  OUTBOX_MODEL,
  returnDeadline,
  returnEntries,
  type LedgerEntryInput,
  type LedgerEntryModel,
  type OrderModel,
  type OutboxModel,
} from '@mechabrim/db';
import { agorot, returnRefundOf, toShekels, type Agorot } from '@mechabrim/money';
import type { Queue } from 'bullmq';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { QueueProducer } from '../infra/queue-producer';
import { OutboxRelay } from '../payments/outbox-relay.service';
import { buyerReturnOf, type StoredBuyerOrder, type StoredReturn } from './buyer-order.answer';

interface OrderToReturn {
  _id: Types.ObjectId;
  status: string;
  paidAt?: Date | null;
  user: { email: string };
  statusHistory?: { status: string; at: Date }[] | null;
  books: {
    book: { _id: Types.ObjectId; author: Types.ObjectId; title: string };
    quantity: number;
    priceAgorot: number;
  }[];
  refunds?: StoredBuyerOrder['refunds'];
  return?: StoredReturn | null;
}

/** A new refund's reference: 128 random bits, the payment provider's duplicate guard. */
const newRefundRef = () => `rf_${randomBytes(16).toString('base64url')}`;

/** How many returns the admins' list shows at most. */
const LIST_LIMIT = 100;

const RETURN_FIELDS = {
  status: 1,
  paidAt: 1,
  'user.email': 1,
  statusHistory: 1,
  books: 1,
  refunds: 1,
  return: 1,
} as const;

/** The returned copies' price: what the buyer gets back (spec §9; return shipping is theirs). */
function returnedTotal(order: OrderToReturn, lines: StoredReturn['lines']): Agorot {
  return returnRefundOf(order.books, lines);
}

function toAdminReturn(order: OrderToReturn & { return: StoredReturn }): AdminReturn {
  const orderId = order._id.toHexString();
  const stored = order.return;
  return {
    orderId,
    orderReference: orderReference(orderId),
    buyerEmail: order.user.email,
    requestedAt: stored.requestedAt.toISOString(),
    reason: stored.reason,
    lines: stored.lines.map((line) => {
      const ordered = order.books[line.lineIndex];
      return {
        lineIndex: line.lineIndex,
        title: ordered?.book.title ?? '',
        quantity: line.quantity,
        unitPrice: toShekels(agorot(ordered?.priceAgorot ?? 0)),
      };
    }),
    amount: toShekels(returnedTotal(order, stored.lines)),
    state: stored.state as AdminReturn['state'],
    receivedAt: stored.receivedAt ? stored.receivedAt.toISOString() : null,
    refundRef: stored.refundRef ?? null,
    rejectionReason: stored.rejectionReason ?? null,
  };
}

/**
 * Returns of delivered books (spec §9, issue 22 item 3):
 * 1. `POST /api/orders/:id/return`: the buyer of a paid, delivered order asks, within 14 days of
 *    its delivery, to send back some copies (at most the line's, at least one), saying why. An
 *    order has at most one return.
 * 2. `POST /api/admin/returns/:orderId/receive`: an admin confirms the books arrived. In one
 *    transaction the return becomes `received`, a refund record (`return`, the returned copies'
 *    price, no fee) and its `refunds` job go into the order and the outbox, and the ledger gets
 *    the return's entries (the author's, community's and platform's shares of those copies taken
 *    back; the print cost stays paid, so the platform bears it). The worker's `refunds` job then
 *    gives the money back, issues the credit note and mails `order-returned`, as for a
 *    cancellation; the books' sales counts follow the ledger through `book-sales`.
 * 3. `POST /api/admin/returns/:orderId/reject`: or an admin refuses it, saying why; the buyer is
 *    mailed (`return-rejected`) and nothing is refunded.
 */
@Injectable()
export class OrderReturnsService {
  private readonly logger = new Logger(OrderReturnsService.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @InjectQueue(BOOK_QUEUE_NAMES.bookSales) private readonly bookSales: Queue,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly producer: QueueProducer,
    private readonly relay: OutboxRelay,
  ) {}

  async request(
    user: AuthenticatedUser,
    orderId: string,
    body: OrderReturnRequest,
  ): Promise<BuyerReturn> {
    const id = new Types.ObjectId(orderId);
    const now = new Date();
    const order = await this.orders
      .findOne({ _id: id, 'user.userId': new Types.ObjectId(user.id) })
      .select(RETURN_FIELDS)
      .lean<OrderToReturn>();
    if (!order) throw new DomainError('not_found', messagesHe.orders.notFound);
    if (order.return) throw new DomainError('conflict', messagesHe.returns.alreadyRequested);
    if (order.status !== 'delivered' || !order.paidAt)
      throw new DomainError('conflict', messagesHe.returns.notDelivered);
    const deadline = returnDeadline(order, RETURN_WINDOW_DAYS);
    if (!deadline || now >= deadline)
      throw new DomainError('conflict', messagesHe.returns.windowPassed);
    for (const line of body.lines) {
      const ordered = order.books[line.lineIndex];
      if (!ordered) throw new DomainError('invalid_data', messagesHe.returns.lineNotInOrder);
      if (line.quantity > ordered.quantity)
        throw new DomainError(
          'invalid_data',
          messagesHe.returns.tooManyCopies(ordered.book.title, ordered.quantity),
        );
    }
    const stored: StoredReturn = {
      requestedAt: now,
      reason: body.reason,
      lines: [...body.lines].sort((a, b) => a.lineIndex - b.lineIndex),
      state: 'requested',
      receivedAt: null,
      refundRef: null,
    };
    const written = await this.orders.updateOne(
      { _id: id, status: 'delivered', return: null },
      { $set: { return: stored } },
    );
    if (written.modifiedCount === 0)
      throw new DomainError('conflict', messagesHe.returns.alreadyRequested);
    this.logger.log({ orderId, copies: stored.lines.length, msg: 'return requested' });
    return buyerReturnOf(stored, order.refunds ?? []);
  }

  async list(query: AdminReturnsQuery): Promise<AdminReturnsAnswer> {
    const rows = await this.orders
      .find({ 'return.state': query.state })
      .sort({ 'return.requestedAt': 1 })
      .limit(LIST_LIMIT)
      .select(RETURN_FIELDS)
      .lean<Array<OrderToReturn & { return: StoredReturn }>>();
    return { returns: rows.map(toAdminReturn) };
  }

  /** The books arrived: the return received, its refund and ledger entries in one transaction. */
  async receive(admin: AuthenticatedUser, orderId: string): Promise<AdminReturn> {
    const id = new Types.ObjectId(orderId);
    const at = new Date();
    const refundRef = newRefundRef();
    const received = await this.connection.transaction(async (session) => {
      const order = await this.orders
        .findOne({ _id: id, 'return.state': 'requested' })
        .select(RETURN_FIELDS)
        .session(session)
        .lean<OrderToReturn & { return: StoredReturn }>();
      if (!order) return null;
      const amount = returnedTotal(order, order.return.lines);
      const after = await this.orders
        .findOneAndUpdate(
          { _id: id, 'return.state': 'requested' },
          {
            $set: {
              'return.state': 'received',
              'return.receivedAt': at,
              'return.receivedBy': new Types.ObjectId(admin.id),
              'return.refundRef': refundRef,
            },
            $push: {
              refunds: {
                ref: refundRef,
                reason: 'return',
                amountAgorot: amount,
                feeAgorot: 0,
                state: 'pending',
                requestedAt: at,
              },
            },
          },
          { session, returnDocument: 'after' },
        )
        .select(RETURN_FIELDS)
        .lean<OrderToReturn & { return: StoredReturn }>();
      if (!after) return null;
      const entries = await this.ledger
        .find({ orderId: id, kind: 'sale' })
        .session(session)
        .lean<LedgerEntryInput[]>();
      const rows = returnEntries(order, entries, order.return.lines, this.policyOf(entries), at);
      if (rows.length > 0) await this.ledger.insertMany(rows, { session, ordered: true });
      const job: RefundsJob = { orderId, refundRef };
      await this.outbox.create([{ type: ORDER_QUEUE_NAMES.refunds, payload: job, createdAt: at }], {
        session,
      });
      return { order: after, amount };
    });
    if (!received) throw await this.notRequested(id);
    this.relay.nudge();
    const { order, amount } = received;
    await this.countSales(
      order.return.lines.flatMap((line) => {
        const ordered = order.books[line.lineIndex];
        return ordered ? [ordered.book._id.toHexString()] : [];
      }),
    );
    this.logger.log({ orderId, refundRef, refundAgorot: amount, msg: 'return received' });
    return toAdminReturn(order);
  }

  /**
   * An admin refuses the return (the books did not come back as sold, or not at all): the return
   * becomes `rejected` with the reason, and the buyer's mail goes into the outbox in the same
   * transaction. Nothing is refunded and the ledger is not touched.
   */
  async reject(
    admin: AuthenticatedUser,
    orderId: string,
    body: AdminReturnReject,
  ): Promise<AdminReturn> {
    const id = new Types.ObjectId(orderId);
    const at = new Date();
    const rejected = await this.connection.transaction(async (session) => {
      const after = await this.orders
        .findOneAndUpdate(
          { _id: id, 'return.state': 'requested' },
          {
            $set: {
              'return.state': 'rejected',
              'return.rejectedAt': at,
              'return.rejectionReason': body.reason,
              'return.receivedBy': new Types.ObjectId(admin.id),
            },
          },
          { session, returnDocument: 'after' },
        )
        .select(RETURN_FIELDS)
        .lean<OrderToReturn & { return: StoredReturn }>();
      if (!after) return null;
      const mail = mailJobSchema.parse({
        template: 'return-rejected',
        to: after.user.email,
        orderId,
        reason: body.reason,
      });
      await this.outbox.create([{ type: ORDER_QUEUE_NAMES.mail, payload: mail, createdAt: at }], {
        session,
      });
      return after;
    });
    if (!rejected) throw await this.notRequested(id);
    this.relay.nudge();
    this.logger.log({ orderId, msg: 'return rejected' });
    return toAdminReturn(rejected);
  }

  /** Why a return could not move on: it was decided already (409), or there is none (404). */
  private async notRequested(id: Types.ObjectId): Promise<DomainError> {
    const exists = await this.orders.exists({ _id: id, return: { $ne: null } });
    return exists
      ? new DomainError('conflict', messagesHe.returns.notRequested)
      : new DomainError('not_found', messagesHe.returns.notFound);
  }

  private policyOf(entries: readonly LedgerEntryInput[]): LedgerEntryInput['policy'] {
    return entries[0]?.policy ?? this.config.splitPolicy;
  }

  /** Has the worker bring the books' sales counts down to the ledger (the `book-sales` count). */
  private async countSales(bookIds: readonly string[]): Promise<void> {
    try {
      await this.producer.addBulk(this.bookSales, bookSalesJobs(bookIds, 0));
    } catch (error) {
      this.logger.warn({
        books: bookIds,
        err: error instanceof Error ? error.message : String(error),
        msg: 'sales counts not queued after a return',
      });
    }
  }
}
