import { type Types } from 'mongoose';
import { agorot, donationOf, sumAgorot, lineTotal, toShekels, type Agorot } from '@mechabrim/money';

/** Order statuses of spec §4; any other value is read as `pending`. */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The lines' total and its community donation, in agorot, as an order stores them. */
export function orderAmounts(lines: ReadonlyArray<{ quantity: number; priceAgorot: number }>): {
  totalAmountAgorot: Agorot;
  donationAmountAgorot: Agorot;
} {
  const totalAmountAgorot = sumAgorot(
    lines.map((line) => lineTotal(agorot(line.priceAgorot), line.quantity)),
  );
  return { totalAmountAgorot, donationAmountAgorot: donationOf(totalAmountAgorot) };
}

/** An order as the author view of spec §3 shows it: money in shekels. */
export interface OrderAnswer {
  _id: string;
  createdAt: string;
  status: OrderStatus;
  user: { name: string; email: string };
  shippingAddress: { street: string; city: string; zip: string; country: string };
  books: {
    book: { _id: string; author: string; authorName: string; title: string; coverImage: string };
    quantity: number;
    price: number;
  }[];
  totalAmount: number;
  donationAmount: number;
  paymentMethod: string;
}

/** A stored order as a lean query reads it. */
export interface StoredOrder {
  _id: Types.ObjectId;
  createdAt?: Date | null;
  status?: string | null;
  user: { name: string; email: string };
  shippingAddress: { street: string; city: string; zip?: string | null; country?: string | null };
  books: {
    book: {
      _id: Types.ObjectId;
      title: string;
      author: Types.ObjectId;
      authorName?: string | null;
      coverImage?: string | null;
    };
    quantity: number;
    priceAgorot: number;
  }[];
  totalAmountAgorot: number;
  donationAmountAgorot: number;
  paymentMethod?: string | null;
}

/** Turns a stored (lean) order into its answer: agorot become shekels, an unknown status pending. */
export function toOrderAnswer(order: StoredOrder): OrderAnswer {
  const status = (ORDER_STATUSES as readonly string[]).includes(order.status ?? '')
    ? (order.status as OrderStatus)
    : 'pending';
  return {
    _id: order._id.toHexString(),
    createdAt: (order.createdAt ?? new Date(0)).toISOString(),
    status,
    user: { name: order.user.name, email: order.user.email },
    shippingAddress: {
      street: order.shippingAddress.street,
      city: order.shippingAddress.city,
      zip: order.shippingAddress.zip ?? '',
      country: order.shippingAddress.country ?? '',
    },
    books: order.books.map((line) => ({
      book: {
        _id: line.book._id.toHexString(),
        author: line.book.author.toHexString(),
        authorName: line.book.authorName ?? '',
        title: line.book.title,
        coverImage: line.book.coverImage ?? '',
      },
      quantity: line.quantity,
      price: toShekels(agorot(line.priceAgorot)),
    })),
    totalAmount: toShekels(agorot(order.totalAmountAgorot)),
    donationAmount: toShekels(agorot(order.donationAmountAgorot)),
    paymentMethod: order.paymentMethod ?? 'credit_card',
  };
}

/**
 * The status an order is read with: a `pending_payment` order past its `expiresAt` is expired
 * already, even before the API's periodic sweep has written that.
 */
export function effectiveOrderStatus(
  order: { status?: string | null; expiresAt?: Date | null },
  now: Date = new Date(),
): string {
  const status = order.status ?? 'pending';
  if (status === 'pending_payment' && order.expiresAt && order.expiresAt <= now) return 'expired';
  return status;
}
