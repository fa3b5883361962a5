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
