import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { ORDER_LIFECYCLE_STATUSES, PAYMENT_PROVIDERS } from '@mechabrim/contracts';
import { SHIPPING_METHODS, SHIPPING_REGIONS } from '@mechabrim/money';
import {
  NotifyLogEntrySchema,
  PaymentAttemptSchema,
  PrintRecordSchema,
  RefundSchema,
  ReturnSchema,
} from './order-parts.schema';

export { AFTER_CANCELLATION_KEPT } from './order-parts.schema';

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
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

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
      /** First and last name with a space: the checkout takes up to 60 characters of each. */
      name: { type: String, required: true, trim: true, maxlength: 121 },
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
          /** Each opening of the hosted page, newest last (all kept; at most 20 an order). */
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
/** Orders an admin must look at: a print handoff that failed for good or a rejected print job. */
OrderSchema.index({ 'print.needsAttention.at': -1 }, { sparse: true });
/** The print callback finds its order by the partner's job id when `external_id` is missing. */
OrderSchema.index({ 'print.jobId': 1 }, { sparse: true });

export type OrderRecord = InferSchemaType<typeof OrderSchema>;
export type OrderDocument = HydratedDocument<OrderRecord>;
export type OrderModel = Model<OrderRecord>;
export const ORDER_MODEL = 'Order';
