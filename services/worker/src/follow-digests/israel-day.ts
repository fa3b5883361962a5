const partsOf = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Jerusalem',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Israel's offset from UTC at `at`, in milliseconds (2 or 3 hours). */
function israelOffsetMs(at: number): number {
  const parts = Object.fromEntries(
    partsOf.formatToParts(new Date(at)).map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The Israeli calendar day (`YYYY-MM-DD`) that `at` falls on. */
export function israelDayOf(at: Date): string {
  return new Date(at.getTime() + israelOffsetMs(at.getTime())).toISOString().slice(0, 10);
}

/** The Israeli day before the one `at` falls on. */
export function israelYesterday(at: Date): string {
  const today = israelDayOf(at);
  const noon = Date.parse(`${today}T12:00:00Z`) - 24 * 3600_000;
  return new Date(noon).toISOString().slice(0, 10);
}

/** When an Israeli day starts and ends, as instants: [start, end). */
export function israelDayBounds(day: string): { start: Date; end: Date } {
  const startOf = (d: string) => {
    const midnightUtc = Date.parse(`${d}T00:00:00Z`);
    // The offset at local midnight; a clock change never falls at midnight in Israel.
    return new Date(midnightUtc - israelOffsetMs(midnightUtc - 2 * 3600_000));
  };
  const next = new Date(Date.parse(`${day}T12:00:00Z`) + 24 * 3600_000).toISOString().slice(0, 10);
  return { start: startOf(day), end: startOf(next) };
}
