import { SHIPPING_METHODS, SHIPPING_REGIONS } from '@mechabrim/money';
import { z } from 'zod';
import { queryInt } from './fields';
import { ORDER_CURRENCY } from './payments';
import { VALIDATION_HE } from './validation-messages.he';

/**
 * Where an order stands: `pending_payment` until the provider's notify is verified, then `paid`
 * and onwards through fulfilment. `payment_review` is an order whose notify did not match it (the
 * amount or the currency), never paid until a person checks it; `expired` a pending order left
 * unpaid past its time.
 */
export const ORDER_LIFECYCLE_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'payment_review',
  'expired',
] as const;
export type OrderLifecycleStatus = (typeof ORDER_LIFECYCLE_STATUSES)[number];

/**
 * The one Hebrew word of each stored order status, for every screen that names it (the reader's
 * orders, the author's orders): the same order reads the same to both. `pending` is the status of
 * orders from before online payment.
 */
export const ORDER_STATUS_HE: Record<OrderLifecycleStatus | 'pending', string> = {
  pending_payment: 'ממתינה לתשלום',
  pending: 'ממתינה',
  paid: 'שולמה',
  processing: 'בטיפול',
  shipped: 'נשלחה',
  delivered: 'נמסרה',
  cancelled: 'בוטלה',
  payment_review: 'התשלום בבדיקה',
  expired: 'פג תוקף',
};

/**
 * A self-pickup order keeps the stored statuses `shipped` and `delivered` (the partner's SHIPPED
 * means the parcel reached the Tel Aviv branch, DELIVERED that the buyer collected it); its buyer
 * reads them as these words.
 */
export const PICKUP_STATUS_HE = {
  shipped: 'מוכנה לאיסוף בסניף תל אביב',
  delivered: 'נאספה',
} as const;

/**
 * The buyer's word for an order's status: {@link ORDER_STATUS_HE}, except a self-pickup order's
 * `shipped` and `delivered`, which read {@link PICKUP_STATUS_HE}.
 */
export function buyerOrderStatusHe(
  status: OrderLifecycleStatus | 'pending',
  shippingMethod: string | null | undefined,
): string {
  if (shippingMethod === 'pickup' && (status === 'shipped' || status === 'delivered'))
    return PICKUP_STATUS_HE[status];
  return ORDER_STATUS_HE[status];
}

/** One line of the buyer's order: the book as it was when ordered. */
export const buyerOrderLineSchema = z.object({
  bookId: z.string(),
  title: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  coverImage: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
});

/**
 * Where a refund stands: `pending` until the payment provider gave it back to the card (retried
 * meanwhile), `refunded` once it did, `failed` when the provider declined it or every retry failed
 * (an admin sees it and can try again).
 */
export const REFUND_STATES = ['pending', 'refunded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** A paid order's cancellation as its buyer sees it: the fee kept and the refund, in shekels. */
export const buyerCancellationSchema = z.object({
  at: z.string(),
  fee: z.number(),
  refund: z.number(),
  refundState: z.enum(REFUND_STATES),
  /** When the refund reached the card's issuer (null until then). */
  refundedAt: z.string().nullable(),
});
export type BuyerCancellation = z.infer<typeof buyerCancellationSchema>;

/**
 * A credit note (חשבונית זיכוי) of a refund on the order, as its buyer sees it: the amount credited
 * in shekels, and where to download it (`GET /api/orders/:id/credit-notes/:number`).
 */
export const buyerCreditNoteSchema = z.object({
  number: z.number().int(),
  amount: z.number(),
  issuedAt: z.string(),
  url: z.string(),
});
export type BuyerCreditNote = z.infer<typeof buyerCreditNoteSchema>;

/**
 * Where a return stands (spec §9): `requested` by the buyer, `received` once an admin confirmed
 * the books arrived (the refund follows), or `rejected` by an admin.
 */
export const RETURN_STATES = ['requested', 'received', 'rejected'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** Longest reason a return may give. */
export const RETURN_REASON_MAX = 500;

/** Copies of one order line (its index in the order's lines) the buyer sends back. */
export const returnLineSchema = z.object({
  lineIndex: z
    .number({ error: VALIDATION_HE.returnLineInvalid })
    .int(VALIDATION_HE.returnLineInvalid)
    .min(0, VALIDATION_HE.returnLineInvalid)
    .max(49, VALIDATION_HE.returnLineInvalid),
  quantity: z
    .number({ error: VALIDATION_HE.quantityInvalid })
    .int(VALIDATION_HE.quantityInvalid)
    .min(1, VALIDATION_HE.quantityInvalid)
    .max(99, VALIDATION_HE.quantityInvalid),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

/** Body of `POST /api/orders/:id/return`: why, and which copies (each line at most once). */
export const orderReturnRequestSchema = z.object({
  reason: z
    .string({ error: VALIDATION_HE.returnReasonRequired })
    .trim()
    .min(1, VALIDATION_HE.returnReasonRequired)
    .max(RETURN_REASON_MAX, VALIDATION_HE.returnReasonTooLong),
  lines: z
    .array(returnLineSchema, { error: VALIDATION_HE.returnLinesRequired })
    .min(1, VALIDATION_HE.returnLinesRequired)
    .max(50, VALIDATION_HE.returnLineInvalid)
    .refine(
      (lines) => new Set(lines.map((line) => line.lineIndex)).size === lines.length,
      VALIDATION_HE.returnLineInvalid,
    ),
});
export type OrderReturnRequest = z.infer<typeof orderReturnRequestSchema>;

/**
 * An order's return as its buyer sees it (`POST /api/orders/:id/return` answers it too): the
 * copies, the state and, once received, the refund (shekels) and where it stands.
 */
export const buyerReturnSchema = z.object({
  requestedAt: z.string(),
  reason: z.string(),
  lines: z.array(returnLineSchema),
  state: z.enum(RETURN_STATES),
  receivedAt: z.string().nullable(),
  /** The returned copies' price, refunded once the books arrived (null before). */
  refund: z.number().nullable(),
  refundState: z.enum(REFUND_STATES).nullable(),
  refundedAt: z.string().nullable(),
  /** Why an admin refused the return (null unless `rejected`). */
  rejectionReason: z.string().nullable().default(null),
});
export type BuyerReturn = z.infer<typeof buyerReturnSchema>;

/** An order as its buyer sees it (`GET /api/orders/mine`): money in shekels. */
export const buyerOrderSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_LIFECYCLE_STATUSES),
  lines: z.array(buyerOrderLineSchema),
  /** Null for orders from before checkout recorded shipping. */
  shipping: z
    .object({
      method: z.enum(SHIPPING_METHODS),
      region: z.enum(SHIPPING_REGIONS),
      price: z.number(),
    })
    .nullable(),
  subtotal: z.number(),
  donation: z.number(),
  total: z.number(),
  currency: z.literal(ORDER_CURRENCY),
  paidAt: z.string().nullable(),
  transactionId: z.string().nullable(),
  /** The tax invoice-receipt (`GET /api/orders/:id/receipt`), null until the worker issued it. */
  receiptUrl: z.string().nullable(),
  /** The issued credit notes of the order's refunds, by number (empty when nothing was refunded). */
  creditNotes: z.array(buyerCreditNoteSchema).default([]),
  /** Every status the order has had, oldest first (empty for orders from before checkout). */
  timeline: z.array(z.object({ status: z.enum(ORDER_LIFECYCLE_STATUSES), at: z.string() })),
  /** Every parcel the printer sent, first shipped first (empty until the order ships). */
  tracking: z
    .array(z.object({ number: z.string(), carrier: z.string(), url: z.string() }))
    .default([]),
  /** Null unless the order was cancelled after it was paid. */
  cancellation: buyerCancellationSchema.nullable().default(null),
  /** Null unless the buyer asked to return books. */
  return: buyerReturnSchema.nullable().default(null),
  /**
   * Until when the buyer may still ask to return books (a delivered order without a return, 14
   * days from its delivery); null otherwise.
   */
  returnableUntil: z.string().nullable().default(null),
});
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;

/** Answer of `GET /api/orders/mine`: one page, newest first. */
export const buyerOrdersPageSchema = z.object({
  orders: z.array(buyerOrderSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type BuyerOrdersPage = z.infer<typeof buyerOrdersPageSchema>;

/** Answer of `POST /api/orders/:id/cancel`: the order cancelled, its fee and refund in shekels. */
export const orderCancellationAnswerSchema = z.object({
  orderId: z.string(),
  status: z.literal('cancelled'),
  /** Kept as the cancellation fee (spec §9: 5 % of the deal, at most 100 ₪). */
  fee: z.number(),
  refund: z.number(),
  /** The refund is on its way to the card (`pending`); the mail and credit note follow it. */
  refundState: z.enum(REFUND_STATES),
  /** Ledger entries written to reverse the order's split (0 when it had not been split yet). */
  reversedEntries: z.number().int(),
});
export type OrderCancellationAnswer = z.infer<typeof orderCancellationAnswerSchema>;

/** A document's number in a route (`/api/orders/:id/credit-notes/:number`). */
export const documentNumberParamSchema = z
  .string({ error: VALIDATION_HE.documentNumberInvalid })
  .regex(/^[1-9]\d{0,8}$/, VALIDATION_HE.documentNumberInvalid)
  .transform(Number);

/** Query of `GET /api/orders/mine`. */
export const buyerOrdersQuerySchema = z.object({
  page: queryInt({ min: 1, max: 10_000, fallback: 1, message: VALIDATION_HE.pageInvalid }),
  limit: queryInt({ min: 1, max: 50, fallback: 10, message: VALIDATION_HE.limitInvalid }),
});
export type BuyerOrdersQuery = z.infer<typeof buyerOrdersQuerySchema>;

/** How many of an order id's last characters its reference shows (spec §9). */
export const ORDER_REFERENCE_LENGTH = 8;

/**
 * The reference a person sees for an order — on the orders page, the payment result pages, mail
 * and the author portal: the id's last 8 characters in capitals (spec §9 "order id shown as its
 * last 8 characters"), so `6b08811bc1d41fe09b61979a` reads `9B61979A` everywhere. The only way to
 * print an order's reference; anything that is not an id (a provider's odd parameter) is printed
 * as it came, trimmed to the same length.
 */
export function orderReference(orderId: string): string {
  return orderId.trim().slice(-ORDER_REFERENCE_LENGTH).toUpperCase();
}

/** One refund as the admins' list shows it (`GET /api/admin/refunds`), money in shekels. */
export const adminRefundSchema = z.object({
  orderId: z.string(),
  orderReference: z.string(),
  ref: z.string(),
  reason: z.enum(['cancellation', 'return']),
  amount: z.number(),
  fee: z.number(),
  state: z.enum(REFUND_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  requestedAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const adminRefundsAnswerSchema = z.object({ refunds: z.array(adminRefundSchema) });
export type AdminRefundsAnswer = z.infer<typeof adminRefundsAnswerSchema>;

/** `GET /api/admin/refunds?state=failed` (the default): the refunds in that state, newest first. */
export const adminRefundsQuerySchema = z.object({
  state: z.enum(REFUND_STATES).default('failed'),
});
export type AdminRefundsQuery = z.infer<typeof adminRefundsQuerySchema>;

/** One order's return as the admins' list shows it (`GET /api/admin/returns`). */
export const adminReturnSchema = z.object({
  orderId: z.string(),
  orderReference: z.string(),
  buyerEmail: z.string(),
  requestedAt: z.string(),
  reason: z.string(),
  lines: z.array(
    z.object({
      lineIndex: z.number().int(),
      title: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
    }),
  ),
  /** What the buyer gets back: the returned copies' price, in shekels. */
  amount: z.number(),
  state: z.enum(RETURN_STATES),
  receivedAt: z.string().nullable(),
  refundRef: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;

export const adminReturnsAnswerSchema = z.object({ returns: z.array(adminReturnSchema) });
export type AdminReturnsAnswer = z.infer<typeof adminReturnsAnswerSchema>;

/** `GET /api/admin/returns?state=requested` (the default): returns in that state, oldest first. */
export const adminReturnsQuerySchema = z.object({
  state: z.enum(RETURN_STATES).default('requested'),
});
export type AdminReturnsQuery = z.infer<typeof adminReturnsQuerySchema>;

/** Body of `POST /api/admin/returns/:orderId/reject`: why, as the buyer's mail says it. */
export const adminReturnRejectSchema = z.object({
  reason: z
    .string({ error: VALIDATION_HE.returnReasonRequired })
    .trim()
    .min(1, VALIDATION_HE.returnReasonRequired)
    .max(RETURN_REASON_MAX, VALIDATION_HE.returnReasonTooLong),
});
export type AdminReturnReject = z.infer<typeof adminReturnRejectSchema>;
