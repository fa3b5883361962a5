const monthFormat = new Intl.DateTimeFormat('he-IL', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A payout period (`2026-10`) as Hebrew says it: `אוקטובר 2026`. */
export function periodLabel(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return monthFormat.format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1)));
}

const israelDay = new Intl.DateTimeFormat('he-IL', { timeZone: 'Asia/Jerusalem' });
const israelLongDay = new Intl.DateTimeFormat('he-IL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Jerusalem',
});

/**
 * A payout day or a statement's bounds as Israel's calendar has them (they are midnights in
 * Israel: a browser elsewhere would show the day before): `15.12.2026`, or `15 בדצמבר 2026` long.
 */
export function israelDate(value: string | Date, long = false): string {
  return (long ? israelLongDay : israelDay).format(new Date(value));
}
