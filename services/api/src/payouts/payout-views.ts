import type { Types } from 'mongoose';
import type { MyPayout, PayoutRun, TaxStatus } from '@mechabrim/contracts';
import type { PayoutHeldReason, PayoutRunStatus, PayoutStatus } from '@mechabrim/db';
import { agorot, toShekels, type BonusRule, type PayoutPolicyName } from '@mechabrim/money';

const shekels = (value: number) => toShekels(agorot(value));

/** A payout run as a lean query reads it. */
export interface StoredRun {
  _id: Types.ObjectId;
  period: string;
  periodEnd: Date;
  startedAt: Date;
  startedBy: string;
  policy: PayoutPolicyName;
  status: PayoutRunStatus;
  finishedAt?: Date | null;
  totals?: {
    paidCount: number;
    grossAgorot: number;
    withheldAgorot: number;
    netAgorot: number;
    heldCount: number;
    heldAgorot: number;
    carriedCount: number;
    carriedAgorot: number;
  } | null;
  batch?: StoredBatch | null;
  previousBatches?: StoredBatch[];
}

/** A bank file of the run, as stored. */
interface StoredBatch {
  fileKey: string;
  createdAt: Date;
  credits: number;
  totalAgorot: number;
  payoutIds?: Types.ObjectId[] | null;
  allocationIds?: Types.ObjectId[] | null;
  downloadedAt?: Date | null;
  sentAt?: Date | null;
  sentBy?: string | null;
}

interface StoredStatementLine {
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

/** A payout as a lean query reads it. */
export interface StoredPayoutRow {
  _id: Types.ObjectId;
  authorId: Types.ObjectId;
  period: string;
  status: PayoutStatus;
  heldReason?: PayoutHeldReason | null;
  grossAgorot: number;
  withheldAgorot: number;
  netAgorot: number;
  createdAt: Date;
  paidAt?: Date | null;
  withholdingPercent?: number;
  statementFileKey?: string | null;
  statement: {
    from?: Date | null;
    to: Date;
    lines: StoredStatementLine[];
    carriedInAgorot: number;
    earnedAgorot: number;
    bonusesAgorot: number;
    /** Absent on statements written before bonuses were booked. */
    bonusLines?: Array<{ month: string; rule: BonusRule; amountAgorot: number }> | null;
    balanceAgorot: number;
    grossAgorot: number;
    withheldAgorot: number;
    netAgorot: number;
    carriedOverAgorot: number;
  };
  bank?: { bankCode: string; branch: string; accountMasked: string; taxStatus: TaxStatus } | null;
}

/** A run as the admins see it; `statementsPending`, its payouts whose PDF is not drawn yet. */
export function toPayoutRun(run: StoredRun, statementsPending = 0): PayoutRun {
  const t = run.totals;
  return {
    id: run._id.toHexString(),
    period: run.period,
    periodEnd: run.periodEnd.toISOString(),
    startedAt: run.startedAt.toISOString(),
    startedBy: run.startedBy,
    policy: run.policy,
    status: run.status,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    totals: t
      ? {
          paidCount: t.paidCount,
          gross: shekels(t.grossAgorot),
          withheld: shekels(t.withheldAgorot),
          net: shekels(t.netAgorot),
          heldCount: t.heldCount,
          held: shekels(t.heldAgorot),
          carriedCount: t.carriedCount,
          carried: shekels(t.carriedAgorot),
        }
      : null,
    batch: run.batch
      ? {
          createdAt: run.batch.createdAt.toISOString(),
          credits: run.batch.credits,
          total: shekels(run.batch.totalAgorot),
          sentAt: run.batch.sentAt?.toISOString() ?? null,
          sentBy: run.batch.sentBy ?? null,
        }
      : null,
    statementsPending,
  };
}

export function toMyPayout(row: StoredPayoutRow): MyPayout {
  const s = row.statement;
  return {
    id: row._id.toHexString(),
    period: row.period,
    status: row.status,
    gross: shekels(row.grossAgorot),
    withheld: shekels(row.withheldAgorot),
    net: shekels(row.netAgorot),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    heldReason: row.heldReason ?? null,
    withholdingPercent: row.withholdingPercent ?? 0,
    statementPdf: Boolean(row.statementFileKey),
    statement: {
      from: s.from?.toISOString() ?? null,
      to: s.to.toISOString(),
      lines: s.lines.map((line) => ({
        orderReference: line.orderReference,
        bookTitle: line.bookTitle,
        copies: line.copies,
        lineTotal: shekels(line.lineTotalAgorot),
        vat: shekels(line.vatAgorot),
        author: shekels(line.authorAgorot),
        community: shekels(line.communityAgorot),
        platform: shekels(line.platformAgorot),
        print: shekels(line.printAgorot),
        refunds: shekels(line.refundsAgorot),
      })),
      carriedIn: shekels(s.carriedInAgorot),
      earned: shekels(s.earnedAgorot),
      bonuses: shekels(s.bonusesAgorot),
      bonusLines: (s.bonusLines ?? []).map((bonus) => ({
        month: bonus.month,
        rule: bonus.rule,
        amount: shekels(bonus.amountAgorot),
      })),
      balance: shekels(s.balanceAgorot),
      gross: shekels(s.grossAgorot),
      withheld: shekels(s.withheldAgorot),
      net: shekels(s.netAgorot),
      carriedOver: shekels(s.carriedOverAgorot),
    },
  };
}
