import { type Agorot, minAgorot, percentOf, shekels } from './agorot';

/** The cancellation fee's share of the deal (spec §9, site terms). */
export const CANCELLATION_FEE_PERCENT = 5;
/** The cancellation fee's ceiling (spec §9: "or 100 ILS, whichever is lower"). */
export const CANCELLATION_FEE_CAP: Agorot = shekels(100);

/** The fee for cancelling a deal: 5 % of it or 100 ₪, whichever is lower. */
export function cancellationFeeOf(deal: Agorot): Agorot {
  return minAgorot(percentOf(deal, CANCELLATION_FEE_PERCENT), CANCELLATION_FEE_CAP);
}

/*
 * Payouts. Spec §9 keeps two readings, both stated on the site; neither is chosen here, the
 * earnings code names the one it applies.
 */

/** Compensation policy: paid monthly, on this day of the month… */
export const MONTHLY_PAYOUT_DAY = 15;
/** …when the balance reaches this; a smaller balance rolls over to the next month. */
export const MONTHLY_PAYOUT_MINIMUM: Agorot = shekels(100);

/** Whether the compensation policy pays `balance` out on this month's payout day. */
export function isMonthlyPayoutDue(balance: Agorot): boolean {
  return balance >= MONTHLY_PAYOUT_MINIMUM;
}

/** Authors' terms: unpaid profits may be withdrawn once they reach this… */
export const WITHDRAWAL_THRESHOLD: Agorot = shekels(500);
/** …or every this many months, counted from the first sale. */
export const WITHDRAWAL_INTERVAL_MONTHS = 6;

/** `from` plus whole `months`, in UTC, kept inside the target month. */
function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  // 31 August + 6 months is the last day of February, not 3 March.
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * Whether the authors' terms let the author withdraw now: the balance has reached
 * {@link WITHDRAWAL_THRESHOLD}, or a six-month mark since the first sale (6, 12, 18… months) has
 * passed with no withdrawal since it.
 */
export function isWithdrawalAllowed(account: {
  balance: Agorot;
  firstSaleAt: Date | null;
  lastWithdrawalAt: Date | null;
  now: Date;
}): boolean {
  const { balance, firstSaleAt, lastWithdrawalAt, now } = account;
  if (balance <= 0) return false;
  if (balance >= WITHDRAWAL_THRESHOLD) return true;
  if (!firstSaleAt) return false;
  let latestMark: Date | null = null;
  for (let k = 1; ; k += 1) {
    const mark = addMonths(firstSaleAt, k * WITHDRAWAL_INTERVAL_MONTHS);
    if (mark > now) break;
    latestMark = mark;
  }
  if (!latestMark) return false;
  return !lastWithdrawalAt || lastWithdrawalAt < latestMark;
}

/** Bonus percentages of the compensation policy (spec §9), on the sales they name. */
export const BONUS_PERCENTS = {
  /** On a month's sales, when they exceed {@link MONTHLY_SALES_BONUS_OVER}. */
  monthlySales: 5,
  /** On sales to education and library institutions. */
  institutions: 3,
  /** For authors active on the site for more than a year. */
  loyalty: 2,
} as const;

/** The monthly sales bonus applies to a month's sales strictly above this. */
export const MONTHLY_SALES_BONUS_OVER: Agorot = shekels(1000);
