import { Schema, type HydratedDocument, type InferSchemaType, type Model, Types } from 'mongoose';
import {
  ORDER_LIFECYCLE_STATUSES,
  PAYMENT_PROVIDERS,
  REFUND_STATES,
  RETURN_REASON_MAX,
  RETURN_STATES,
} from '@mechabrim/contracts';
import {
  agorot,
  donationOf,
  sumAgorot,
  lineTotal,
  toShekels,
  SHIPPING_METHODS,
  SHIPPING_REGIONS,
  type Agorot,
} from '@mechabrim/money';

/** Order statuses of spec §4; any other value is read as `pending`. */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Orders an author's views may list: paid orders and orders from before online payment. An order
 * still awaiting payment, expired unpaid or held for payment review is nobody's sale yet; an
 * author query filters `status: { $in: AUTHOR_VISIBLE_ORDER_STATUSES }`. A paid order reads as
 * `pending` in the author view (placed, not yet in processing).
 */
export const AUTHOR_VISIBLE_ORDER_STATUSES = [
  'pending',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;

/**
 * Every status an order can be stored with: the payment lifecycle (`@mechabrim/contracts`
 * ORDER_LIFECYCLE_STATUSES) and `pending`, which orders from before online payment (the demo
 * history) carry.
 */
export const STORED_ORDER_STATUSES = [...ORDER_LIFECYCLE_STATUSES, 'pending'] as const;

/**
 * Statuses of an order whose payment was confirmed: paid, then on through fulfilment. The ledger
 * splits these (issue 11); a cancelled order's split is reversed.
 */
export const PAID_ORDER_STATUSES = ['paid', 'processing', 'shipped', 'delivered'] as const;

export const PAYMENT_METHODS = ['credit_card', 'bit', 'paypal'] as const;

/**
 * One notify as it arrived from the provider, kept for support and audits: the order's payment
 * history. Each provider transaction is recorded once (a replayed notify adds nothing).
 */
const NotifyLogEntrySchema = new Schema(
  {
    receivedAt: { type: Date, required: true },
    /**
     * What the API did with it: `paid`, `declined`, `not_confirmed` (the provider did not confirm
     * it), `foreign` (money taken that does not pay the order: another sum, or the order already
     * paid) or `mismatch` (the order expired or was cancelled meanwhile; held for review).
     */
    outcome: { type: String, required: true },
    /** The payment attempt the hosted page was opened for. */
    attemptRef: { type: String, default: null },
    /** The provider's transaction number. */
    transactionId: { type: String, default: null },
    amountAgorot: { type: Number, default: null },
    currency: { type: String, default: null },
    /** The provider's result code (`000` is approved). */
    result: { type: String, default: null },
    /** `valid` when the notify's signature was checked; `unsigned` when the provider signs none. */
    signature: { type: String, enum: ['valid', 'unsigned'], default: null },
    /**
     * Money taken without paying the order is given back: `needed` when recorded, `requested`
     * once an admin asked for it (the payment port has no refund yet), `refunded` when done.
     */
    refund: {
      type: new Schema(
        {
          state: { type: String, enum: ['needed', 'requested', 'refunded'], required: true },
          requestedAt: { type: Date, default: null },
          requestedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
        },
        { _id: false },
      ),
      default: null,
    },
    /** The provider's fields, without any card data beyond the last four digits. */
    fields: { type: Schema.Types.Mixed, default: {} },
  },
  { _id: false },
);

/**
 * One opening of the hosted page: a random reference (128 bits, base64url) and the sum it was
 * opened (and amount-locked) for. The page never carries the order's id.
 */
const PaymentAttemptSchema = new Schema(
  {
    ref: { type: String, required: true },
    amountAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How many of a cancelled order's late print callbacks `print.afterCancellation` keeps. */
export const AFTER_CANCELLATION_KEPT = 20;

/**
 * One refund of a paid order (a cancellation now, a return later): its own random reference (the
 * payment provider's duplicate guard, so a retried refund never credits twice), the sum given back
 * and where it stands (`REFUND_STATES` of the contracts). The `refunds` job moves it; nothing
 * else does.
 */
const RefundSchema = new Schema(
  {
    ref: { type: String, required: true },
    reason: { type: String, enum: ['cancellation', 'return'], required: true },
    amountAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
    /** What was kept (the cancellation fee); 0 for a return. */
    feeAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
    state: { type: String, enum: REFUND_STATES, required: true },
    requestedAt: { type: Date, required: true },
    /** Calls to the provider so far, and why the last one failed. */
    attempts: { type: Number, default: 0, min: 0 },
    lastError: { type: String, default: null },
    /** The provider's credit transaction, once it gave the money back. */
    transactionId: { type: String, default: null },
    refundedAt: { type: Date, default: null },
    /** The credit note's number, once issued, and when the buyer was mailed. */
    creditNoteNumber: { type: Number, default: null },
    mailedAt: { type: Date, default: null },
  },
  { _id: false },
);

/**
 * A delivered order's return (spec §9; at most one per order): the buyer asks within 14 days of
 * delivery, naming the copies of each line and why; an admin confirms the books arrived
 * (`received`, with the refund's reference: the refund, credit note and ledger entries follow)
 * or rejects the return.
 */
const ReturnSchema = new Schema(
  {
    requestedAt: { type: Date, required: true },
    reason: { type: String, required: true, trim: true, maxlength: RETURN_REASON_MAX },
    lines: {
      type: [
        new Schema(
          {
            lineIndex: { type: Number, required: true, min: 0, validate: Number.isInteger },
            quantity: { type: Number, required: true, min: 1, validate: Number.isInteger },
          },
          { _id: false },
        ),
      ],
      validate: (lines: unknown[]) => lines.length > 0,
    },
    state: { type: String, enum: RETURN_STATES, required: true },
    receivedAt: { type: Date, default: null },
    /** The admin who confirmed the books arrived (or rejected the return). */
    receivedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    refundRef: { type: String, default: null },
    /** A rejected return: when, and why (the buyer's mail says it). */
    rejectedAt: { type: Date, default: null },
    rejectionReason: { type: String, default: null, maxlength: RETURN_REASON_MAX },
  },
  { _id: false },
);

/**
 * Where an order's printing stands. `jobId` is set once, when the print partner accepted the job
 * (the worker's handoff, idempotent by `handoffKey`); `providerStatus` is the partner's latest
 * status that reached us; `parcels` only grow. `needsAttention` is what an admin must look at: the
 * handoff failed for good, or the partner rejected or cancelled the job.
 */
const PrintRecordSchema = new Schema(
  {
    provider: { type: String, required: true },
    handoffKey: { type: String, required: true },
    jobId: { type: String, default: null },
    handedOffAt: { type: Date, default: null },
    /** Handoff attempts so far, and why the last one failed. */
    attempts: { type: Number, default: 0, min: 0 },
    lastError: { type: String, default: null },
    /** Which worker job holds the handoff, and until when (one handoff in flight per order). */
    claimedBy: { type: String, default: null },
    claimedUntil: { type: Date, default: null },
    providerStatus: { type: String, default: null },
    providerStatusAt: { type: Date, default: null },
    /**
     * The partner's actual charge for the job, as its print-job answer reported it (whole agorot):
     * each line's print cost (by the order's line index), the shipping, and the total. A line
     * whose charge differs from the quote the split deducted gets platform adjustment entries in
     * the ledger (the order split writes them); the buyer's shipping fee pays the shipping.
     */
    charge: {
      type: new Schema(
        {
          lines: { type: [Number], default: [] },
          shippingAgorot: { type: Number, required: true, min: 0 },
          totalAgorot: { type: Number, required: true, min: 0 },
          currency: { type: String, required: true },
          at: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    parcels: {
      type: [
        new Schema(
          {
            trackingNumber: { type: String, required: true },
            carrier: { type: String, default: '' },
            url: { type: String, default: '' },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    needsAttention: {
      type: new Schema(
        { reason: { type: String, required: true }, at: { type: Date, required: true } },
        { _id: false },
      ),
      default: null,
    },
    /**
     * The partner's callbacks for the order after it was cancelled, newest last (at most
     * {@link AFTER_CANCELLATION_KEPT}): they change nothing for the buyer, and are kept here for
     * an admin to see what the press did after all.
     */
    afterCancellation: {
      type: [
        new Schema(
          {
            at: { type: Date, required: true },
            partnerStatus: { type: String, required: true },
            jobId: { type: String, default: null },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
  },
  { _id: false },
);

/**
 * An order as the author view of spec §3 reads it. Money is kept in whole agorot (ARCHITECTURE.md
 * decision 6): `priceAgorot` per line (the unit price when ordered), `totalAmountAgorot` (the sum
 * of the lines) and `donationAmountAgorot` (`donationOf` the total, from `@mechabrim/money`); answers
 * speak shekels through {@link toOrderAnswer}. Each line keeps a snapshot of the book (id, title,
 * author, cover) so later edits or deletion of the book do not rewrite history. Orders placed
 * through `POST /api/payments/create` also keep their shipping quote, the amount due (books plus
 * shipping), the idempotency key and the payment record; the older demo orders have none of them.
 */
export const OrderSchema = new Schema(
  {
    user: {
      /** The buyer's account, when they had one. */
      userId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
      name: { type: String, required: true, trim: true, maxlength: 120 },
      /** The account's e-mail address: where the order's mail goes. */
      email: { type: String, required: true, trim: true, lowercase: true, maxlength: 254 },
      firstName: { type: String, default: '', trim: true, maxlength: 60 },
      lastName: { type: String, default: '', trim: true, maxlength: 60 },
    },
    shippingAddress: {
      fullName: { type: String, default: '', trim: true },
      street: { type: String, required: true, trim: true },
      city: { type: String, required: true, trim: true },
      zip: { type: String, default: '', trim: true },
      country: { type: String, default: 'ישראל', trim: true },
      phone: { type: String, default: '', trim: true },
      /** The checkout form's e-mail: a delivery contact only, never where order mail goes. */
      email: { type: String, default: null, trim: true, lowercase: true, maxlength: 254 },
    },
    books: {
      type: [
        new Schema(
          {
            book: {
              _id: { type: Schema.Types.ObjectId, ref: 'Book', required: true },
              title: { type: String, required: true },
              /** The author's user id (the author view counts only its own lines). */
              author: { type: Schema.Types.ObjectId, ref: 'User', required: true },
              authorName: { type: String, default: '' },
              coverImage: { type: String, default: '' },
            },
            quantity: { type: Number, required: true, min: 1 },
            /** Unit price when ordered, in agorot. */
            priceAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
          },
          { _id: false },
        ),
      ],
      validate: (lines: unknown[]) => lines.length > 0,
    },
    totalAmountAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
    donationAmountAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
    /** How the order ships and what that costs, as `shippingQuote` of `@mechabrim/money` priced it. */
    shipping: {
      type: new Schema(
        {
          method: { type: String, enum: SHIPPING_METHODS, required: true },
          region: { type: String, enum: SHIPPING_REGIONS, required: true },
          priceAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
          listPriceAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
          freeBecause: { type: String, default: null },
        },
        { _id: false },
      ),
      default: null,
    },
    /** What the buyer pays: the books plus shipping (the donation is part of the books' total). */
    amountDueAgorot: {
      type: Number,
      default: null,
      min: 0,
      validate: (value: number | null) => value === null || Number.isInteger(value),
    },
    currency: { type: String, default: 'ILS' },
    paymentMethod: { type: String, enum: PAYMENT_METHODS, default: 'credit_card' },
    status: { type: String, enum: STORED_ORDER_STATUSES, default: 'pending' },
    /** The client's key for this checkout attempt: a retried create finds this order again. */
    idempotencyKey: { type: String, default: null },
    /** A hash of what was ordered under that key: the key sent again with another cart is refused. */
    requestFingerprint: { type: String, default: null },
    /** Every status the order has had, oldest first: the buyer's status timeline. */
    statusHistory: {
      type: [
        new Schema(
          {
            status: { type: String, enum: STORED_ORDER_STATUSES, required: true },
            at: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    /** A pending order not paid by then expires. */
    expiresAt: { type: Date, default: null },
    paidAt: { type: Date, default: null },
    /**
     * When the order's split reached the ledger. Set in the same transaction as the entries, on
     * the condition that it was unset and the order paid: the one place a split and a
     * cancellation of the same order meet, so they can never both miss each other.
     */
    splitAt: { type: Date, default: null },
    /** A cancellation of a paid order: when, the fee kept (spec §9) and the amount to refund. */
    cancellation: {
      type: new Schema(
        {
          at: { type: Date, required: true },
          by: { type: String, enum: ['buyer', 'admin'], required: true },
          feeAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
          refundAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
        },
        { _id: false },
      ),
      default: null,
    },
    /** Money given back to the buyer's card, oldest first. */
    refunds: { type: [RefundSchema], default: [] },
    /** The buyer's return of delivered books, if they asked for one. */
    return: { type: ReturnSchema, default: null },
    /** The order's print job (issue 11): the handoff, the partner's word and every parcel. */
    print: { type: PrintRecordSchema, default: null },
    payment: {
      type: new Schema(
        {
          provider: { type: String, enum: PAYMENT_PROVIDERS, required: true },
          /** The provider's transaction number (Tranzila's `index`). */
          transactionId: { type: String, default: null },
          confirmationCode: { type: String, default: null },
          amountAgorot: { type: Number, default: null },
          currency: { type: String, default: null },
          cardLast4: { type: String, default: null },
          /** The latest failed attempt, so the status answer can say why. */
          failureCode: { type: String, default: null },
          failureMessage: { type: String, default: null },
          notifyLog: { type: [NotifyLogEntrySchema], default: [] },
          /** Each opening of the hosted page, newest last (at most the last 20 are kept). */
          attempts: { type: [PaymentAttemptSchema], default: [] },
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { timestamps: true, collection: 'orders' },
);
// One order per checkout attempt and buyer, however often the create request is retried.
OrderSchema.index(
  { 'user.userId': 1, idempotencyKey: 1 },
  { unique: true, partialFilterExpression: { idempotencyKey: { $type: 'string' } } },
);
OrderSchema.index({ 'payment.transactionId': 1 });
// Refunds waiting or failed, for the admins' list (a sparse few among all orders).
OrderSchema.index(
  { 'refunds.state': 1 },
  { partialFilterExpression: { 'refunds.state': { $type: 'string' } } },
);
// A notify names its payment attempt, never the order: the attempt finds the order.
OrderSchema.index(
  { 'payment.attempts.ref': 1 },
  { unique: true, partialFilterExpression: { 'payment.attempts.ref': { $type: 'string' } } },
);
// The admins' list of payments that took money without paying their order.
OrderSchema.index(
  { 'payment.notifyLog.refund.state': 1 },
  { partialFilterExpression: { 'payment.notifyLog.refund.state': { $type: 'string' } } },
);
OrderSchema.index({ status: 1, expiresAt: 1 });
// The admins' list of returns in one state (a sparse few among all orders).
OrderSchema.index(
  { 'return.state': 1, 'return.requestedAt': 1 },
  { partialFilterExpression: { 'return.state': { $type: 'string' } } },
);
/** The author view: orders holding a line of this author's, newest first. */
OrderSchema.index({ 'books.book.author': 1, createdAt: -1 });
OrderSchema.index({ 'user.userId': 1, createdAt: -1 });
OrderSchema.index({ status: 1, createdAt: -1 });

export type OrderRecord = InferSchemaType<typeof OrderSchema>;
export type OrderDocument = HydratedDocument<OrderRecord>;
export type OrderModel = Model<OrderRecord>;
export const ORDER_MODEL = 'Order';

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

/** Orders an admin must look at: a print handoff that failed for good or a rejected print job. */
OrderSchema.index({ 'print.needsAttention.at': -1 }, { sparse: true });
/** The print callback finds its order by the partner's job id when `external_id` is missing. */
OrderSchema.index({ 'print.jobId': 1 }, { sparse: true });
