import type { Types } from 'mongoose';
import {
  ORDER_CURRENCY,
  ORDER_LIFECYCLE_STATUSES,
  REFUND_STATES,
  RETURN_WINDOW_DAYS,
  type BuyerCancellation,
  type BuyerReturn,
  type ReturnState,
  type BuyerOrder,
  type OrderLifecycleStatus,
} from '@mechabrim/contracts';
import { effectiveOrderStatus, returnDeadline, type StoredOrder } from '@mechabrim/db';
import {
  agorot,
  lineTotal,
  toShekels,
  type ShippingMethod,
  type ShippingRegion,
} from '@mechabrim/money';

/** A stored order as the buyer's list reads it (lean). */
export interface StoredBuyerOrder {
  _id: Types.ObjectId;
  createdAt?: Date | null;
  status?: string | null;
  expiresAt?: Date | null;
  paidAt?: Date | null;
  books: StoredOrder['books'];
  totalAmountAgorot: number;
  donationAmountAgorot: number;
  amountDueAgorot?: number | null;
  shipping?: { method: string; region: string; priceAgorot: number } | null;
  payment?: { transactionId?: string | null } | null;
  statusHistory?: { status: string; at: Date }[] | null;
  print?: { parcels?: { trackingNumber: string; carrier?: string; url?: string }[] | null } | null;
  cancellation?: { at: Date; feeAgorot: number; refundAgorot: number } | null;
  refunds?:
    | {
        ref?: string;
        reason: string;
        state: string;
        amountAgorot?: number;
        refundedAt?: Date | null;
      }[]
    | null;
  return?: StoredReturn | null;
}

/** An order's return as stored (lean). */
export interface StoredReturn {
  requestedAt: Date;
  reason: string;
  lines: { lineIndex: number; quantity: number }[];
  state: string;
  receivedAt?: Date | null;
  refundRef?: string | null;
  rejectionReason?: string | null;
}

/** Only links a buyer can safely open (the partner's tracking page), nothing else. */
const safeLink = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : '');

/**
 * The buyer's reading of a stored status. Orders from before online payment carry `pending`
 * (placed, awaiting handling), which for the buyer is a paid order not yet in processing.
 */
function buyerStatus(order: StoredBuyerOrder): OrderLifecycleStatus {
  const status = effectiveOrderStatus(order);
  if (status === 'pending') return 'paid';
  return (ORDER_LIFECYCLE_STATUSES as readonly string[]).includes(status)
    ? (status as OrderLifecycleStatus)
    : 'paid';
}

/**
 * The cancellation as its buyer reads it: the fee and refund, and where the refund stands. An
 * order cancelled before refunds went through the payment port (no refund record) reads
 * `pending`: the money is still owed.
 */
function buyerCancellation(order: StoredBuyerOrder): BuyerCancellation | null {
  const cancellation = order.cancellation;
  if (!cancellation) return null;
  const refund = (order.refunds ?? []).find((candidate) => candidate.reason === 'cancellation');
  const state = (REFUND_STATES as readonly string[]).includes(refund?.state ?? '')
    ? (refund?.state as BuyerCancellation['refundState'])
    : 'pending';
  return {
    at: cancellation.at.toISOString(),
    fee: toShekels(agorot(cancellation.feeAgorot)),
    refund: toShekels(agorot(cancellation.refundAgorot)),
    refundState: state,
    refundedAt: refund?.refundedAt ? refund.refundedAt.toISOString() : null,
  };
}

/** The return as its buyer reads it: the copies, its state and, once received, its refund. */
export function toBuyerReturn(
  order: Pick<StoredBuyerOrder, 'return' | 'refunds'>,
): BuyerReturn | null {
  return order.return ? buyerReturnOf(order.return, order.refunds ?? []) : null;
}

/** A stored return as its buyer reads it, with its refund from the order's refunds. */
export function buyerReturnOf(
  stored: StoredReturn,
  refunds: NonNullable<StoredBuyerOrder['refunds']>,
): BuyerReturn {
  const refund = stored.refundRef
    ? refunds.find((candidate) => candidate.ref === stored.refundRef)
    : undefined;
  const refundState = (REFUND_STATES as readonly string[]).includes(refund?.state ?? '')
    ? (refund?.state as BuyerCancellation['refundState'])
    : null;
  return {
    requestedAt: stored.requestedAt.toISOString(),
    reason: stored.reason,
    lines: stored.lines.map((line) => ({ lineIndex: line.lineIndex, quantity: line.quantity })),
    state: stored.state as ReturnState,
    receivedAt: stored.receivedAt ? stored.receivedAt.toISOString() : null,
    refund: refund?.amountAgorot === undefined ? null : toShekels(agorot(refund.amountAgorot)),
    refundState,
    refundedAt: refund?.refundedAt ? refund.refundedAt.toISOString() : null,
    rejectionReason: stored.state === 'rejected' ? (stored.rejectionReason ?? null) : null,
  };
}

/** Until when the buyer may still ask to return books: delivered, paid, no return yet. */
function returnableUntil(order: StoredBuyerOrder, now: Date): string | null {
  if (order.return || !order.paidAt) return null;
  const deadline = returnDeadline(order, RETURN_WINDOW_DAYS);
  return deadline && deadline > now ? deadline.toISOString() : null;
}

/** Where the buyer downloads an order's receipt. */
export const receiptPath = (orderId: string): string => `/api/orders/${orderId}/receipt`;

/** Where the buyer downloads one of an order's credit notes. */
export const creditNotePath = (orderId: string, number: number): string =>
  `/api/orders/${orderId}/credit-notes/${number}`;

/** An issued credit note of the order as the buyer's list reads it (lean). */
export interface StoredBuyerCreditNote {
  number: number;
  totalAgorot: number;
  issuedAt: Date;
}

/**
 * A stored order as its buyer sees it: agorot become shekels. `hasReceipt`: the worker issued
 * the order's tax receipt; `creditNotes`: the issued credit notes of its refunds.
 */
export function toBuyerOrder(
  order: StoredBuyerOrder,
  hasReceipt = false,
  creditNotes: readonly StoredBuyerCreditNote[] = [],
  now: Date = new Date(),
): BuyerOrder {
  const shippingAgorot = agorot(order.shipping?.priceAgorot ?? 0);
  return {
    _id: order._id.toHexString(),
    createdAt: (order.createdAt ?? new Date(0)).toISOString(),
    status: buyerStatus(order),
    lines: order.books.map((line) => ({
      bookId: line.book._id.toHexString(),
      title: line.book.title,
      authorId: line.book.author.toHexString(),
      authorName: line.book.authorName ?? '',
      coverImage: line.book.coverImage ?? '',
      unitPrice: toShekels(agorot(line.priceAgorot)),
      quantity: line.quantity,
      lineTotal: toShekels(lineTotal(agorot(line.priceAgorot), line.quantity)),
    })),
    shipping: order.shipping
      ? {
          method: order.shipping.method as ShippingMethod,
          region: order.shipping.region as ShippingRegion,
          price: toShekels(shippingAgorot),
        }
      : null,
    subtotal: toShekels(agorot(order.totalAmountAgorot)),
    donation: toShekels(agorot(order.donationAmountAgorot)),
    total: toShekels(agorot(order.amountDueAgorot ?? order.totalAmountAgorot)),
    currency: ORDER_CURRENCY,
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    transactionId: order.payment?.transactionId ?? null,
    receiptUrl: hasReceipt ? receiptPath(order._id.toHexString()) : null,
    creditNotes: creditNotes.map((note) => ({
      number: note.number,
      amount: toShekels(agorot(note.totalAgorot)),
      issuedAt: note.issuedAt.toISOString(),
      url: creditNotePath(order._id.toHexString(), note.number),
    })),
    timeline: (order.statusHistory ?? []).flatMap((step) =>
      (ORDER_LIFECYCLE_STATUSES as readonly string[]).includes(step.status)
        ? [{ status: step.status as OrderLifecycleStatus, at: step.at.toISOString() }]
        : [],
    ),
    // A pickup order's parcel goes to our own branch: its tracking number is not the buyer's.
    tracking: (order.shipping?.method === 'pickup' ? [] : (order.print?.parcels ?? [])).map(
      (parcel) => ({
        number: parcel.trackingNumber,
        carrier: parcel.carrier ?? '',
        url: safeLink(parcel.url),
      }),
    ),
    cancellation: buyerCancellation(order),
    return: toBuyerReturn(order),
    returnableUntil: returnableUntil(order, now),
  };
}
