import { Types } from 'mongoose';
import { israelMonth, summarizeAuthorLedger, type AuthorLedgerEntry } from './author-ledger';

describe('the author ledger summary', () => {
  it('counts months in Israel time: 00:30 on 1 February in Tel Aviv is February', () => {
    expect(israelMonth(new Date('2026-01-31T22:30:00Z'))).toBe('2026-02');
    expect(israelMonth(new Date('2026-01-31T21:59:59Z'))).toBe('2026-01');
    // Summer time (UTC+3).
    expect(israelMonth(new Date('2026-07-31T21:30:00Z'))).toBe('2026-08');
  });

  it('counts a line’s sales and copies once, each party’s share on its own, and drops reversed orders', () => {
    const orderId = new Types.ObjectId();
    const reversed = new Types.ObjectId();
    const bookId = new Types.ObjectId();
    const at = new Date('2026-03-10T10:00:00Z');
    const entry = (
      party: AuthorLedgerEntry['party'],
      amountAgorot: number,
      order = orderId,
      sign = 1,
    ): AuthorLedgerEntry => ({
      orderId: order,
      bookId,
      party,
      amountAgorot: sign * amountAgorot,
      quantity: sign * 2,
      lineTotalAgorot: sign * 10_000,
      occurredAt: at,
    });
    const summary = summarizeAuthorLedger([
      entry('author', 6500),
      entry('community', 1000),
      entry('platform', 500),
      entry('print', 2000),
      entry('author', 8500, reversed),
      entry('author', 8500, reversed, -1),
    ]);
    expect(summary.months).toEqual([
      {
        month: '2026-03',
        grossSales: [{ vatPercent: 18, gross: 10_000 }],
        author: 6500,
        community: 1000,
        platform: 500,
        printAndShipping: 2000,
      },
    ]);
    expect(summary.copiesByMonth.get('2026-03')).toBe(2);
    expect(summary.books.get(bookId.toHexString())).toEqual({ sales: 2, revenue: 10_000 });
    expect(summary.orders).toBe(1);
  });

  it('keeps each sale’s gross under the VAT rate of its date in Israel', () => {
    const entry = (occurredAt: string, lineTotalAgorot: number): AuthorLedgerEntry => ({
      orderId: new Types.ObjectId(),
      bookId: new Types.ObjectId(),
      party: 'author',
      amountAgorot: 0,
      quantity: 1,
      lineTotalAgorot,
      occurredAt: new Date(occurredAt),
    });
    const { months } = summarizeAuthorLedger([
      entry('2024-12-31T21:30:00Z', 11_700), // 23:30 on 31 December in Israel: 17 %
      entry('2024-12-31T22:30:00Z', 11_800), // 00:30 on 1 January in Israel: 18 %
      entry('2025-01-20T10:00:00Z', 200),
    ]);
    expect(months.map((m) => [m.month, m.grossSales])).toEqual([
      ['2024-12', [{ vatPercent: 17, gross: 11_700 }]],
      ['2025-01', [{ vatPercent: 18, gross: 12_000 }]],
    ]);
  });
});
