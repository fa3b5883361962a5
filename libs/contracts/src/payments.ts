import { MAX_LINE_QUANTITY, SHIPPING_METHODS, SHIPPING_REGIONS } from '@mechabrim/money';
import { z } from 'zod';
import { emailSchema, objectIdSchema } from './fields';
import { VALIDATION_HE } from './validation-messages.he';

const requiredText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/**
 * An Israeli mobile number, typed with or without dashes and spaces (`0501234567`,
 * `050-123 4567`), answered as `05X-XXXXXXX`.
 */
export const israeliMobileSchema = z
  .string({ error: VALIDATION_HE.mobileInvalid })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^05\d{8}$/, VALIDATION_HE.mobileInvalid))
  .transform((digits) => `${digits.slice(0, 3)}-${digits.slice(3)}`);

/** An Israeli postal code: 7 digits (spaces are dropped). */
export const israeliZipSchema = z
  .string({ error: VALIDATION_HE.zipInvalid })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{7}$/, VALIDATION_HE.zipInvalid));

/**
 * The buyer's details the terms require for an order (spec §5: first name, family name, phone,
 * e-mail, full address), with the field names of the payment create request's `client` (spec §3).
 */
export const buyerDetailsSchema = z.object({
  first_name: requiredText(VALIDATION_HE.firstNameRequired, VALIDATION_HE.buyerNameTooLong, 60),
  last_name: requiredText(VALIDATION_HE.lastNameRequired, VALIDATION_HE.buyerNameTooLong, 60),
  phone: israeliMobileSchema,
  email: emailSchema,
  address: requiredText(VALIDATION_HE.streetRequired, VALIDATION_HE.addressTooLong, 120),
  city: requiredText(VALIDATION_HE.cityRequired, VALIDATION_HE.addressTooLong, 60),
  zip: israeliZipSchema,
  country: z.string().trim().max(60).default('ישראל'),
});
export type BuyerDetails = z.infer<typeof buyerDetailsSchema>;
export type BuyerDetailsInput = z.input<typeof buyerDetailsSchema>;

/** Largest number of copies of one book in one order line (libs/money's rule, re-exported). */
export { MAX_LINE_QUANTITY };
/** Largest number of different books in one order. */
export const MAX_ORDER_LINES = 50;

/**
 * A line of the payment create request. Only the book and the quantity are read: `name`, `type`,
 * `price` and `total` of spec §3 are accepted for compatibility and ignored, because the server
 * prices every order from the database.
 */
export const paymentItemSchema = z.object({
  id: objectIdSchema,
  quantity: z
    .number({ error: VALIDATION_HE.quantityInvalid })
    .int(VALIDATION_HE.quantityInvalid)
    .min(1, VALIDATION_HE.quantityInvalid)
    .max(MAX_LINE_QUANTITY, VALIDATION_HE.quantityInvalid),
  name: z.string().max(300).optional(),
  type: z.literal('I').optional(),
  price: z.number().optional(),
  total: z.number().optional(),
});
export type PaymentItem = z.infer<typeof paymentItemSchema>;

/** An idempotency key chosen by the client: one per checkout attempt. */
export const idempotencyKeySchema = z
  .string({ error: VALIDATION_HE.idempotencyKeyInvalid })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, VALIDATION_HE.idempotencyKeyInvalid);

/**
 * `POST /api/payments/create` (spec §3). The client names books, quantities, the shipping method
 * and region and the buyer — never prices: `amount`, `currency` and the items' prices are
 * accepted so the spec's request still parses, and ignored. The idempotency key comes in the
 * `Idempotency-Key` header or here.
 */
export const paymentCreateRequestSchema = z.object({
  items: z
    .array(paymentItemSchema, { error: VALIDATION_HE.cartEmpty })
    .min(1, VALIDATION_HE.cartEmpty)
    .max(MAX_ORDER_LINES, VALIDATION_HE.cartTooManyLines),
  client: buyerDetailsSchema,
  shipping_method: z.enum(SHIPPING_METHODS, { error: VALIDATION_HE.shippingMethodInvalid }),
  shipping_region: z.enum(SHIPPING_REGIONS, { error: VALIDATION_HE.shippingRegionInvalid }),
  idempotency_key: idempotencyKeySchema.optional(),
  amount: z.number().optional(),
  currency: z.string().max(10).optional(),
  description: z.string().max(500).optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(30).optional(),
  user_defined_fields: z.record(z.string(), z.string().max(200)).optional(),
});
export type PaymentCreateRequest = z.infer<typeof paymentCreateRequestSchema>;
export type PaymentCreateRequestInput = z.input<typeof paymentCreateRequestSchema>;

/** The currency every order is priced in. */
export const ORDER_CURRENCY = 'ILS' as const;

/** An order's money as the API speaks it: shekels with two decimals. */
export const orderTotalsSchema = z.object({
  subtotal: z.number(),
  shipping: z.number(),
  donation: z.number(),
  total: z.number(),
  currency: z.literal(ORDER_CURRENCY),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/**
 * The reference of one payment attempt: 128 random bits in base64url (22 characters). The hosted
 * page is opened with it, never with the order's id (sequential and guessable), so nobody but the
 * buyer who opened the page can address a payment to the order.
 */
export const paymentRefSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/**
 * Answer of `POST /api/payments/create` (spec §3): the hosted payment page's address and the form
 * data to post into the frame. `transaction_id` is this payment attempt's reference (see
 * {@link paymentRefSchema}) until the provider assigns its own transaction number; the status
 * endpoint answers for either.
 */
export const paymentCreateResponseSchema = z.object({
  success: z.literal(true),
  error: z.null(),
  order_id: z.string(),
  transaction_id: z.string(),
  iframe_url: z.string(),
  payment_url: z.string(),
  form_data: z.record(z.string(), z.string()),
  totals: orderTotalsSchema,
});
export type PaymentCreateResponse = z.infer<typeof paymentCreateResponseSchema>;

/**
 * Where a payment stands (`GET /api/payments/status/:transactionId`): `completed` once the order
 * is paid (spec §4 reads only that value as success), `failed` after a declined attempt,
 * `review` when the notify did not match the order.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'completed',
  'failed',
  'review',
  'expired',
  'cancelled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Answer of `GET /api/payments/status/:transactionId` (spec §3: success, status, error). */
export const paymentStatusResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(PAYMENT_STATUSES),
  error: z.string().nullable(),
  order_id: z.string(),
  transaction_id: z.string().nullable(),
  amount: z.number(),
  currency: z.literal(ORDER_CURRENCY),
  error_code: z.string().nullable(),
  /**
   * How the order travels, so the success page says what happens next; null for orders from
   * before checkout recorded it.
   */
  shipping: z
    .object({ method: z.enum(SHIPPING_METHODS), region: z.enum(SHIPPING_REGIONS) })
    .nullable()
    .default(null),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/**
 * Failure codes of the payment frame (spec §8's mapping), as the simulator reports them; any other
 * code from a provider is shown as an unknown failure.
 */
export const PAYMENT_FAILURE_CODES = [
  'DECLINED',
  'INSUFFICIENT_FUNDS',
  'EXPIRED_CARD',
  'INVALID_CARD',
  'BLOCKED_CARD',
] as const;
export type PaymentFailureCode = (typeof PAYMENT_FAILURE_CODES)[number];

/** Providers the notify route answers for: `/api/payments/notify/:provider`. */
export const PAYMENT_PROVIDERS = ['simulator', 'tranzila'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * A notify's `sum` in shekels with at most two decimals, up to nine digits before the point: a
 * longer one is no payment of ours, and its agorot would pass the largest safe integer.
 */
export const notifySumSchema = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/);

/**
 * The payment simulator's server-to-server notify (a JSON body signed with HMAC-SHA256 in
 * `X-Simulator-Signature`). Shaped after Tranzila's: `Response` `000` is approved; `index` is
 * the transaction number; `sum` in shekels; `currency` 1 is ILS; `payment_ref` is the attempt's
 * reference the hosted page was opened with. Never carries a card number, only its last four digits.
 */
export const simulatorNotifySchema = z.strictObject({
  payment_ref: paymentRefSchema,
  Response: z.string().regex(/^\d{3}$/),
  index: z.string().min(1).max(40),
  ConfirmationCode: z.string().max(20),
  sum: notifySumSchema,
  currency: z.string().max(3),
  error_code: z.enum(PAYMENT_FAILURE_CODES).optional(),
  error_message: z.string().max(300).optional(),
  ccno_last4: z.string().regex(/^\d{4}$/),
  notified_at: z.iso.datetime(),
});
export type SimulatorNotify = z.infer<typeof simulatorNotifySchema>;

/**
 * Path of Tranzila's handshake (the amount lock): a server-side form post of `supplier`,
 * `TranzilaPW`, `sum`, `currency` and `op=1` answers `thtk=<token>`; the hosted page then takes
 * `thtk` and `new_process=1` and charges only that sum. The simulator answers the same path.
 */
export const TRANZILA_HANDSHAKE_PATH = '/cgi-bin/tranzila71dt.cgi';

/** Header carrying the simulator's HMAC-SHA256 (hex) of the notify's raw body. */
export const SIMULATOR_SIGNATURE_HEADER = 'x-simulator-signature';

/** The tallest a result page may ask the payment frame to be (px): anything taller is not a result view. */
export const FRAME_HEIGHT_MAX = 10_000;

/**
 * Messages the payment result pages inside the payment frame post to the checkout page around
 * it (spec §4). Unlike the spec's pages, the frame names the parent's origin as the target and
 * the parent accepts a message only from the origin it loaded the result page from.
 */
export const paymentFrameMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('PAYMENT_SUCCESS'),
    transactionId: z.string().max(100).nullable(),
    orderId: z.string().max(100).nullable(),
  }),
  z.strictObject({ type: z.literal('CLOSE_IFRAME') }),
  z.strictObject({ type: z.literal('RETRY_PAYMENT') }),
  /**
   * The result page's own height in CSS pixels, sent when it is drawn and whenever it changes: the
   * checkout sizes the frame to it (no empty frame below a short failure view on a phone) and
   * brings the frame's heading into view.
   */
  z.strictObject({
    type: z.literal('FRAME_HEIGHT'),
    height: z.number().int().min(1).max(FRAME_HEIGHT_MAX),
  }),
]);
export type PaymentFrameMessage = z.infer<typeof paymentFrameMessageSchema>;
/** The frame's messages the checkout page acts on (the height is the frame's own business). */
export type PaymentFrameAction = Exclude<PaymentFrameMessage, { type: 'FRAME_HEIGHT' }>;

/**
 * What became of a notify that took money without paying its order: `foreign` (a sum or currency
 * other than the attempt's, or the order was already paid) or `mismatch` (the order had expired
 * or been cancelled meanwhile; the order is held in payment review).
 */
export const UNAPPLIED_PAYMENT_OUTCOMES = ['foreign', 'mismatch'] as const;

/**
 * Where the refund of an unapplied payment stands: `needed` when recorded, `requested` once an
 * admin asked for it (the worker credits the card through the payment port), `refunded`, or
 * `failed` (declined or unreachable; an admin may ask again).
 */
export const PAYMENT_REFUND_STATES = ['needed', 'requested', 'refunded', 'failed'] as const;
export type PaymentRefundState = (typeof PAYMENT_REFUND_STATES)[number];

/** One payment that took money without paying its order (`GET /api/admin/payments/unapplied`). */
export const unappliedPaymentSchema = z.object({
  order_id: z.string(),
  order_status: z.string(),
  transaction_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  outcome: z.enum(UNAPPLIED_PAYMENT_OUTCOMES),
  /** `valid` for a notify whose signature was checked; `unsigned` when the provider signs none. */
  signature: z.enum(['valid', 'unsigned']),
  received_at: z.string(),
  refund: z.object({
    state: z.enum(PAYMENT_REFUND_STATES),
    requested_at: z.string().nullable(),
    requested_by: z.string().nullable(),
    refunded_at: z.string().nullable(),
    /** Why the last try failed, in Hebrew. */
    error: z.string().nullable(),
  }),
});
export type UnappliedPayment = z.infer<typeof unappliedPaymentSchema>;

export const unappliedPaymentsAnswerSchema = z.object({
  payments: z.array(unappliedPaymentSchema),
});
export type UnappliedPaymentsAnswer = z.infer<typeof unappliedPaymentsAnswerSchema>;

/** `GET /api/admin/payments/unapplied?refund=needed`: only the payments in that refund state. */
export const unappliedPaymentsQuerySchema = z.object({
  refund: z.enum(PAYMENT_REFUND_STATES).optional(),
});
export type UnappliedPaymentsQuery = z.infer<typeof unappliedPaymentsQuerySchema>;
