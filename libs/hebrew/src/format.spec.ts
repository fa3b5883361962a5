import { formatDate, formatDateTime, formatLongDate } from './format';

describe('he-IL formatting', () => {
  it('formats dates in the Israeli order', () => {
    const d = new Date(Date.UTC(2025, 7, 8, 12, 0));
    expect(formatDate(d)).toBe('8.8.2025');
    expect(formatDateTime(d)).toContain('8.8.2025');
    expect(formatLongDate(d)).toBe('8 באוגוסט 2025');
    expect(formatDate('not a date')).toBe('');
  });

  it("gives a long date as Israel's day, whatever the machine's time zone", () => {
    // 22:30 UTC on 31 December is already 1 January in Israel.
    expect(formatLongDate('2024-12-31T22:30:00.000Z')).toBe('1 בינואר 2025');
  });
});
