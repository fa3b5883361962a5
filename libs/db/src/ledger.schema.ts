import { Schema, Types, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { BONUS_RULES, SPLIT_POLICY_NAMES } from '@mechabrim/money';

/**
 * Who a ledger entry is owed to: the book's author, the community fund (the donation), the
 * platform's upkeep, and the print partner (print and shipping, out of the share that bears it).
 */
export const LEDGER_PARTIES = ['author', 'community', 'platform', 'print'] as const;
export type LedgerParty = (typeof LEDGER_PARTIES)[number];

/**
 * The order's shipping (issue 22): `shipping`, the shipping fee the buyer paid, owed to the print
 * partner for the shipping (one `print` entry on the order's line 0; none when the fee was 0);
 * `shipping-adjustment`, the partner's actual shipping charge differing from that fee (print and
 * platform entries of opposite amounts: the platform's difference, never the author's); and
 * `shipping-reversal`, the fee's entry negated when the order is cancelled (the refund gives it
 * back). A return leaves the shipping paid: return shipping is the buyer's. These entries carry
 * the first line's book and author, as the cancellation fee does, but no copies and no line total:
 * they are no author's sale or earning, and readers by author count `sale`, `reversal` and
 * `return` only. See `orderLedgerAmounts` of `@mechabrim/money` for the whole order's identity.
 */
export const SHIPPING_KINDS = ['shipping', 'shipping-adjustment', 'shipping-reversal'] as const;

/**
 * The spec's bonuses (issue 23, see {@link bonusLedgerEntries}): the author's entry and the
 * platform's opposite one, no book, copies or line total. No sale: readers of an author's sales
 * and copies skip them; the author's balance (what payouts read) counts them.
 */
export const BONUS_KINDS = ['bonus'] as const;

/**
 * A sale, its reversal (a cancellation or a refund), an adjustment (the print partner's actual
 * charge for a line differing from the quote the sale deducted: print and platform entries of
 * opposite amounts, so the line still adds up and the author's share stays as sold), a fee (the
 * cancellation fee the platform keeps of a cancelled order: one platform entry, on the order's
 * first line, since the ledger's key is per line), a return (copies of a delivered line sent back
 * and refunded: the author's, community's and platform's shares of those copies taken back, the
 * print cost not — one entry per line and party, an order having at most one return), or a payout
 * (money paid out to an author: see {@link payoutLedgerEntry}); the order's shipping
 * ({@link SHIPPING_KINDS}). The community fund's own kinds: an allocation (the fund's money handed
 * to one of its projects by a payout run, see {@link allocationLedgerEntry}) and a donation (a
 * direct gift to the fund through 'donate now', see {@link donationLedgerEntry}); neither belongs
 * to an author. Entries are never edited or removed.
 */
export const LEDGER_KINDS = [
  'sale',
  'reversal',
  'adjustment',
  'fee',
  'return',
  'payout',
  ...SHIPPING_KINDS,
  'allocation',
  'donation',
  ...BONUS_KINDS,
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The kinds that move the community fund's money and name no author or book. */
export const COMMUNITY_FUND_KINDS = ['allocation', 'donation'] as const;
export type CommunityFundKind = (typeof COMMUNITY_FUND_KINDS)[number];

const isFundKind = (kind: unknown) => (COMMUNITY_FUND_KINDS as readonly unknown[]).includes(kind);

const isBonusKind = (kind: unknown) => (BONUS_KINDS as readonly unknown[]).includes(kind);

/** A payout, a bonus or a fund entry is no sale line: it has no book and no split policy. */
function notAPayout(this: { kind?: string }): boolean {
  return this.kind !== 'payout' && !isFundKind(this.kind) && !isBonusKind(this.kind);
}

/** Every entry but the fund's own names the author it belongs to. */
function notAFundEntry(this: { kind?: string }): boolean {
  return !isFundKind(this.kind);
}

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
    /**
     * The line's book and author, on every party's entry, so an author's lines are one query. A
     * payout entry names no book.
     */
    bookId: { type: Schema.Types.ObjectId, ref: 'Book', required: notAPayout },
    authorId: { type: Schema.Types.ObjectId, ref: 'User', required: notAFundEntry },
    /** The bonus rule and the month (`YYYY-MM`) a bonus entry pays (bonus entries only). */
    bonusRule: { type: String, enum: BONUS_RULES, default: undefined },
    bonusMonth: { type: String, default: undefined },
    /** The community project an allocation was made to (allocation entries only). */
    projectId: { type: Schema.Types.ObjectId, ref: 'CommunityProject', default: undefined },
    /**
     * Copies of the line (negative on a reversal; 0 on an adjustment), for sales counts read from
     * the ledger.
     */
    quantity: { type: Number, required: true, validate: Number.isInteger },
    /** The line's total, unit price × quantity (negative on a reversal; 0 on an adjustment). */
    lineTotalAgorot: { type: Number, required: true, validate: Number.isInteger },
    /** The split policy that drew the entry (configuration may change; history does not). */
    policy: { type: String, enum: SPLIT_POLICY_NAMES, required: notAPayout },
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
/** What each community project has received (allocation entries only). */
LedgerEntrySchema.index(
  { projectId: 1, kind: 1 },
  { partialFilterExpression: { kind: 'allocation' } },
);
/** A book's copies sold (the `book-sales` count; `quantity` in the key, so MongoDB reads no entry). */
LedgerEntrySchema.index({ bookId: 1, party: 1, quantity: 1 });

export type LedgerEntryRecord = InferSchemaType<typeof LedgerEntrySchema>;
export type LedgerEntryDocument = HydratedDocument<LedgerEntryRecord>;
export type LedgerEntryModel = Model<LedgerEntryRecord>;
export const LEDGER_ENTRY_MODEL = 'LedgerEntry';

/** A ledger entry as the split writes it (`createdAt` is added by `ledgerRows`). */
export interface LedgerEntryInput {
  orderId: Types.ObjectId;
  lineIndex: number;
  party: LedgerParty;
  kind: LedgerKind;
  amountAgorot: number;
  bookId: Types.ObjectId;
  authorId: Types.ObjectId;
  quantity: number;
  lineTotalAgorot: number;
  policy: (typeof SPLIT_POLICY_NAMES)[number];
  occurredAt: Date;
}

const isObjectId = (value: unknown) => value instanceof Types.ObjectId;
const isWhole = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value);

/**
 * Why an entry would fail `LedgerEntrySchema`'s validation (null: it would pass): the same rules,
 * checked without building a mongoose document, for writers that insert many entries through the
 * driver (the order split). `ledger.schema.spec.ts` holds the two to the same answers.
 */
export function ledgerEntryProblem(entry: LedgerEntryInput): string | null {
  if (!isObjectId(entry.orderId)) return 'orderId';
  if (!isWhole(entry.lineIndex) || entry.lineIndex < 0) return 'lineIndex';
  if (!(LEDGER_PARTIES as readonly unknown[]).includes(entry.party)) return 'party';
  if (!(LEDGER_KINDS as readonly unknown[]).includes(entry.kind)) return 'kind';
  if (!isWhole(entry.amountAgorot)) return 'amountAgorot';
  if (!isObjectId(entry.bookId)) return 'bookId';
  if (!isObjectId(entry.authorId)) return 'authorId';
  if (!isWhole(entry.quantity)) return 'quantity';
  if (!isWhole(entry.lineTotalAgorot)) return 'lineTotalAgorot';
  if (!(SPLIT_POLICY_NAMES as readonly unknown[]).includes(entry.policy)) return 'policy';
  if (!(entry.occurredAt instanceof Date) || Number.isNaN(entry.occurredAt.getTime())) {
    return 'occurredAt';
  }
  return null;
}

/**
 * Ledger entries checked against the schema's rules and stamped with `createdAt`, ready for the
 * driver's `insertMany` (no mongoose document per entry: the split writes thousands a second).
 * Throws on the first entry the schema would refuse, so nothing of the batch is written.
 */
export function ledgerRows(
  entries: readonly LedgerEntryInput[],
  createdAt = new Date(),
): (LedgerEntryInput & { createdAt: Date })[] {
  return entries.map((entry) => {
    const problem = ledgerEntryProblem(entry);
    if (problem) {
      throw new Error(
        `ledger entry of order ${String(entry.orderId)} line ${entry.lineIndex}: invalid ${problem}`,
      );
    }
    return { ...entry, createdAt };
  });
}

/** An entry as read back: a payout's has no book or split policy, a fund entry no author. */
export type StoredLedgerEntry = Omit<LedgerEntryInput, 'bookId' | 'policy' | 'authorId'> & {
  authorId?: Types.ObjectId | null;
  bookId?: Types.ObjectId | null;
  policy?: LedgerEntryInput['policy'] | null;
  _id?: unknown;
  createdAt?: unknown;
};
