import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { SPLIT_POLICY_NAMES } from '@mechabrim/money';

/**
 * Who a ledger entry is owed to: the book's author, the community fund (the donation), the
 * platform's upkeep, and the print partner (print and shipping, out of the share that bears it).
 */
export const LEDGER_PARTIES = ['author', 'community', 'platform', 'print'] as const;
export type LedgerParty = (typeof LEDGER_PARTIES)[number];

/** A sale, or its reversal (a cancellation or a refund): entries are never edited or removed. */
export const LEDGER_KINDS = ['sale', 'reversal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The money ledger (ARCHITECTURE.md decision 6 and issue 11): one entry per paid order line and
 * party, in whole agorot, through the money module's split policy; a line's entries add up to the
 * line exactly. Append-only: a cancelled or refunded order gets reversing entries (the same
 * amounts, negated), never an edit. The unique key (order, line, party, kind) makes a retried
 * split or reversal a no-op, so at-least-once jobs never count money twice. The author's earnings
 * and the community-fund figure are read from here only.
 */
export const LedgerEntrySchema = new Schema(
  {
    orderId: { type: Schema.Types.ObjectId, ref: 'Order', required: true },
    /** The line's index in the order's `books`. */
    lineIndex: { type: Number, required: true, min: 0, validate: Number.isInteger },
    party: { type: String, enum: LEDGER_PARTIES, required: true },
    kind: { type: String, enum: LEDGER_KINDS, required: true },
    /** Positive for a sale, negative for its reversal; whole agorot. */
    amountAgorot: { type: Number, required: true, validate: Number.isInteger },
    /** The line's book and author, on every party's entry, so an author's lines are one query. */
    bookId: { type: Schema.Types.ObjectId, ref: 'Book', required: true },
    authorId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** Copies of the line (negative on a reversal), for sales counts read from the ledger. */
    quantity: { type: Number, required: true, validate: Number.isInteger },
    /** The line's total, unit price × quantity (negative on a reversal). */
    lineTotalAgorot: { type: Number, required: true, validate: Number.isInteger },
    /** The split policy that drew the entry (configuration may change; history does not). */
    policy: { type: String, enum: SPLIT_POLICY_NAMES, required: true },
    /** When the money moved: the order's payment, or the cancellation. */
    occurredAt: { type: Date, required: true },
    createdAt: { type: Date, required: true, default: () => new Date() },
  },
  { collection: 'ledger', versionKey: false },
);
LedgerEntrySchema.index({ orderId: 1, lineIndex: 1, party: 1, kind: 1 }, { unique: true });
/** An author's earnings, by month. */
LedgerEntrySchema.index({ authorId: 1, party: 1, occurredAt: 1 });
/** The community fund's total. */
LedgerEntrySchema.index({ party: 1, occurredAt: 1 });

export type LedgerEntryRecord = InferSchemaType<typeof LedgerEntrySchema>;
export type LedgerEntryDocument = HydratedDocument<LedgerEntryRecord>;
export type LedgerEntryModel = Model<LedgerEntryRecord>;
export const LEDGER_ENTRY_MODEL = 'LedgerEntry';
