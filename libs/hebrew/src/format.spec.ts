import { formatAmount, formatDate, formatDateTime, formatLongDate, formatPrice } from './format';

const strip = (s: string) =>
  s
    .replace(/[\u200e\u200f\u00a0]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('he-IL formatting', () => {
  it('formats shekels with two decimals by default', () => {
    expect(strip(formatPrice(1234.5))).toBe('1,234.50 ₪');
  });

  it('rounds to a whole shekel for cards and the book page', () => {
    expect(strip(formatPrice(99.6, 0))).toBe('100 ₪');
  });

  it('formats a non-finite amount as zero', () => {
    expect(strip(formatPrice(Number.NaN, 0))).toBe('0 ₪');
  });

  it('formats a figure for running text with grouping and at most two decimals', () => {
    expect(formatAmount(1000)).toBe('1,000');
    expect(formatAmount(12.5)).toBe('12.5');
    expect(formatAmount(0.1 + 0.2)).toBe('0.3');
    expect(formatAmount(Number.NaN)).toBe('0');
  });

  it('formats dates in the Israeli order', () => {
    const d = new Date(Date.UTC(2025, 7, 8, 12, 0));
    expect(formatDate(d)).toBe('8.8.2025');
    expect(formatDateTime(d)).toContain('8.8.2025');
    expect(formatLongDate(d)).toBe('8 באוגוסט 2025');
    expect(formatDate('not a date')).toBe('');
  });
});
