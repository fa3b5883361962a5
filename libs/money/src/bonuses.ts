import { agorot, type Agorot } from './agorot';
import { israelMidnight, israelYearMonth, monthBonuses, type MonthBonuses } from './payouts';

/*
 * The spec's bonuses (§9) as the ledger books them (issue 23): one entry per author, month and
 * rule, paid out of the platform's share. Computed from the ledger alone, for months that are
 * over, so the same ledger always gives the same bonuses and a key per (author, month, rule)
 * keeps each one booked once.
 */

/** The bonus rules, in the order their ledger entries number them (`lineIndex`). */
export const BONUS_RULES = ['monthly-sales', 'institutions', 'loyalty'] as const;
export type BonusRule = (typeof BONUS_RULES)[number];

const RULE_FIELD = {
  'monthly-sales': 'monthlySales',
  institutions: 'institutions',
  loyalty: 'loyalty',
} as const satisfies Record<BonusRule, keyof MonthBonuses>;

/** The ledger kinds whose line totals make an author's sales: sales less refunds and returns. */
export const BONUS_SALES_KINDS = ['sale', 'reversal', 'return'] as const;

/** One of the author's own ledger entries, as the bonuses read it. */
export interface BonusSalesEntry {
  kind: string;
  /** The line's total (negative on a reversal or a return). */
  lineTotalAgorot: number;
  occurredAt: Date;
  /** Whether the order's buyer is an account an admin marked as an institution. */
  institution: boolean;
}

/** A bonus one month of sales earned under one rule. */
export interface EarnedBonus {
  /** `YYYY-MM` in Israel. */
  month: string;
  rule: BonusRule;
  amount: Agorot;
  /** The last instant of the month: when the ledger books it. */
  bookedAt: Date;
}

/**
 * The bonuses an author's sales earned in every month that ended by `until` (the payout period's
 * end), oldest first, leaving out rules that earned nothing. A month's sales are the line totals
 * of its sale, reversal and return entries (a refund counts in the month it was made); the
 * institutions' part those of orders an institution bought; the author is active over a year in a
 * month that ends more than a year after their first sale.
 */
export function earnedBonuses(entries: readonly BonusSalesEntry[], until: Date): EarnedBonus[] {
  const months = new Map<string, { year: number; month: number; sales: number; inst: number }>();
  let firstSaleAt: Date | null = null;
  for (const entry of entries) {
    if (!(BONUS_SALES_KINDS as readonly string[]).includes(entry.kind)) continue;
    if (entry.occurredAt >= until) continue;
    if (entry.kind === 'sale' && (!firstSaleAt || entry.occurredAt < firstSaleAt)) {
      firstSaleAt = entry.occurredAt;
    }
    const { year, month } = israelYearMonth(entry.occurredAt);
    const key = `${year}-${String(month).padStart(2, '0')}`;
    const sums = months.get(key) ?? { year, month, sales: 0, inst: 0 };
    sums.sales += entry.lineTotalAgorot;
    if (entry.institution) sums.inst += entry.lineTotalAgorot;
    months.set(key, sums);
  }
  const earned: EarnedBonus[] = [];
  for (const [key, sums] of [...months.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const end = israelMidnight(sums.year, sums.month + 1, 1);
    if (end > until) continue;
    const yearBefore = israelMidnight(sums.year - 1, sums.month + 1, 1);
    const bonuses = monthBonuses({
      salesAgorot: sums.sales,
      institutionSalesAgorot: sums.inst,
      activeOverAYear: !!firstSaleAt && firstSaleAt < yearBefore,
    });
    for (const rule of BONUS_RULES) {
      const amount = bonuses[RULE_FIELD[rule]];
      if (amount > 0) {
        earned.push({ month: key, rule, amount, bookedAt: new Date(end.getTime() - 1) });
      }
    }
  }
  return earned;
}

/** The key that books a bonus once: the author, the month and the rule. */
export function bonusKey(authorId: string, bonus: Pick<EarnedBonus, 'month' | 'rule'>): string {
  return `${authorId}:${bonus.month}:${bonus.rule}`;
}

/** Bonuses as the statement lists them (the platform pays each one). */
export interface BonusLine {
  month: string;
  rule: BonusRule;
  amountAgorot: number;
}

/** The total of bonus lines, in agorot. */
export function bonusTotal(lines: readonly BonusLine[]): Agorot {
  return agorot(lines.reduce((sum, line) => sum + line.amountAgorot, 0));
}
