import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { INVOICE_PROVIDERS, RECEIPT_STATUSES } from './receipts.schema';

/** Why money went back: the order was cancelled, or books of it were returned. */
export const CREDIT_NOTE_REASONS = ['cancellation', 'return'] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];

/**
 * The credit note (חשבונית זיכוי) of one refund, crediting the order's tax invoice-receipt. Issued
 * like a receipt, in two steps: `number` comes from the `credit-note` series of `receipt_counters`
 * in the transaction that inserts this `issuing` row, so numbers never repeat or skip; a retry
 * finds the row by `refundRef` (unique: one note per refund) and finishes it with the same number.
 */
export const CreditNoteSchema = new Schema(
  {
    orderId: { type: Schema.Types.ObjectId, ref: 'Order', required: true },
    /** The refund's own key (the payment provider's refund id or the refund job's id). */
    refundRef: { type: String, required: true },
    /** Our sequential number in the credit-note series (1, 2, 3…). */
    number: { type: Number, required: true, min: 1, validate: Number.isInteger },
    /** The number of the invoice-receipt this note credits. */
    receiptNumber: { type: Number, required: true, min: 1, validate: Number.isInteger },
    provider: { type: String, enum: INVOICE_PROVIDERS, required: true },
    status: { type: String, enum: RECEIPT_STATUSES, required: true, default: 'issuing' },
    issuedAt: { type: Date, required: true },
    /** The amount credited, VAT included, and the VAT inside it (positive agorot). */
    totalAgorot: { type: Number, required: true, min: 1, validate: Number.isInteger },
    vatAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
    reason: { type: String, enum: CREDIT_NOTE_REASONS, required: true },
    /** Where the local PDF is kept (a storage key); null for provider documents. */
    fileKey: { type: String, default: null },
    /** The provider's document: its id, its own number and the URL of its PDF. */
    providerDocumentId: { type: String, default: null },
    providerNumber: { type: String, default: null },
    documentUrl: { type: String, default: null },
  },
  { collection: 'credit_notes', timestamps: true },
);
CreditNoteSchema.index({ refundRef: 1 }, { unique: true });
CreditNoteSchema.index({ number: 1 }, { unique: true });
// The orders page reads the notes of a page of orders at once.
CreditNoteSchema.index({ orderId: 1, status: 1, number: 1 });

export type CreditNoteRecord = InferSchemaType<typeof CreditNoteSchema>;
export type CreditNoteDocument = HydratedDocument<CreditNoteRecord>;
export type CreditNoteModel = Model<CreditNoteRecord>;
export const CREDIT_NOTE_MODEL = 'CreditNote';
