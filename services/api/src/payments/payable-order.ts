import type { Types } from 'mongoose';
import { agorot } from '@mechabrim/money';
import { messagesHe } from '../common/messages.he';
import type { PaymentOrder } from './providers/payment-provider';

/** The fields of a stored order the payment use cases read (a lean query's shape). */
export interface PayableOrder {
  _id: Types.ObjectId;
  status: string;
  user: { userId?: Types.ObjectId | null; name: string; email: string };
  shippingAddress: { phone?: string | null };
  books: { quantity: number }[];
  totalAmountAgorot: number;
  donationAmountAgorot: number;
  amountDueAgorot?: number | null;
  shipping?: { priceAgorot: number } | null;
  currency?: string | null;
  requestFingerprint?: string | null;
  expiresAt?: Date | null;
  paidAt?: Date | null;
  payment?: {
    provider: string;
    transactionId?: string | null;
    failureCode?: string | null;
    failureMessage?: string | null;
  } | null;
}

/** An order as the payment provider sees it. */
export function paymentOrderOf(order: PayableOrder): PaymentOrder {
  const copies = order.books.reduce((count, line) => count + line.quantity, 0);
  return {
    id: order._id.toHexString(),
    amountDueAgorot: agorot(order.amountDueAgorot ?? order.totalAmountAgorot),
    description: messagesHe.payments.orderDescription(copies),
    buyer: {
      name: order.user.name,
      email: order.user.email,
      phone: order.shippingAddress.phone ?? '',
    },
  };
}
