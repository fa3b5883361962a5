import { israeliBank } from '@mechabrim/contracts';
import type { PayoutHeldReason, PayoutStatus } from '@mechabrim/db';

/** One order line of a stored statement (agorot). */
export interface StatementDraftLine {
  orderReference: string;
  bookTitle: string;
  copies: number;
  lineTotalAgorot: number;
  vatAgorot: number;
  authorAgorot: number;
  communityAgorot: number;
  platformAgorot: number;
  printAgorot: number;
  refundsAgorot: number;
}

/** A payout row as the statement step reads it (a lean `payouts` document). */
export interface StatementPayoutRow {
  _id: { toHexString(): string };
  authorId: { toHexString(): string };
  period: string;
  status: PayoutStatus;
  heldReason?: PayoutHeldReason | null;
  withholdingPercent: number;
  createdAt: Date;
  statementFileKey?: string | null;
  statementMailedAt?: Date | null;
  bank?: { bankCode: string; branch: string; accountMasked: string } | null;
  statement: {
    from?: Date | null;
    to: Date;
    lines: StatementDraftLine[];
    carriedInAgorot: number;
    earnedAgorot: number;
    bonusesAgorot: number;
    /** Absent on statements written before bonuses were booked. */
    bonusLines?: Array<{
      month: string;
      rule: 'monthly-sales' | 'institutions' | 'loyalty';
      amountAgorot: number;
    }> | null;
    balanceAgorot: number;
    grossAgorot: number;
    withheldAgorot: number;
    netAgorot: number;
    carriedOverAgorot: number;
  };
}

/**
 * Everything the statement's PDF prints, as plain data: it crosses to the drawing thread (a
 * structured clone keeps strings, numbers and dates).
 */
export interface PayoutStatementDraft {
  payoutId: string;
  period: string;
  authorName: string;
  issuedAt: Date;
  heldReason: PayoutHeldReason | null;
  withholdingPercent: number;
  bank: { bankName: string; branch: string; accountMasked: string } | null;
  statement: StatementPayoutRow['statement'];
}

export function payoutStatementDraftOf(
  row: StatementPayoutRow,
  authorName: string,
): PayoutStatementDraft {
  return {
    payoutId: row._id.toHexString(),
    period: row.period,
    authorName,
    issuedAt: row.createdAt,
    heldReason: row.heldReason ?? null,
    withholdingPercent: row.withholdingPercent,
    bank: row.bank
      ? {
          bankName: israeliBank(row.bank.bankCode)?.name ?? row.bank.bankCode,
          branch: row.bank.branch,
          accountMasked: row.bank.accountMasked,
        }
      : null,
    statement: row.statement,
  };
}

const monthFormat = new Intl.DateTimeFormat('he-IL', {
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Jerusalem',
});

/** A payout period (`2026-10`) as Hebrew says it: `אוקטובר 2026`. */
export function periodLabelHe(period: string): string {
  const [year, month] = period.split('-').map(Number);
  // Mid-month at noon UTC: the same month in Israel's time zone.
  return monthFormat.format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 15, 12)));
}

/** Where a payout's statement PDF is kept, under `DATA_DIR`. */
export function payoutStatementFileKey(payoutId: string): string {
  return `payout-statements/${payoutId}.pdf`;
}
