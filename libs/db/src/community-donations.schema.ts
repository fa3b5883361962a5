import { Schema, type InferSchemaType, type Model } from 'mongoose';

/**
 * A direct donation's life ('donate now', issue 23 item 7): `pending` (its hosted payment page
 * was opened), `paid` (the provider's notify was verified and confirmed for its sum: its
 * `donation` ledger entry is written in the same transaction), `failed` (the card was declined;
 * the donor may try again on the same page, and a later approved payment still pays it).
 */
export const COMMUNITY_DONATION_STATES = ['pending', 'paid', 'failed'] as const;
export type CommunityDonationState = (typeof COMMUNITY_DONATION_STATES)[number];

/** One notify of the donation's payment, as an order's payment history records it. */
const DonationNotifySchema = new Schema(
  {
    receivedAt: { type: Date, required: true },
    /** `paid`, `declined`, `not_confirmed` or `foreign` (another sum, or paid already). */
    outcome: { type: String, required: true },
    transactionId: { type: String, default: null },
    amountAgorot: { type: Number, default: null },
    currency: { type: String, default: null },
    result: { type: String, default: null },
    signature: { type: String, enum: ['valid', 'unsigned'], default: null },
    /** Money taken that pays nothing (a `foreign` payment) is given back: `needed`. */
    refund: {
      type: new Schema(
        { state: { type: String, enum: ['needed', 'requested', 'refunded'], required: true } },
        { _id: false },
      ),
      default: null,
    },
  },
  { _id: false },
);

/**
 * A direct donation to the community fund: the sum in agorot, the donor's e-mail (for the
 * thank-you and receipt) and optional name, and its one payment reference (random, 128 bits: the
 * hosted page and the provider's notify name it, never the donation's id). Unique `paymentRef`;
 * an `idempotencyKey` (one per press of 'donate now') makes a retried request the same donation.
 */
export const CommunityDonationSchema = new Schema(
  {
    amountAgorot: { type: Number, required: true, min: 1, validate: Number.isInteger },
    state: { type: String, enum: COMMUNITY_DONATION_STATES, required: true, default: 'pending' },
    email: { type: String, required: true },
    donorName: { type: String, default: null },
    /** The signed-in account that gave it, when any (guests may donate). */
    userId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    provider: { type: String, required: true },
    paymentRef: { type: String, required: true },
    idempotencyKey: { type: String, default: null },
    /** What a retried request with the same key must repeat (sum, e-mail, name), hashed. */
    fingerprint: { type: String, default: null },
    transactionId: { type: String, default: null },
    confirmationCode: { type: String, default: null },
    cardLast4: { type: String, default: null },
    failureCode: { type: String, default: null },
    failureMessage: { type: String, default: null },
    paidAt: { type: Date, default: null },
    notifyLog: { type: [DonationNotifySchema], default: [] },
  },
  { collection: 'community_donations', versionKey: false, timestamps: true },
);
CommunityDonationSchema.index({ paymentRef: 1 }, { unique: true });
CommunityDonationSchema.index(
  { idempotencyKey: 1 },
  { unique: true, partialFilterExpression: { idempotencyKey: { $type: 'string' } } },
);
CommunityDonationSchema.index({ state: 1, createdAt: -1 });

export type CommunityDonationRecord = InferSchemaType<typeof CommunityDonationSchema>;
export type CommunityDonationModel = Model<CommunityDonationRecord>;
export const COMMUNITY_DONATION_MODEL = 'CommunityDonation';
