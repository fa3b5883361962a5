import { Schema, type InferSchemaType, type Model } from 'mongoose';

/** What a provider's transaction can be applied to. */
export const PAYMENT_TRANSACTION_TARGETS = ['order', 'donation'] as const;
export type PaymentTransactionTarget = (typeof PAYMENT_TRANSACTION_TARGETS)[number];

/**
 * The one order or donation a provider's transaction is money for. Tranzila does not sign its
 * notify, and its transactions API confirms a transaction's result, sum and currency, not which
 * payment attempt it was made on: a buyer who paid one order could post its transaction number
 * again naming another attempt of the same sum. So the first notify that pays with a transaction,
 * holds it for review or records it as money to give back claims it here, keyed by provider and
 * transaction number (`_id`, unique), in the same MongoDB transaction as the payment; a notify
 * naming a claimed transaction for anything else is recorded and pays nothing, and no second
 * refund of that money is asked for.
 */
export const PaymentTransactionSchema = new Schema(
  {
    /** `provider:transactionId`, so one transaction can be claimed once. */
    _id: { type: String, required: true },
    provider: { type: String, required: true },
    transactionId: { type: String, required: true },
    target: { type: String, enum: PAYMENT_TRANSACTION_TARGETS, required: true },
    targetId: { type: Schema.Types.ObjectId, required: true },
    /** The payment attempt the claiming notify named. */
    attemptRef: { type: String, required: true },
    amountAgorot: { type: Number, required: true, validate: Number.isInteger },
    /** What the claiming notify did: `paid`, `mismatch` (held for review) or `foreign`. */
    outcome: { type: String, required: true },
    claimedAt: { type: Date, required: true },
  },
  { collection: 'payment_transactions', versionKey: false },
);

/** The claim's key: a transaction number is unique within its provider only. */
export function paymentTransactionKey(provider: string, transactionId: string): string {
  return `${provider}:${transactionId}`;
}

export type PaymentTransactionRecord = InferSchemaType<typeof PaymentTransactionSchema>;
export type PaymentTransactionModel = Model<PaymentTransactionRecord>;
export const PAYMENT_TRANSACTION_MODEL = 'PaymentTransaction';
