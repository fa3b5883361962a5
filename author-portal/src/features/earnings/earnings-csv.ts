import type { Earnings } from '@mechabrim/contracts';
import { strings } from '../../strings.he';

/** The rows of the breakdown, in the order of spec §2. */
export const EARNINGS_ROWS = [
  'grossRevenue',
  'salesAfterTax',
  'communityContribution',
  'platformFee',
  'fixedFee',
  'netEarnings',
] as const;
export type EarningsRowKey = (typeof EARNINGS_ROWS)[number];

const percent = (value: number) => `${value}%`;

/**
 * A row's Hebrew label. The VAT row names the rates the table used (`18%`, or `17% / 18%` across a
 * rate change) and the shares' rows the configured split policy's shares, as the API answers them.
 */
export function rowLabel(
  key: EarningsRowKey,
  earnings: Pick<Earnings, 'vatPercents' | 'splitShares'>,
): string {
  const rows = strings.earnings.rows;
  switch (key) {
    case 'salesAfterTax':
      return rows.salesAfterTax(earnings.vatPercents.map(percent).join(' / '));
    case 'communityContribution':
      return rows.communityContribution(percent(earnings.splitShares.community));
    case 'platformFee':
      return rows.platformFee(percent(earnings.splitShares.platform));
    default:
      return rows[key];
  }
}

/** A month `YYYY-MM` as he-IL "נובמבר 2026". */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('he-IL', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 1)));
}

const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The monthly breakdown as CSV: one line per item, a column per month and the totals column.
 * UTF-8 with a byte-order mark and CRLF lines, so Excel opens the Hebrew as Hebrew; amounts as
 * plain numbers with two decimals, so a spreadsheet can add them.
 */
export function earningsCsv(earnings: Earnings): string {
  const s = strings.earnings;
  const header = [s.item, ...earnings.monthlyBreakdown.map((row) => row.month), s.totals];
  const lines = EARNINGS_ROWS.map((key) => [
    rowLabel(key, earnings),
    ...earnings.monthlyBreakdown.map((row) => row[key].toFixed(2)),
    earnings.totals[key].toFixed(2),
  ]);
  return `\uFEFF${[header, ...lines].map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}
