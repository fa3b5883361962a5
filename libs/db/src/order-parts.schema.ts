import { Schema } from 'mongoose';
import { REFUND_STATES, RETURN_REASON_MAX, RETURN_STATES } from '@mechabrim/contracts';

/*
 * The parts an order holds besides its lines (orders.schema.ts): the payment's notify log and
 * attempts, refunds, the return and the print record.
 */

/**
 * One notify as it arrived from the provider, kept for support and audits: the order's payment
 * history. Each provider transaction is recorded once (a replayed notify adds nothing).
 */
export const NotifyLogEntrySchema = new Schema(
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
     * once an admin asked for it (a `refunds` job credits the card through the payment port),
     * `refunded` when done, `failed` when the provider declined or could not be reached (an admin
     * may ask again: the same `ref` is the provider's duplicate guard).
     */
    refund: {
      type: new Schema(
        {
          state: {
            type: String,
            enum: ['needed', 'requested', 'refunded', 'failed'],
            required: true,
          },
          requestedAt: { type: Date, default: null },
          requestedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
          ref: { type: String, default: null },
          refundedAt: { type: Date, default: null },
          /** The provider's credit transaction. */
          creditTransactionId: { type: String, default: null },
          lastError: { type: String, default: null },
          attempts: { type: Number, default: 0 },
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
export const PaymentAttemptSchema = new Schema(
  {
    ref: { type: String, required: true },
    amountAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

/** How many of a cancelled order's late print callbacks `print.afterCancellation` keeps. */
export const AFTER_CANCELLATION_KEPT = 20;

/**
 * One refund of a paid order (a cancellation now, a return later): its own random reference (the
 * payment provider's duplicate guard, so a retried refund never credits twice), the sum given back
 * and where it stands (`REFUND_STATES` of the contracts). The `refunds` job moves it; nothing
 * else does.
 */
export const RefundSchema = new Schema(
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
export const ReturnSchema = new Schema(
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
export const PrintRecordSchema = new Schema(
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
    /**
     * A handoff failed without the partner's answer (a timeout, a 5xx, an answer cut short): the
     * partner may have made the job. Until a retry learns its id (the handoff key finds it) or the
     * partner refuses outright, a cancellation cannot know there is no job to stop, so it waits.
     */
    uncertainSince: { type: Date, default: null },
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
