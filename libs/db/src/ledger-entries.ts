import { Types } from 'mongoose';
import { createHash } from 'node:crypto';
import {
  BONUS_RULES,
  lineTotal,
  agorot,
  returnedCopiesSplit,
  selectSplitPolicy,
} from '@mechabrim/money';
import type { LedgerEntryInput, StoredLedgerEntry } from './ledger.schema';

/*
 * The entries each money event besides a sale's split writes (ledger.schema.ts holds the entry and
 * the split's rows): reversals, a cancellation fee, payouts, bonuses, the community fund's
 * allocations and donations, and returns.
 */

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
