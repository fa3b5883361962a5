import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';

/** Who issued a receipt: our own PDF, or Morning (Green Invoice). */
export const INVOICE_PROVIDERS = ['local', 'morning'] as const;
export type InvoiceProviderName = (typeof INVOICE_PROVIDERS)[number];

/** `issuing`: the number is the order's, the document not made yet; `issued`: done. */
export const RECEIPT_STATUSES = ['issuing', 'issued'] as const;

/**
 * The tax invoice-receipt (חשבונית מס/קבלה) of one paid order. `number` comes from the
 * `receipt_counters` document, incremented in the same transaction that inserts this row, so
 * numbers never repeat (unique index) and never skip: once inserted, the number belongs to the
 * order, and a job that failed making the document leaves the row `issuing` for its retry to
 * finish with the same number. A retried job finds the row by `orderId` (unique).
 */
export const ReceiptSchema = new Schema(
  {
    orderId: { type: Schema.Types.ObjectId, ref: 'Order', required: true },
    /** Our sequential number (1, 2, 3…). */
    number: { type: Number, required: true, min: 1, validate: Number.isInteger },
    provider: { type: String, enum: INVOICE_PROVIDERS, required: true },
    status: { type: String, enum: RECEIPT_STATUSES, required: true, default: 'issuing' },
    issuedAt: { type: Date, required: true },
    totalAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
    vatAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
    /** Where the local PDF is kept (a storage key); null for provider documents. */
    fileKey: { type: String, default: null },
    /** The provider's document: its id, its own number and the URL of its PDF. */
    providerDocumentId: { type: String, default: null },
    providerNumber: { type: String, default: null },
    documentUrl: { type: String, default: null },
  },
  { collection: 'receipts', timestamps: true },
);
ReceiptSchema.index({ orderId: 1 }, { unique: true });
ReceiptSchema.index({ number: 1 }, { unique: true });

export type ReceiptRecord = InferSchemaType<typeof ReceiptSchema>;
export type ReceiptDocument = HydratedDocument<ReceiptRecord>;
export type ReceiptModel = Model<ReceiptRecord>;
export const RECEIPT_MODEL = 'Receipt';

/** One counter per numbered document series; `_id` names the series. */
export const ReceiptCounterSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** The last number handed out. */
    seq: { type: Number, required: true, default: 0 },
  },
  { collection: 'receipt_counters', versionKey: false },
);
export type ReceiptCounterRecord = InferSchemaType<typeof ReceiptCounterSchema>;
export type ReceiptCounterModel = Model<ReceiptCounterRecord>;
export const RECEIPT_COUNTER_MODEL = 'ReceiptCounter';
/** The series of invoice-receipts. */
export const INVOICE_RECEIPT_SERIES = 'invoice-receipt';
/** The series of credit notes (its own numbers, apart from the receipts'). */
export const CREDIT_NOTE_SERIES = 'credit-note';
