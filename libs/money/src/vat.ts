import { type Agorot, agorot } from './agorot';
import { onFirstUse } from './first-use';

/*
 * Israel's VAT (מע"מ) by date. The spec names 11 %; the law names the rate in force on the day of
 * the transaction, and consumer prices include it. So a receipt uses the rate of its payment
 * date, and the author's earnings table the rate of each sale's date.
 */

/** A VAT rate and the day (in Israel, `YYYY-MM-DD`) it takes effect. */
export interface VatRate {
  readonly from: string;
  readonly percent: number;
}

/**
 * The rates, oldest first; each holds until the next line's day. A new rate is one more line.
 * Dates are calendar days in Israel: a sale at 00:30 on 1 January 2025 in Tel Aviv pays 18 %.
 */
export const VAT_RATES: readonly VatRate[] = [
  { from: '2015-10-01', percent: 17 },
  { from: '2025-01-01', percent: 18 },
];

/** The calendar day in Israel, as `YYYY-MM-DD`; made on first use (few pages ever ask). */
const israelDayFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Jerusalem',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/**
 * The VAT percent in force on `date` (its calendar day in Israel). Throws `RangeError` for an
 * invalid date or one before the table's first line: no sale of this shop is that old, so such a
 * date can only come from a bug.
 */
export function vatPercentOn(date: Date): number {
  if (Number.isNaN(date.getTime())) throw new RangeError('not a date');
  const day = israelDayFormat().format(date);
  let percent: number | null = null;
  for (const rate of VAT_RATES) {
    if (rate.from > day) break;
    percent = rate.percent;
  }
  if (percent === null) throw new RangeError(`no VAT rate is known on ${day}`);
  return percent;
}

/**
 * The VAT inside a VAT-inclusive amount at `percent`: `gross × percent / (100 + percent)`,
 * rounded once to the nearest agora, halves away from zero (integer arithmetic, so no binary
 * fraction tips a half). A negative amount (a reversal) gives the negative of its positive.
 */
export function vatIncluded(gross: Agorot, percent: number): Agorot {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`VAT percent must be a whole number from 0 to 100: ${percent}`);
  }
  const magnitude = Math.abs(gross);
  const scaled = magnitude * percent;
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`amount too large: ${gross}`);
  const divisor = 100 + percent;
  const whole = Math.floor(scaled / divisor);
  const remainder = scaled - whole * divisor;
  const vat = remainder * 2 >= divisor ? whole + 1 : whole;
  return agorot(gross < 0 ? -vat : vat);
}

/** A VAT-inclusive amount as its net and its VAT; `net + vat` is the amount exactly. */
export function splitVat(gross: Agorot, percent: number): { net: Agorot; vat: Agorot } {
  const vat = vatIncluded(gross, percent);
  return { net: agorot(gross - vat), vat };
}
