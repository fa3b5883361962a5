import { Types } from 'mongoose';
import { orderReference } from '@mechabrim/contracts';
import { BONUS_KINDS, SHIPPING_KINDS, type PayoutHeldReason } from '@mechabrim/db';
import {
  BONUS_RULES,
  bonusTotal,
  payoutStatement,
  type BonusLine,
  type BonusRule,
  type PayoutDecision,
  type StatementLedgerEntry,
} from '@mechabrim/money';
import type { RunView } from './payout-run.types';

// A payout's statement as the payout row keeps it: its lines, bonuses and totals from libs/money.

/** An author's ledger entry as a payout's plan reads it. */
export interface LeanEntry {
  authorId: Types.ObjectId;
  orderId: Types.ObjectId;
  lineIndex: number;
  party: StatementLedgerEntry['party'];
  kind: string;
  amountAgorot: number;
  quantity: number;
  lineTotalAgorot: number;
  bookId?: Types.ObjectId | null;
  bonusMonth?: string;
  bonusRule?: string;
  occurredAt: Date;
}

/** What the statement of one payout is drawn from. */
export interface StatementParts {
  decision: PayoutDecision;
  inWindow: readonly LeanEntry[];
  from: Date | null;
  withholdingPercent: number;
  heldReason: PayoutHeldReason | null;
  titles: ReadonlyMap<string, string>;
}

/** What a statement's lines leave out: payouts, the order's shipping, bonuses (listed apart). */
const STATEMENT_SKIPPED_KINDS: ReadonlySet<string> = new Set([
  'payout',
  ...SHIPPING_KINDS,
  ...BONUS_KINDS,
]);

/** The payout's statement, computed by libs/money and drawn as the payout row keeps it. */
export function drawStatement(run: RunView, parts: StatementParts) {
  const bonusLines = bonusLinesOf(parts.inWindow);
  const statement = payoutStatement({
    entries: statementEntries(parts.inWindow),
    decision: parts.decision,
    withholdingPercent: parts.withholdingPercent,
    pay: !parts.heldReason,
    bonuses: bonusTotal(bonusLines),
  });
  const { titles } = parts;
  const record = {
    from: parts.from,
    to: run.periodEnd,
    lines: statement.lines.map((line) => ({
      orderId: new Types.ObjectId(line.orderId),
      orderReference: orderReference(line.orderId),
      lineIndex: line.lineIndex,
      bookId: line.bookId ? new Types.ObjectId(line.bookId) : null,
      bookTitle: (line.bookId && titles.get(line.bookId)) ?? '',
      copies: line.copies,
      lineTotalAgorot: line.lineTotal,
      vatAgorot: line.vat,
      authorAgorot: line.author,
      communityAgorot: line.community,
      platformAgorot: line.platform,
      printAgorot: line.print,
      refundsAgorot: line.refunds,
    })),
    carriedInAgorot: statement.carriedIn,
    earnedAgorot: statement.earned,
    bonusesAgorot: statement.bonuses,
    bonusLines,
    balanceAgorot: statement.balance,
    grossAgorot: statement.gross,
    withheldAgorot: statement.withheld,
    netAgorot: statement.net,
    carriedOverAgorot: statement.carriedOver,
  };
  return { statement, record };
}

/**
 * Every party's entries of the author's lines in the statement's window (payouts aside, the
 * order's shipping: it rides on the first line's author but is no part of any line, and the
 * bonuses: {@link bonusLinesOf}).
 */
function statementEntries(inWindow: readonly LeanEntry[]): StatementLedgerEntry[] {
  return inWindow
    .filter((entry) => !STATEMENT_SKIPPED_KINDS.has(entry.kind))
    .map((entry) => ({
      orderId: entry.orderId.toHexString(),
      lineIndex: entry.lineIndex,
      party: entry.party,
      kind: entry.kind,
      amountAgorot: entry.amountAgorot,
      quantity: entry.quantity,
      lineTotalAgorot: entry.lineTotalAgorot,
      bookId: entry.bookId ? entry.bookId.toHexString() : null,
      occurredAt: entry.occurredAt,
    }));
}

/** The author's bonuses booked in the statement's window, oldest month first. */
function bonusLinesOf(inWindow: readonly LeanEntry[]): BonusLine[] {
  return inWindow
    .filter((e) => e.party === 'author' && (BONUS_KINDS as readonly string[]).includes(e.kind))
    .map((e): BonusLine => ({
      month: e.bonusMonth ?? '',
      rule: e.bonusRule as BonusRule,
      amountAgorot: e.amountAgorot,
    }))
    .sort((a, b) =>
      a.month === b.month
        ? BONUS_RULES.indexOf(a.rule) - BONUS_RULES.indexOf(b.rule)
        : a.month.localeCompare(b.month),
    );
}
