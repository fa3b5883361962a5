import { type Agorot, agorot, sumAgorot, ZERO_AGOROT } from './agorot';
import { MONTHLY_PAYOUT_DAY, MONTHLY_PAYOUT_MINIMUM } from './policies';
import { vatIncluded } from './vat';

/*
 * The author's earnings table (spec §2, §3 "Earnings response"), from the ledger's sums. The
 * ledger's amounts are whole agorot already, so adding them is exact; the only rounding here is
 * the VAT of each month's sales, once per month and rate (`vatIncluded`). The totals column is the
 * sum of the rows, never a second computation over all months, so it always equals what the rows
 * show.
 *
 * VAT is taken at the rate in force on each sale's date (`vatPercentOn`, the ledger entry's
 * date; a reversal's is the day it was written). A month in which the rate changed has two parts,
 * each rounded once; every other month has one.
 */

/** Gross sales (VAT included) taxed at one VAT rate. */
export interface VatPart {
  vatPercent: number;
  gross: Agorot;
}

/** What the ledger holds for an author in one month, summed per party (sales less reversals). */
export interface LedgerMonth {
  /** `YYYY-MM` in Israel's time zone. */
  month: string;
  /**
   * The author's lines' totals: the books sold (gross, VAT included), by the VAT rate in force on
   * each sale's date. One part per rate; the month's gross sales are their sum.
   */
  grossSales: readonly VatPart[];
  /** The author's share, after print and shipping when they bear it: what they are owed. */
  author: Agorot;
  community: Agorot;
  platform: Agorot;
  /** Paid to the print partner for printing and shipping. */
  printAndShipping: Agorot;
}

/** One column of the monthly breakdown table, in agorot. */
export interface EarningsRow {
  month: string;
  /** Book sales (gross). */
  grossRevenue: Agorot;
  /** Book sales less the VAT they include (spec §2's "sales after VAT", at the rates in force). */
  salesAfterTax: Agorot;
  /** The VAT included in the month's sales: `grossRevenue − salesAfterTax`. */
  vat: Agorot;
  /** The community donation's share of the sales (10 % under the default policy). */
  communityContribution: Agorot;
  /** The platform's share (5 % under the default policy). */
  platformFee: Agorot;
  /** Print and shipping cost. */
  fixedFee: Agorot;
  /** What the author earns: the ledger's author entries. */
  netEarnings: Agorot;
  /** The VAT rates the month's sales were taxed at, ascending (none in a month without sales). */
  vatPercents: number[];
}

export type EarningsTotals = Omit<EarningsRow, 'month' | 'vatPercents'>;

/** The rows (oldest month first), their totals and every VAT rate the rows used. */
export interface EarningsBreakdown {
  rows: EarningsRow[];
  totals: EarningsTotals;
  vatPercents: number[];
}

const MONEY_FIELDS = [
  'grossRevenue',
  'salesAfterTax',
  'vat',
  'communityContribution',
  'platformFee',
  'fixedFee',
  'netEarnings',
] as const satisfies ReadonlyArray<keyof EarningsTotals>;

/**
 * The monthly breakdown of an author's earnings from the ledger's monthly sums: rows sorted by
 * month, and totals that are exactly the sum of the rows. Each row keeps the ledger's identity
 * `grossRevenue = netEarnings + communityContribution + platformFee + fixedFee`, because the
 * shares are drawn from the gross price (which includes VAT) by the split policy; the VAT row is
 * what the sales come to without VAT, shown beside them.
 */
export function earningsBreakdown(months: readonly LedgerMonth[]): EarningsBreakdown {
  const rows: EarningsRow[] = [...months]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((m) => {
      const grossRevenue = sumAgorot(m.grossSales.map((part) => part.gross));
      const vat = sumAgorot(m.grossSales.map((part) => vatIncluded(part.gross, part.vatPercent)));
      return {
        month: m.month,
        grossRevenue,
        salesAfterTax: agorot(grossRevenue - vat),
        vat,
        communityContribution: m.community,
        platformFee: m.platform,
        fixedFee: m.printAndShipping,
        netEarnings: m.author,
        vatPercents: ratesOf(m.grossSales),
      };
    });
  const totals = Object.fromEntries(
    MONEY_FIELDS.map((field) => [field, sumAgorot(rows.map((row) => row[field]))]),
  ) as unknown as EarningsTotals;
  return { rows, totals, vatPercents: ratesOf(months.flatMap((m) => m.grossSales)) };
}

/**
 * What of an author's earnings the monthly payout has not paid yet (the compensation policy's
 * reading, spec §9): on the {@link MONTHLY_PAYOUT_DAY}th of each month the balance earned up to
 * the end of the previous month is paid when it reaches {@link MONTHLY_PAYOUT_MINIMUM}; a smaller
 * balance rolls over. `months` are the author's net earnings per `YYYY-MM` month; `now` decides
 * which payout days have passed (dates in UTC; a month key is compared as text). A negative month
 * (a reversal) reduces the balance carried.
 */
export function unpaidEarnings(
  months: ReadonlyArray<{ month: string; net: Agorot }>,
  now: Date,
): Agorot {
  const sorted = [...months].sort((a, b) => a.month.localeCompare(b.month));
  const currentMonth = monthKeyUtc(now);
  // The latest month whose earnings a payout day has already come for.
  const paidThrough =
    now.getUTCDate() >= MONTHLY_PAYOUT_DAY
      ? previousMonth(currentMonth)
      : previousMonth(previousMonth(currentMonth));
  let balance: number = ZERO_AGOROT;
  let paid = 0;
  let i = 0;
  // Walk payout by payout: each month's earnings join the balance, then that month's payout (in
  // the following month) pays it out if large enough.
  for (; i < sorted.length; i += 1) {
    const entry = sorted[i];
    if (!entry || entry.month > paidThrough) break;
    balance += entry.net;
    const next = sorted[i + 1];
    const lastOfBatch = !next || next.month !== entry.month;
    if (lastOfBatch && balance >= MONTHLY_PAYOUT_MINIMUM) {
      paid += balance;
      balance = 0;
    }
  }
  const total = sorted.reduce((sum, entry) => sum + entry.net, 0);
  return agorot(total - paid);
}

/** The distinct rates of some parts, ascending. */
function ratesOf(parts: readonly VatPart[]): number[] {
  return [...new Set(parts.map((part) => part.vatPercent))].sort((a, b) => a - b);
}

/** `YYYY-MM` of a date in UTC. */
function monthKeyUtc(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month before a `YYYY-MM` key. */
function previousMonth(key: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}
