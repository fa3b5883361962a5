import fc from 'fast-check';
import { agorot } from './agorot';
import { payoutStatement, type StatementLedgerEntry } from './payout-statement';
import { decidePayout, israelMidnight, monthlyPayoutPolicy, type PastPayout } from './payouts';

const line = (
  orderId: string,
  party: StatementLedgerEntry['party'],
  amount: number,
  occurredAt: Date,
  kind = 'sale',
  copies = 1,
  lineTotal = 10_000,
): StatementLedgerEntry => ({
  orderId,
  lineIndex: 0,
  party,
  kind,
  amountAgorot: amount,
  quantity: kind === 'sale' ? copies : -copies,
  lineTotalAgorot: kind === 'sale' ? lineTotal : -lineTotal,
  bookId: 'b1',
  occurredAt,
});

describe('payout statements', () => {
  it("shows each order line's split, the refund, the withholding and what is carried over", () => {
    const sold = new Date('2025-03-10T10:00:00Z');
    const refunded = new Date('2025-03-20T10:00:00Z');
    const entries = [
      line('o1', 'author', 8_500, sold),
      line('o1', 'community', 1_000, sold),
      line('o1', 'platform', 500, sold),
      line('o2', 'author', 8_500, sold),
      line('o2', 'community', 1_000, sold),
      line('o2', 'platform', 500, sold),
      line('o3', 'author', 8_500, sold),
      line('o3', 'author', -8_500, refunded, 'reversal'),
    ];
    const decision = decidePayout(
      monthlyPayoutPolicy,
      entries.filter((e) => e.party === 'author'),
      [],
      israelMidnight(2025, 4, 15),
    );
    const statement = payoutStatement({ entries, decision, withholdingPercent: 30, pay: true });
    expect(statement.lines).toHaveLength(3);
    expect(statement.lines[0]).toMatchObject({
      orderId: 'o1',
      copies: 1,
      lineTotal: 10_000,
      vat: 1_525, // 18 % inside 100 ₪ (from January 2025)
      author: 8_500,
      community: 1_000,
      platform: 500,
      refunds: 0,
    });
    expect(statement.lines[2]).toMatchObject({
      orderId: 'o3',
      copies: 0,
      author: 0,
      refunds: -8_500,
    });
    expect(statement).toMatchObject({
      carriedIn: 0,
      earned: 17_000,
      balance: 17_000,
      gross: 17_000,
      withheld: 5_100,
      net: 11_900,
      carriedOver: 0,
    });
  });

  it('a held payout pays nothing and carries the whole balance over', () => {
    const entries = [line('o1', 'author', 20_000, new Date('2025-03-10T10:00:00Z'))];
    const decision = decidePayout(monthlyPayoutPolicy, entries, [], israelMidnight(2025, 4, 15));
    const statement = payoutStatement({ entries, decision, withholdingPercent: 0, pay: false });
    expect(statement).toMatchObject({ gross: 0, net: 0, withheld: 0, carriedOver: 20_000 });
  });

  it('for any month of sales and refunds: statements add up and chain from one to the next', () => {
    const START = Date.UTC(2025, 0, 1);
    const DAY = 86_400_000;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 360 }),
            amount: fc.oneof(
              { weight: 4, arbitrary: fc.integer({ min: 1, max: 30_000 }) },
              { weight: 1, arbitrary: fc.integer({ min: -20_000, max: -1 }) },
            ),
          }),
          { maxLength: 50 },
        ),
        fc.integer({ min: 0, max: 60 }),
        (raw, percent) => {
          const entries = raw.map((e, i) =>
            line(`o${i}`, 'author', e.amount, new Date(START + e.day * DAY)),
          );
          const payouts: PastPayout[] = [];
          let from = new Date(0);
          let carried = agorot(0);
          for (let month = 2; month <= 14; month += 1) {
            const runAt = israelMidnight(2025, month, 15);
            const decision = decidePayout(monthlyPayoutPolicy, entries, payouts, runAt);
            const window = entries.filter(
              (e) => e.occurredAt >= from && e.occurredAt < decision.period.end,
            );
            const s = payoutStatement({
              entries: window,
              decision,
              withholdingPercent: percent,
              pay: decision.due,
            });
            expect(s.carriedIn + s.earned + s.bonuses).toBe(s.balance);
            expect(s.gross + s.carriedOver).toBe(s.balance);
            expect(s.net + s.withheld).toBe(s.gross);
            expect(s.carriedIn).toBe(carried);
            carried = s.carriedOver;
            from = decision.period.end;
            if (decision.due)
              payouts.push({
                amountAgorot: decision.amount,
                periodEnd: decision.period.end,
                paidAt: runAt,
              });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
