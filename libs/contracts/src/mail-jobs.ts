import { z } from 'zod';
import {
  ACCOUNT_MAIL_TEMPLATES,
  emailChangeConfirmMailSchema,
  emailChangeRequestedMailSchema,
  emailVerifyMailSchema,
  passwordChangedMailSchema,
  passwordResetMailSchema,
} from './account-mail';
import { refundRefSchema } from './fields';
import { newBooksMailSchema } from './follows';
import { PREFLIGHT_CHECK_STATUSES } from './preflight';
import { reviewDecidedMailSchema } from './reviews';

// The `mail` queue's jobs: one e-mail to one address, drawn from a template the worker knows.

const orderIdField = z.string().regex(/^[a-f\d]{24}$/i);

/** Mail templates the worker knows (each is one file under services/worker/src/mail/templates). */
export const MAIL_TEMPLATES = [
  'order-confirmation',
  'shipping-update',
  'ready-for-pickup',
  'book-approved',
  'book-rejected',
  'book-sold',
  'payout-details-changed',
  'order-cancelled',
  'order-returned',
  'return-rejected',
  ...ACCOUNT_MAIL_TEMPLATES,
  'payout-statement',
  'review-decided',
  'new-books',
  'donation-thanks',
] as const;
export type MailTemplateName = (typeof MAIL_TEMPLATES)[number];

const bookIdField = z.string().regex(/^[a-f\d]{24}$/i);
const mailTo = z.email().max(254);

/** One check of a book's preflight, as the approval and rejection mails list them. */
export const preflightReportItemSchema = z.strictObject({
  /** What was checked, in Hebrew (e.g. "גודל העמוד"). */
  check: z.string().min(1).max(200),
  passed: z.boolean(),
  /** The check's own verdict (`warn` passes but is worth a look); absent in older jobs. */
  status: z.enum(PREFLIGHT_CHECK_STATUSES).optional(),
  /** What was found, in Hebrew; empty when there is nothing to add. */
  detail: z.string().max(1000).default(''),
});
export type PreflightReportItem = z.infer<typeof preflightReportItemSchema>;

/** `order-confirmation`: the buyer's confirmation of a paid order, with its receipt. */
export const orderConfirmationMailSchema = z.strictObject({
  template: z.literal('order-confirmation'),
  to: mailTo,
  orderId: orderIdField,
});

/** `shipping-update`: the order's parcels left the printer; tracking numbers for the buyer. */
export const shippingUpdateMailSchema = z.strictObject({
  template: z.literal('shipping-update'),
  to: mailTo,
  orderId: orderIdField,
  trackingNumbers: z.array(z.string().min(1).max(100)).min(1).max(20),
  /** The carrier's name as the buyer knows it (e.g. "דואר ישראל"). */
  carrier: z.string().max(100).optional(),
});

/**
 * `ready-for-pickup`: a self-pickup order reached the Tel Aviv branch; the mail gives its address
 * and hours (`PICKUP_BRANCH`). Sent once per order instead of `shipping-update`.
 */
export const readyForPickupMailSchema = z.strictObject({
  template: z.literal('ready-for-pickup'),
  to: mailTo,
  orderId: orderIdField,
});

/**
 * Mails about an order's later steps: the mail worker holds them until the order's
 * `order-confirmation` is sent, so the confirmation is always the buyer's first mail of an order.
 */
export const MAIL_AFTER_CONFIRMATION: readonly MailTemplateName[] = [
  'shipping-update',
  'ready-for-pickup',
  'order-cancelled',
];

const bookReviewMailFields = {
  to: mailTo,
  bookId: bookIdField,
  bookTitle: z.string().min(1).max(300),
  authorName: z.string().min(1).max(120),
  report: z.array(preflightReportItemSchema).max(100),
};

/** `book-approved`: the author's book passed preflight and is published. */
export const bookApprovedMailSchema = z.strictObject({
  template: z.literal('book-approved'),
  ...bookReviewMailFields,
});

/** `book-rejected`: the author's book failed preflight; the report says what to fix. */
export const bookRejectedMailSchema = z.strictObject({
  template: z.literal('book-rejected'),
  ...bookReviewMailFields,
  /** What the admin who rejected the book wrote to its author. */
  reason: z.string().max(1000).optional(),
});

/** `book-sold`: tells an author that copies of their book were sold in a paid order. */
export const bookSoldMailSchema = z.strictObject({
  template: z.literal('book-sold'),
  to: mailTo,
  orderId: orderIdField,
  bookId: bookIdField,
  bookTitle: z.string().min(1).max(300),
  authorName: z.string().min(1).max(120),
  quantity: z.number().int().min(1).max(10000),
  /** The author's share of these copies, in integer agorot. */
  earningsAgorot: z.number().int().min(0),
});

/**
 * `payout-details-changed`: tells an author that the bank details of their payouts were saved or
 * changed (masked), and that the next payout waits for a review when they were changed.
 */
export const payoutDetailsChangedMailSchema = z.strictObject({
  template: z.literal('payout-details-changed'),
  to: mailTo,
  authorName: z.string().min(1).max(120),
  bankName: z.string().min(1).max(100),
  /** The account as the portal shows it (`••••1234`); never the whole number. */
  accountMasked: z.string().regex(/^•+\d{1,4}$/),
  changedAt: z.iso.datetime(),
  /** The first details the author entered (no payout is held), or a change of earlier ones. */
  firstTime: z.boolean(),
});

/**
 * `order-cancelled`: the buyer's order was cancelled; the fee kept, the refund given back to the
 * card and its credit note (read from the order by the refund's reference).
 */
export const orderCancelledMailSchema = z.strictObject({
  template: z.literal('order-cancelled'),
  to: mailTo,
  orderId: orderIdField,
  refundRef: refundRefSchema,
});

/**
 * `order-returned`: the books the buyer sent back arrived; their price given back to the card and
 * its credit note (read from the order by the refund's reference).
 */
export const orderReturnedMailSchema = z.strictObject({
  template: z.literal('order-returned'),
  to: mailTo,
  orderId: orderIdField,
  refundRef: refundRefSchema,
});

/** `return-rejected`: an admin refused the buyer's return of books, saying why. */
export const returnRejectedMailSchema = z.strictObject({
  template: z.literal('return-rejected'),
  to: mailTo,
  orderId: orderIdField,
  reason: z.string().min(1).max(500),
});

/**
 * `payout-statement`: an author's statement for a month, its PDF attached (read by the payout's
 * id). Queued once per payout: its job id is {@link payoutStatementMailJobId}.
 */
export const payoutStatementMailSchema = z.strictObject({
  template: z.literal('payout-statement'),
  to: mailTo,
  authorName: z.string().max(120),
  payoutId: z.string().regex(/^[a-f\d]{24}$/i),
});

/** The job id of a payout's statement mail: one mail per payout, however often the run repeats. */
export function payoutStatementMailJobId(payoutId: string): string {
  return `payout-statement-${payoutId}`;
}

/**
 * `donation-thanks`: thanks a donor for a direct donation to the community fund ('donate now'),
 * with its sum, date and reference, once the payment was confirmed (one outbox row, written with
 * the donation's ledger entry).
 */
export const donationThanksMailSchema = z.strictObject({
  template: z.literal('donation-thanks'),
  to: mailTo,
  donationId: z.string().regex(/^[a-f\d]{24}$/i),
  amountAgorot: z.number().int().min(1),
  donorName: z.string().max(80).nullable(),
  paidAt: z.iso.datetime(),
});

/** `mail`: one e-mail to one address, drawn from a template; the template names its data. */
export const mailJobSchema = z.discriminatedUnion('template', [
  orderConfirmationMailSchema,
  shippingUpdateMailSchema,
  readyForPickupMailSchema,
  bookApprovedMailSchema,
  bookRejectedMailSchema,
  bookSoldMailSchema,
  payoutDetailsChangedMailSchema,
  orderCancelledMailSchema,
  orderReturnedMailSchema,
  returnRejectedMailSchema,
  passwordResetMailSchema,
  passwordChangedMailSchema,
  emailChangeConfirmMailSchema,
  emailChangeRequestedMailSchema,
  emailVerifyMailSchema,
  payoutStatementMailSchema,
  reviewDecidedMailSchema,
  newBooksMailSchema,
  donationThanksMailSchema,
]);
export type MailJob = z.infer<typeof mailJobSchema>;
/** The job of one template. */
export type MailJobOf<T extends MailTemplateName> = Extract<MailJob, { template: T }>;
