import { Schema, Types, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { createHash } from 'node:crypto';
import {
  BONUS_RULES,
  lineTotal,
  agorot,
  returnedCopiesSplit,
  selectSplitPolicy,
  SPLIT_POLICY_NAMES,
} from '@mechabrim/money';

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

/** What reverses what: a sale's reversal, and the shipping fee's. */
const REVERSAL_OF = { sale: 'reversal', shipping: 'shipping-reversal' } as const;
const isReversible = (kind: string): kind is keyof typeof REVERSAL_OF =>
  Object.prototype.hasOwnProperty.call(REVERSAL_OF, kind);

/**
 * The reversing entries of an order's sale entries and its shipping fee's (a cancellation, or a
 * split that lost its order to one): the same entries with `kind: 'reversal'` (the shipping's
 * `shipping-reversal`), their amounts, copies and line totals negated, at `occurredAt`. Entries
 * that already have their reversal get none: with the ledger's unique key, writing them again is
 * a no-op anyway. A print or shipping adjustment stays: its print and platform entries cancel each
 * other, so the order's entries still add up.
 */
export function reversalEntries(
  entries: readonly StoredLedgerEntry[],
  occurredAt: Date,
): LedgerEntryInput[] {
  const key = (e: StoredLedgerEntry, kind: string) =>
    `${String(e.orderId)}:${e.lineIndex}:${e.party}:${kind}`;
  const reversed = new Set(entries.map((e) => key(e, e.kind)));
  return entries
    .filter(
      (e): e is StoredLedgerEntry & LedgerEntryInput & { kind: keyof typeof REVERSAL_OF } =>
        isReversible(e.kind) &&
        !!e.bookId &&
        !!e.authorId &&
        !!e.policy &&
        !reversed.has(key(e, REVERSAL_OF[e.kind])),
    )
    .map(({ _id: _saleId, createdAt: _createdAt, ...sale }) => ({
      ...sale,
      kind: REVERSAL_OF[sale.kind],
      amountAgorot: -sale.amountAgorot,
      quantity: -sale.quantity,
      lineTotalAgorot: -sale.lineTotalAgorot,
      occurredAt,
    }));
}

/**
 * The cancellation fee the platform keeps of a cancelled order, as one ledger entry on the order's
 * first line (the ledger's key is per line; the fee is the order's): no copies, no line total.
 * Null for a fee of 0 or an order without lines.
 */
export function cancellationFeeEntry(
  order: {
    _id: Types.ObjectId;
    books: readonly { book: { _id: Types.ObjectId; author: Types.ObjectId } }[];
  },
  feeAgorot: number,
  policy: LedgerEntryInput['policy'],
  occurredAt: Date,
): LedgerEntryInput | null {
  const first = order.books[0];
  if (!first || feeAgorot <= 0) return null;
  return {
    orderId: order._id,
    lineIndex: 0,
    party: 'platform',
    kind: 'fee',
    amountAgorot: feeAgorot,
    bookId: first.book._id,
    authorId: first.book.author,
    quantity: 0,
    lineTotalAgorot: 0,
    policy,
    occurredAt,
  };
}

/** The `lineIndex` of a payout's entry, and of its reversal when the bank returns the transfer. */
export const PAYOUT_LEDGER_LINES = { paid: 0, returned: 1 } as const;

/**
 * The ledger entry of a payout to an author (issue 23): `kind: 'payout'`, `party: 'author'`, the
 * payout's gross amount negated (what was withheld was paid to the tax authority for the author),
 * so the author's balance after it is the sum of their entries. The ledger's unique key is
 * (orderId, lineIndex, party, kind): a payout's entry takes the payout's own id as `orderId` and
 * line 0, so a payout is booked once however often its run is repeated; the bank returning the
 * transfer books the same amount back on line 1 (once, by the same key), and the balance re-opens.
 * No book, copies, line total or split policy.
 */
export function payoutLedgerEntry(
  payout: { _id: Types.ObjectId; authorId: Types.ObjectId; grossAgorot: number },
  line: keyof typeof PAYOUT_LEDGER_LINES,
  occurredAt: Date,
) {
  return {
    orderId: payout._id,
    lineIndex: PAYOUT_LEDGER_LINES[line],
    party: 'author' as const,
    kind: 'payout' as const,
    amountAgorot: line === 'paid' ? -payout.grossAgorot : payout.grossAgorot,
    authorId: payout.authorId,
    quantity: 0,
    lineTotalAgorot: 0,
    occurredAt,
    createdAt: new Date(),
  };
}

/**
 * The `orderId` of an author's bonuses of a month: derived from the author and the month (the
 * first 12 bytes of their SHA-256), so every run that books them names the same key.
 */
export function bonusEntryId(authorId: Types.ObjectId, month: string): Types.ObjectId {
  const digest = createHash('sha256').update(`bonus:${authorId.toHexString()}:${month}`).digest();
  return new Types.ObjectId(digest.subarray(0, 12));
}

/**
 * The two ledger entries of one bonus (issue 23, spec §9): `kind: 'bonus'`, the author's entry of
 * the amount and the platform's of the amount negated (the platform's share pays it, so the
 * ledger still sums). Keyed by {@link bonusEntryId} of the author and month, with the rule's
 * number in {@link BONUS_RULES} as `lineIndex`: the ledger's unique key books each author's bonus
 * of a month and rule once, however often a run is repeated. Booked at the month's last instant.
 */
export function bonusLedgerEntries(bonus: {
  authorId: Types.ObjectId;
  month: string;
  rule: (typeof BONUS_RULES)[number];
  amountAgorot: number;
  bookedAt: Date;
}) {
  const createdAt = new Date();
  const base = {
    orderId: bonusEntryId(bonus.authorId, bonus.month),
    lineIndex: BONUS_RULES.indexOf(bonus.rule),
    kind: 'bonus' as const,
    authorId: bonus.authorId,
    bonusRule: bonus.rule,
    bonusMonth: bonus.month,
    quantity: 0,
    lineTotalAgorot: 0,
    occurredAt: bonus.bookedAt,
    createdAt,
  };
  return [
    { ...base, party: 'author' as const, amountAgorot: bonus.amountAgorot },
    { ...base, party: 'platform' as const, amountAgorot: 0 - bonus.amountAgorot },
  ];
}

/** The `lineIndex` of an allocation's entry, and of its reversal when the bank returns it. */
export const ALLOCATION_LEDGER_LINES = { paid: 0, returned: 1 } as const;

/**
 * The ledger entry of an allocation of the community fund to a project (issue 23 item 7):
 * `kind: 'allocation'`, `party: 'community'`, the amount negated (money leaves the fund), keyed
 * like a payout's — the allocation's own id as `orderId`, line 0 — so a repeated run books it once;
 * a transfer the bank returns books the amount back to the fund on line 1. No author, book, copies
 * or split policy; `projectId` names the project.
 */
export function allocationLedgerEntry(
  allocation: { _id: Types.ObjectId; projectId: Types.ObjectId; amountAgorot: number },
  line: keyof typeof ALLOCATION_LEDGER_LINES,
  occurredAt: Date,
) {
  return {
    orderId: allocation._id,
    lineIndex: ALLOCATION_LEDGER_LINES[line],
    party: 'community' as const,
    kind: 'allocation' as const,
    amountAgorot: line === 'paid' ? -allocation.amountAgorot : allocation.amountAgorot,
    projectId: allocation.projectId,
    quantity: 0,
    lineTotalAgorot: 0,
    occurredAt,
    createdAt: new Date(),
  };
}

/**
 * The ledger entry of a direct donation to the community fund ('donate now'): `kind: 'donation'`,
 * `party: 'community'`, the sum given, keyed by the donation's own id (line 0), so a repeated
 * payment notification books it once. No author, book or split policy.
 */
export function donationLedgerEntry(
  donation: { _id: Types.ObjectId; amountAgorot: number },
  occurredAt: Date,
) {
  return {
    orderId: donation._id,
    lineIndex: 0,
    party: 'community' as const,
    kind: 'donation' as const,
    amountAgorot: donation.amountAgorot,
    quantity: 0,
    lineTotalAgorot: 0,
    occurredAt,
    createdAt: new Date(),
  };
}

/** Copies of one order line a return takes back. */
export interface ReturnedLineCopies {
  lineIndex: number;
  quantity: number;
}

/**
 * The ledger entries of a return (kind `return`): for each returned line, the author's, the
 * community's and the platform's shares of the returned copies, negated, as `returnedCopiesSplit`
 * of `@mechabrim/money` reads them from the line's sale entries (their policy, and the print entry
 * for the print cost per copy; `fallbackPolicy` and no print cost for a line not split yet). The
 * print partner's entry is not touched: the entries add up to exactly minus the returned copies'
 * price, the refund. Copies are negative on every party's entry, so sales counts go down.
 */
export function returnEntries(
  order: {
    _id: Types.ObjectId;
    books: readonly {
      book: { _id: Types.ObjectId; author: Types.ObjectId };
      quantity: number;
      priceAgorot: number;
    }[];
  },
  entries: readonly LedgerEntryInput[],
  returned: readonly ReturnedLineCopies[],
  fallbackPolicy: LedgerEntryInput['policy'],
  occurredAt: Date,
): LedgerEntryInput[] {
  return returned.flatMap(({ lineIndex, quantity }) => {
    const line = order.books[lineIndex];
    if (!line || quantity <= 0) return [];
    const sales = entries.filter((e) => e.kind === 'sale' && e.lineIndex === lineIndex);
    const policy = sales[0]?.policy ?? fallbackPolicy;
    const shares = returnedCopiesSplit(selectSplitPolicy(policy), {
      priceAgorot: line.priceAgorot,
      soldQuantity: line.quantity,
      soldPrintAgorot: sales.find((e) => e.party === 'print')?.amountAgorot ?? 0,
      returnedQuantity: quantity,
    });
    const total = lineTotal(agorot(line.priceAgorot), quantity);
    return (['author', 'community', 'platform'] as const).map((party) => ({
      orderId: order._id,
      lineIndex,
      party,
      kind: 'return' as const,
      // `0 - x`, not `-x`: a free book's entries hold 0, never -0.
      amountAgorot: 0 - shares[party],
      bookId: line.book._id,
      authorId: line.book.author,
      quantity: -quantity,
      lineTotalAgorot: 0 - total,
      policy,
      occurredAt,
    }));
  });
}
