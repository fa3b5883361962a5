/**
 * he-IL formatting of dates, shared by every front end and the API's texts. Prices are formatted
 * by `@mechabrim/money`'s `formatPrice` only.
 */

const LOCALE = 'he-IL';

const FORMATS = {
  date: { day: 'numeric', month: 'numeric', year: 'numeric' },
  dateTime: {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  },
  // In Israel's time zone, wherever it is drawn: a page the server draws (in UTC) shows the same
  // day as the reader's browser draws, and as the store's own calendar.
  longDate: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jerusalem' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<keyof typeof FORMATS, Intl.DateTimeFormat>();

/**
 * Each formatter is made when first used, not when the module loads: a phone's start-up would pay
 * for all three (2–6 ms each at 4× CPU) on pages that show no date.
 */
function formatter(kind: keyof typeof FORMATS): Intl.DateTimeFormat {
  let made = formatters.get(kind);
  if (!made) {
    made = new Intl.DateTimeFormat(LOCALE, FORMATS[kind]);
    formatters.set(kind, made);
  }
  return made;
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `22.11.2026`; an invalid date gives an empty string. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? formatter('date').format(date) : '';
}

/** `22.11.2026, 14:05`; an invalid date gives an empty string. */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? formatter('dateTime').format(date) : '';
}

/** `22 בנובמבר 2026` (the day in Israel); an invalid date gives an empty string. */
export function formatLongDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? formatter('longDate').format(date) : '';
}
