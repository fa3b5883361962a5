/** he-IL formatting of money and dates, shared by every front end and the API's texts. */

const LOCALE = 'he-IL';

const priceFormatters = new Map<number, Intl.NumberFormat>();

/**
 * Formats shekels as `‏1,234.50 ‏₪` in the he-IL locale. `decimals` is 0 for cards and the book
 * page (rounded to a whole shekel) and 2 for the cart and checkout.
 */
export function formatPrice(shekels: number, decimals: 0 | 2 = 2): string {
  let formatter = priceFormatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: 'ILS',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    priceFormatters.set(decimals, formatter);
  }
  return formatter.format(Number.isFinite(shekels) ? shekels : 0);
}

const amountFormatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/**
 * A shekel figure inside running text, `1,000` or `12.5`: he-IL digit grouping, up to two
 * decimals, no currency sign (the copy places `₪` itself, as Hebrew prose does).
 */
export function formatAmount(shekels: number): string {
  return amountFormatter.format(Number.isFinite(shekels) ? shekels : 0);
}

const dateFormatter = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
});
const dateTimeFormatter = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const longDateFormatter = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `22.11.2026`; an invalid date gives an empty string. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateFormatter.format(date) : '';
}

/** `22.11.2026, 14:05`; an invalid date gives an empty string. */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateTimeFormatter.format(date) : '';
}

/** `22 בנובמבר 2026`; an invalid date gives an empty string. */
export function formatLongDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? longDateFormatter.format(date) : '';
}
