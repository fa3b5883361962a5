import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import type { BuyerOrdersPage, BuyerOrdersQuery } from '@mechabrim/contracts';
import { ORDER_MODEL, type OrderModel } from '@mechabrim/db';
import { toBuyerOrder, type StoredBuyerOrder } from './buyer-order.answer';

/** The buyer's own orders (`/orders`). */
@Injectable()
export class OrdersService {
  constructor(@InjectModel(ORDER_MODEL) private readonly orders: OrderModel) {}

  /** One page of the user's orders, newest first; nobody else's order is ever in it. */
  async mine(userId: string, query: BuyerOrdersQuery): Promise<BuyerOrdersPage> {
    const filter = { 'user.userId': new Types.ObjectId(userId) };
    const [rows, total] = await Promise.all([
      this.orders
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((query.page - 1) * query.limit)
        .limit(query.limit)
        .select({ 'payment.notifyLog': 0, user: 0, shippingAddress: 0, requestFingerprint: 0 })
        .lean<StoredBuyerOrder[]>()
        .exec(),
      this.orders.countDocuments(filter),
    ]);
    return {
      orders: rows.map(toBuyerOrder),
      page: query.page,
      limit: query.limit,
      total,
      hasMore: query.page * query.limit < total,
    };
  }
}
