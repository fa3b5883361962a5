import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import type { BuyerOrdersPage, BuyerOrdersQuery } from '@mechabrim/contracts';
import { ORDER_MODEL, RECEIPT_MODEL, type OrderModel, type ReceiptModel } from '@mechabrim/db';
import { toBuyerOrder, type StoredBuyerOrder } from './buyer-order.answer';

/** Stored statuses of a payment attempt that never became an order. */
const UNCONFIRMED_ATTEMPT_STATUSES = ['pending_payment', 'expired'] as const;

/** The buyer's own orders (`/orders`). */
@Injectable()
export class OrdersService {
  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(RECEIPT_MODEL) private readonly receipts: ReceiptModel,
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
    const issued = await this.receipts
      .find({ orderId: { $in: rows.map((row) => row._id) }, status: 'issued' }, { orderId: 1 })
      .lean()
      .exec();
    const withReceipt = new Set(issued.map((receipt) => receipt.orderId.toHexString()));
    return {
      orders: rows.map((row) => toBuyerOrder(row, withReceipt.has(row._id.toHexString()))),
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
  ): Promise<{ fileKey: string | null; documentUrl: string | null; number: number } | null> {
    const order = await this.orders
      .findById(orderId, { 'user.userId': 1 })
      .lean<{ user?: { userId?: Types.ObjectId | null } }>()
      .exec();
    if (!order) return null;
    const isOwner = order.user?.userId?.toHexString() === user.id;
    if (!isOwner && user.role !== 'admin') return null;
    const receipt = await this.receipts
      .findOne({ orderId: new Types.ObjectId(orderId), status: 'issued' })
      .lean()
      .exec();
    if (!receipt) return null;
    return {
      fileKey: receipt.fileKey ?? null,
      documentUrl: receipt.documentUrl ?? null,
      number: receipt.number,
    };
  }
}
