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
  shipping?: { priceAgorot: number; method?: string | null; region?: string | null } | null;
  currency?: string | null;
  requestFingerprint?: string | null;
  expiresAt?: Date | null;
  paidAt?: Date | null;
  payment?: {
    provider: string;
    transactionId?: string | null;
    failureCode?: string | null;
    failureMessage?: string | null;
    attempts?: PaymentAttempt[];
    notifyLog?: NotifyLogEntry[];
  } | null;
}

/** One opening of the hosted page (the order's `payment.attempts`). */
export interface PaymentAttempt {
  ref: string;
  amountAgorot: number;
  createdAt: Date;
}

/** One entry of the order's payment history (`payment.notifyLog`), as the notify use case reads it. */
export interface NotifyLogEntry {
  outcome: string;
  transactionId?: string | null;
}

/** The amount an order asks for: books plus shipping (older orders: the books' total). */
export function amountDueOf(order: PayableOrder) {
  return agorot(order.amountDueAgorot ?? order.totalAmountAgorot);
}

/** An order as the payment provider sees it, for one payment attempt. */
export function paymentOrderOf(order: PayableOrder, paymentRef: string): PaymentOrder {
  const copies = order.books.reduce((count, line) => count + line.quantity, 0);
  return {
    paymentRef,
    amountDueAgorot: amountDueOf(order),
    description: messagesHe.payments.orderDescription(copies),
    buyer: {
      name: order.user.name,
      email: order.user.email,
      phone: order.shippingAddress.phone ?? '',
    },
  };
}
