import { agorot, percentOf, sumAgorot, type Agorot } from './agorot';
import { onFirstUse } from './first-use';
import {
  BONUS_PERCENTS,
  isMonthlyPayoutDue,
  isWithdrawalAllowed,
  MONTHLY_PAYOUT_DAY,
  MONTHLY_SALES_BONUS_OVER,
} from './policies';

/*
 * Payouts (issue 23, spec §9). The spec keeps two readings and so does the shop: `PAYOUT_POLICY`
 * picks one. Both pay on the 15th of the month in Israel, for what was earned up to the end of the
 * previous month; they differ in when a balance is due.
 */

/** The two readings of spec §9, as `PAYOUT_POLICY` names them. */
export const PAYOUT_POLICY_NAMES = ['monthly', 'authors-terms'] as const;
export type PayoutPolicyName = (typeof PAYOUT_POLICY_NAMES)[number];
export const DEFAULT_PAYOUT_POLICY: PayoutPolicyName = 'monthly';

/** What a run knows of one author's account when it decides. */
export interface PayoutAccount {
  /** What the author's ledger holds up to the period's end, less every payout so far. */
  balance: Agorot;
  firstSaleAt: Date | null;
  lastPayoutAt: Date | null;
}

export interface PayoutPolicy {
  readonly name: PayoutPolicyName;
  /** Whether the run of `runAt` pays this account its balance (else it rolls over). */
  isDue(account: PayoutAccount, runAt: Date): boolean;
}

/** Compensation policy: monthly on the 15th, once the balance reaches 100 ₪. */
export const monthlyPayoutPolicy: PayoutPolicy = {
  name: 'monthly',
  isDue: (account) => isMonthlyPayoutDue(account.balance),
};

/** Authors' terms: 500 ₪, or six months after the first sale and every six months after. */
export const authorsTermsPayoutPolicy: PayoutPolicy = {
  name: 'authors-terms',
  isDue: (account, runAt) =>
    isWithdrawalAllowed({
      balance: account.balance,
      firstSaleAt: account.firstSaleAt,
      lastWithdrawalAt: account.lastPayoutAt,
      now: runAt,
    }),
};

/** The policy `PAYOUT_POLICY` names (the configuration checks the name first). */
export function selectPayoutPolicy(name: string = DEFAULT_PAYOUT_POLICY): PayoutPolicy {
  if (name === 'monthly') return monthlyPayoutPolicy;
  if (name === 'authors-terms') return authorsTermsPayoutPolicy;
  throw new RangeError(`unknown payout policy "${name}"`);
}

/** The wall clock in Israel, in parts; made on first use (a front end's start-up never needs it). */
const israelPartsFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Jerusalem',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);

/** The wall clock in Israel at `instant`, as if it were UTC (to measure the offset). */
function israelWallClock(instant: number): number {
  const parts = Object.fromEntries(
    israelPartsFormat()
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The instant of 00:00 in Israel on a calendar day (month 1–12; overflowing months roll on). */
export function israelMidnight(year: number, month: number, day: number): Date {
  const wall = Date.UTC(year, month - 1, day);
  // The offset (2 or 3 hours) read at the guess, then again at the answer, for a change of
  // clocks between the two.
  let instant = wall - (israelWallClock(wall) - wall);
  instant = wall - (israelWallClock(instant) - instant);
  return new Date(instant);
}

/** The calendar year and month (1–12) in Israel at `date`. */
export function israelYearMonth(date: Date): { year: number; month: number } {
  const wall = new Date(israelWallClock(date.getTime()));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1 };
}

/**
 * The period a run at `runAt` pays: everything earned before 00:00 in Israel on the first of the
 * run's month (the previous month and any balance carried over), named by that previous month.
 */
export function payoutPeriodOf(runAt: Date): { end: Date; month: string } {
  const { year, month } = israelYearMonth(runAt);
  const end = israelMidnight(year, month, 1);
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  return { end, month: `${previous.year}-${String(previous.month).padStart(2, '0')}` };
}

/** The next payout day (the 15th, 00:00 in Israel) after `now`. */
export function nextPayoutDate(now: Date): Date {
  const { year, month } = israelYearMonth(now);
  const thisMonth = israelMidnight(year, month, MONTHLY_PAYOUT_DAY);
  return thisMonth > now ? thisMonth : israelMidnight(year, month + 1, MONTHLY_PAYOUT_DAY);
}

/** One entry of an author's ledger as a payout reads it (their own party's amounts). */
export interface PayoutLedgerEntry {
  amountAgorot: number;
  occurredAt: Date;
}

/** A payout already made (or being made) to the author. */
export interface PastPayout {
  amountAgorot: number;
  /** The end of the period it paid. */
  periodEnd: Date;
  paidAt: Date;
}

export interface PayoutDecision {
  /** What the author's ledger held before the period's end, less every payout so far. */
  balance: Agorot;
  /** Paid now: the whole balance when due, else 0 (it rolls over). */
  amount: Agorot;
  due: boolean;
  period: { end: Date; month: string };
}

/**
 * What a run at `runAt` pays one author: the ledger's entries before the period's end, less every
 * payout made, all of it when the policy says it is due. A run for a period already paid pays
 * nothing more (its balance is then what came in since, which is after the period's end, or
 * nothing), so a second run the same day is a no-op; a refund or return after a payout leaves a
 * negative balance that the next payouts absorb.
 */
export function decidePayout(
  policy: PayoutPolicy,
  entries: readonly PayoutLedgerEntry[],
  payouts: readonly PastPayout[],
  runAt: Date,
): PayoutDecision {
  const period = payoutPeriodOf(runAt);
  const earned = sumAgorot(
    entries
      .filter((entry) => entry.occurredAt < period.end)
      .map((entry) => agorot(entry.amountAgorot)),
  );
  const paid = sumAgorot(payouts.map((payout) => agorot(payout.amountAgorot)));
  const balance = agorot(earned - paid);
  const alreadyPaid = payouts.some((payout) => payout.periodEnd >= period.end);
  const firstSaleAt = entries.reduce<Date | null>(
    (first, entry) =>
      entry.amountAgorot > 0 && (!first || entry.occurredAt < first) ? entry.occurredAt : first,
    null,
  );
  const lastPayoutAt = payouts.reduce<Date | null>(
    (last, payout) => (!last || payout.paidAt > last ? payout.paidAt : last),
    null,
  );
  const due =
    !alreadyPaid && balance > 0 && policy.isDue({ balance, firstSaleAt, lastPayoutAt }, runAt);
  return { balance, amount: due ? balance : agorot(0), due, period };
}

/** Income tax withheld at source from a payout to a private person (the rate is configured). */
export function withholdingOf(amount: Agorot, percent: number): Agorot {
  if (percent < 0 || percent > 100) throw new RangeError('withholding percent out of range');
  return amount > 0 ? percentOf(amount, percent) : agorot(0);
}

/** One month of an author's sales, as the bonuses read them (books' line totals, net of refunds). */
export interface MonthSales {
  salesAgorot: number;
  /** Of them, sold to accounts an admin marked as education or library institutions. */
  institutionSalesAgorot: number;
  /** Whether the author had been active on the site for more than a year by the month's end. */
  activeOverAYear: boolean;
}

export interface MonthBonuses {
  monthlySales: Agorot;
  institutions: Agorot;
  loyalty: Agorot;
  total: Agorot;
}

/**
 * The spec's bonuses on one month of an author's sales, paid out of the platform's share: 5 % of
 * the month's sales when they exceed 1,000 ₪, 3 % of its sales to institutions, 2 % of its sales
 * for an author active over a year. Each is computed once per author and month from the month's
 * figures alone, so a run that computes them again gets the same amounts (never counted twice).
 */
export function monthBonuses(month: MonthSales): MonthBonuses {
  const sales = agorot(Math.max(0, month.salesAgorot));
  const institutionSales = agorot(Math.max(0, Math.min(month.institutionSalesAgorot, sales)));
  const monthlySales =
    sales > MONTHLY_SALES_BONUS_OVER ? percentOf(sales, BONUS_PERCENTS.monthlySales) : agorot(0);
  const institutions = percentOf(institutionSales, BONUS_PERCENTS.institutions);
  const loyalty = month.activeOverAYear ? percentOf(sales, BONUS_PERCENTS.loyalty) : agorot(0);
  return {
    monthlySales,
    institutions,
    loyalty,
    total: sumAgorot([monthlySales, institutions, loyalty]),
  };
}
