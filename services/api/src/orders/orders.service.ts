import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import type { BuyerOrdersPage, BuyerOrdersQuery } from '@mechabrim/contracts';
import {
  CREDIT_NOTE_MODEL,
  ORDER_MODEL,
  RECEIPT_MODEL,
  type CreditNoteModel,
  type OrderModel,
  type ReceiptModel,
} from '@mechabrim/db';
import {
  toBuyerOrder,
  type StoredBuyerCreditNote,
  type StoredBuyerOrder,
} from './buyer-order.answer';

/** A tax document of an order (receipt or credit note): our stored PDF or the provider's URL. */
export interface OrderDocument {
  fileKey: string | null;
  documentUrl: string | null;
  /** The name the download is offered under. */
  fileName: string;
}

/** Stored statuses of a payment attempt that never became an order. */
const UNCONFIRMED_ATTEMPT_STATUSES = ['pending_payment', 'expired'] as const;

/** The buyer's own orders (`/orders`). */
@Injectable()
export class OrdersService {
  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(RECEIPT_MODEL) private readonly receipts: ReceiptModel,
    @InjectModel(CREDIT_NOTE_MODEL) private readonly creditNotes: CreditNoteModel,
  ) {}

  /**
   * One page of the user's orders, newest first; nobody else's order is ever in it. A payment
   * attempt that never became an order — still awaiting payment (declined, abandoned or in the
   * provider's frame) or expired unpaid — is not listed: spec §4 "an order is confirmed only after
   * the card company or payment service approves", and the buyer could do nothing with it.
   */
  async mine(userId: string, query: BuyerOrdersQuery): Promise<BuyerOrdersPage> {
    const filter = {
      'user.userId': new Types.ObjectId(userId),
      status: { $nin: [...UNCONFIRMED_ATTEMPT_STATUSES] },
    };
    const [rows, total] = await Promise.all([
      this.orders
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((query.page - 1) * query.limit)
        .limit(query.limit)
        .select({
          'payment.notifyLog': 0,
          'payment.attempts': 0,
          user: 0,
          shippingAddress: 0,
          requestFingerprint: 0,
        })
        .lean<StoredBuyerOrder[]>()
        .exec(),
      this.orders.countDocuments(filter),
    ]);
    // The page's receipts and credit notes: one query each, whatever the page's size.
    const orderIds = rows.map((row) => row._id);
    const [issued, notes] = await Promise.all([
      this.receipts
        .find({ orderId: { $in: orderIds }, status: 'issued' }, { orderId: 1 })
        .lean()
        .exec(),
      this.creditNotes
        .find(
          { orderId: { $in: orderIds }, status: 'issued' },
          { orderId: 1, number: 1, totalAgorot: 1, issuedAt: 1 },
        )
        .sort({ number: 1 })
        .lean()
        .exec(),
    ]);
    const withReceipt = new Set(issued.map((receipt) => receipt.orderId.toHexString()));
    const notesOf = new Map<string, StoredBuyerCreditNote[]>();
    for (const note of notes) {
      const key = note.orderId.toHexString();
      notesOf.set(key, [...(notesOf.get(key) ?? []), note]);
    }
    return {
      orders: rows.map((row) => {
        const key = row._id.toHexString();
        return toBuyerOrder(row, withReceipt.has(key), notesOf.get(key));
      }),
      page: query.page,
      limit: query.limit,
      total,
      hasMore: query.page * query.limit < total,
    };
  }

  /**
   * The issued receipt of an order its owner (or an admin) asks for; null when there is none or
   * the order is someone else's, so a stranger cannot tell which orders exist.
   */
  async receiptFor(
    orderId: string,
    user: { id: string; role: string },
  ): Promise<OrderDocument | null> {
    if (!(await this.mayRead(orderId, user))) return null;
    const receipt = await this.receipts
      .findOne({ orderId: new Types.ObjectId(orderId), status: 'issued' })
      .lean()
      .exec();
    return receipt && documentOf(receipt, `receipt-${receipt.number}.pdf`);
  }

  /** An issued credit note of the order, by its number; null as {@link receiptFor} is. */
  async creditNoteFor(
    orderId: string,
    number: number,
    user: { id: string; role: string },
  ): Promise<OrderDocument | null> {
    if (!(await this.mayRead(orderId, user))) return null;
    const note = await this.creditNotes
      .findOne({ orderId: new Types.ObjectId(orderId), number, status: 'issued' })
      .lean()
      .exec();
    return note && documentOf(note, `credit-note-${note.number}.pdf`);
  }

  /** Whether the order exists and is the user's own, or the user is an admin. */
  private async mayRead(orderId: string, user: { id: string; role: string }): Promise<boolean> {
    const order = await this.orders
      .findById(orderId, { 'user.userId': 1 })
      .lean<{ user?: { userId?: Types.ObjectId | null } }>()
      .exec();
    if (!order) return false;
    return order.user?.userId?.toHexString() === user.id || user.role === 'admin';
  }
}

function documentOf(
  stored: { fileKey?: string | null; documentUrl?: string | null },
  fileName: string,
): OrderDocument {
  return { fileKey: stored.fileKey ?? null, documentUrl: stored.documentUrl ?? null, fileName };
}
