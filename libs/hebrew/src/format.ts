/**
 * he-IL formatting of dates, shared by every front end and the API's texts. Prices are formatted
 * by `@mechabrim/money`'s `formatPrice` only.
 */

const LOCALE = 'he-IL';

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
// In Israel's time zone, wherever it is drawn: a page the server draws (in UTC) shows the same
// day as the reader's browser draws, and as the store's own calendar.
const longDateFormatter = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Jerusalem',
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

/** `22 בנובמבר 2026` (the day in Israel); an invalid date gives an empty string. */
export function formatLongDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? longDateFormatter.format(date) : '';
}
