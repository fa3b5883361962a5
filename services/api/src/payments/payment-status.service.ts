import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import {
  ORDER_CURRENCY,
  type PaymentStatus,
  type PaymentStatusResponse,
} from '@mechabrim/contracts';
import {
  effectiveOrderStatus,
  ORDER_MODEL,
  PAID_ORDER_STATUSES,
  type OrderModel,
} from '@mechabrim/db';
import { agorot, SHIPPING_METHODS, SHIPPING_REGIONS, toShekels } from '@mechabrim/money';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { PayableOrder } from './payable-order';

const PAID_STATUSES = new Set<string>(PAID_ORDER_STATUSES);

/** How the order travels, as the success page reads it; null when the order did not record it. */
function shippingOf(order: PayableOrder): PaymentStatusResponse['shipping'] {
  const method = SHIPPING_METHODS.find((known) => known === order.shipping?.method);
  const region = SHIPPING_REGIONS.find((known) => known === order.shipping?.region);
  return method && region ? { method, region } : null;
}

/** The payment status of spec §3 for an order's status. */
function paymentStatusOf(order: PayableOrder): PaymentStatus {
  const status = effectiveOrderStatus(order);
  if (PAID_STATUSES.has(status)) return 'completed';
  if (status === 'payment_review') return 'review';
  if (status === 'expired') return 'expired';
  if (status === 'cancelled') return 'cancelled';
  return order.payment?.failureCode ? 'failed' : 'pending';
}

/**
 * `GET /api/payments/status/:transactionId`: where the buyer's payment stands. The id is the
 * provider's transaction number (the frame's return parameters carry it), the payment attempt's
 * reference (the create answer's `transaction_id`) or the order's id. Only the order's buyer gets
 * an answer; for anyone else the payment does not exist (404), so ids cannot be probed.
 */
@Injectable()
export class PaymentStatusService {
  constructor(@InjectModel(ORDER_MODEL) private readonly orders: OrderModel) {}

  async status(userId: string, transactionId: string): Promise<PaymentStatusResponse> {
    const owner = new Types.ObjectId(userId);
    const byTransaction = [
      { 'payment.transactionId': transactionId },
      { 'payment.attempts.ref': transactionId },
      { 'payment.notifyLog.transactionId': transactionId },
      { 'payment.notifyLog.fields.index': transactionId },
    ];
    const ids =
      Types.ObjectId.isValid(transactionId) && /^[a-f\d]{24}$/i.test(transactionId)
        ? [{ _id: new Types.ObjectId(transactionId) }]
        : [];
    const order = await this.orders
      .findOne({ 'user.userId': owner, $or: [...ids, ...byTransaction] })
      .lean<PayableOrder>()
      .exec();
    if (!order) throw new DomainError('not_found', messagesHe.payments.paymentNotFound);
    const status = paymentStatusOf(order);
    return {
      success: status === 'completed',
      status,
      error: status === 'failed' ? (order.payment?.failureMessage ?? null) : null,
      order_id: order._id.toHexString(),
      transaction_id: order.payment?.transactionId ?? null,
      amount: toShekels(agorot(order.amountDueAgorot ?? order.totalAmountAgorot)),
      currency: ORDER_CURRENCY,
      error_code: status === 'failed' ? (order.payment?.failureCode ?? null) : null,
      shipping: shippingOf(order),
    };
  }
}
