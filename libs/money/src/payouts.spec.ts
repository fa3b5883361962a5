import fc from 'fast-check';
import { agorot, shekels } from './agorot';
import {
  authorsTermsPayoutPolicy,
  decidePayout,
  israelMidnight,
  monthBonuses,
  monthlyPayoutPolicy,
  nextPayoutDate,
  payoutPeriodOf,
  selectPayoutPolicy,
  withholdingOf,
  type PastPayout,
  type PayoutLedgerEntry,
  type PayoutPolicy,
} from './payouts';

const israelDay = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jerusalem',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);

describe('payout dates in Israel', () => {
  it('finds 00:00 in Israel on any day, in summer and winter time', () => {
    expect(israelMidnight(2026, 1, 1).toISOString()).toBe('2025-12-31T22:00:00.000Z');
    expect(israelMidnight(2026, 7, 1).toISOString()).toBe('2026-06-30T21:00:00.000Z');
    fc.assert(
      fc.property(
        fc.integer({ min: 2020, max: 2035 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        (year, month, day) => {
          const midnight = israelMidnight(year, month, day);
          const expected = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}, 00:00`;
          expect(israelDay(midnight)).toBe(expected);
        },
      ),
    );
  });

  it('pays on the 15th for what was earned up to the end of the previous month', () => {
    const run = new Date('2026-11-15T06:00:00Z');
    expect(payoutPeriodOf(run)).toEqual({
      end: new Date('2026-10-31T22:00:00.000Z'),
      month: '2026-10',
    });
    expect(payoutPeriodOf(new Date('2027-01-15T06:00:00Z')).month).toBe('2026-12');
    expect(nextPayoutDate(new Date('2026-11-28T12:00:00Z')).toISOString()).toBe(
      '2026-12-14T22:00:00.000Z',
    );
    expect(nextPayoutDate(new Date('2026-11-14T21:59:59Z')).toISOString()).toBe(
      '2026-11-14T22:00:00.000Z',
    );
  });

  it('names both readings of spec §9 and refuses others', () => {
    expect(selectPayoutPolicy('monthly')).toBe(monthlyPayoutPolicy);
    expect(selectPayoutPolicy('authors-terms')).toBe(authorsTermsPayoutPolicy);
    expect(() => selectPayoutPolicy('weekly')).toThrow(RangeError);
  });
});

describe('deciding a payout', () => {
  const at = (iso: string) => new Date(iso);
  const sale = (amount: number, iso: string): PayoutLedgerEntry => ({
    amountAgorot: amount,
    occurredAt: at(iso),
  });

  it('monthly: 100 ₪ or more is paid on the 15th, less rolls over, and a second run pays nothing', () => {
    const entries = [sale(6_000, '2026-09-10T10:00:00Z'), sale(3_000, '2026-10-02T10:00:00Z')];
    const october = decidePayout(monthlyPayoutPolicy, entries, [], at('2026-10-15T06:00:00Z'));
    expect(october).toMatchObject({ balance: 6_000, amount: 0, due: false });
    const november = decidePayout(monthlyPayoutPolicy, entries, [], at('2026-11-15T06:00:00Z'));
    expect(november).toMatchObject({ balance: 9_000, amount: 0, due: false });
    const more = [
      ...entries,
      sale(2_000, '2026-10-30T10:00:00Z'),
      sale(50_000, '2026-11-02T10:00:00Z'),
    ];
    const paid = decidePayout(monthlyPayoutPolicy, more, [], at('2026-11-15T06:00:00Z'));
    // The November sale is after the period's end: it waits for December.
    expect(paid).toMatchObject({ balance: 11_000, amount: 11_000, due: true });
    const payouts: PastPayout[] = [
      { amountAgorot: 11_000, periodEnd: paid.period.end, paidAt: at('2026-11-15T06:00:00Z') },
    ];
    expect(
      decidePayout(monthlyPayoutPolicy, more, payouts, at('2026-11-15T09:00:00Z')).amount,
    ).toBe(0);
    expect(
      decidePayout(monthlyPayoutPolicy, more, payouts, at('2026-12-15T06:00:00Z')).amount,
    ).toBe(50_000);
  });

  it("authors' terms: 500 ₪, or six months after the first sale", () => {
    const entries = [sale(20_000, '2026-01-10T10:00:00Z')];
    expect(
      decidePayout(authorsTermsPayoutPolicy, entries, [], at('2026-03-15T06:00:00Z')).due,
    ).toBe(false);
    expect(
      decidePayout(authorsTermsPayoutPolicy, entries, [], at('2026-07-15T06:00:00Z')).amount,
    ).toBe(20_000);
    const big = [sale(50_000, '2026-01-10T10:00:00Z')];
    expect(decidePayout(authorsTermsPayoutPolicy, big, [], at('2026-02-15T06:00:00Z')).amount).toBe(
      50_000,
    );
  });

  it('for any sales, refunds and runs: every payout is earned before its period, once per period, and the rest is owed', () => {
    const START = Date.UTC(2025, 0, 1);
    const DAY = 86_400_000;
    const entryArb = fc.record({
      day: fc.integer({ min: 0, max: 540 }),
      // Mostly sales; refunds and returns as negative entries.
      amount: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 1, max: 40_000 }) },
        { weight: 1, arbitrary: fc.integer({ min: -20_000, max: -1 }) },
      ),
    });
    fc.assert(
      fc.property(
        fc.array(entryArb, { maxLength: 60 }),
        fc.constantFrom<PayoutPolicy>(monthlyPayoutPolicy, authorsTermsPayoutPolicy),
        fc.array(fc.integer({ min: 0, max: 600 }), { maxLength: 10 }),
        (raw, policy, extraRunDays) => {
          const entries = raw.map((e) =>
            sale(e.amount, new Date(START + e.day * DAY).toISOString()),
          );
          // A run every 15th for 20 months, twice on some, and on a few odd days.
          const runs = [
            ...Array.from({ length: 20 }, (_, k) => israelMidnight(2025, 1 + k, 15)),
            ...Array.from(
              { length: 20 },
              (_, k) => new Date(israelMidnight(2025, 1 + k, 15).getTime() + 3_600_000),
            ),
            ...extraRunDays.map((d) => new Date(START + d * DAY)),
          ].sort((a, b) => a.getTime() - b.getTime());
          const payouts: PastPayout[] = [];
          for (const runAt of runs) {
            const decision = decidePayout(policy, entries, payouts, runAt);
            if (!decision.due) continue;
            const earnedBefore = entries
              .filter((e) => e.occurredAt < decision.period.end)
              .reduce((sum, e) => sum + e.amountAgorot, 0);
            const paidBefore = payouts.reduce((sum, p) => sum + p.amountAgorot, 0);
            expect(decision.amount).toBeGreaterThan(0);
            expect(decision.amount).toBe(earnedBefore - paidBefore);
            if (policy === monthlyPayoutPolicy)
              expect(decision.amount).toBeGreaterThanOrEqual(10_000);
            expect(
              payouts.some((p) => p.periodEnd.getTime() === decision.period.end.getTime()),
            ).toBe(false);
            payouts.push({
              amountAgorot: decision.amount,
              periodEnd: decision.period.end,
              paidAt: runAt,
            });
          }
          // Paid plus still owed is the ledger, to the agora.
          const ledger = entries.reduce((sum, e) => sum + e.amountAgorot, 0);
          const paid = payouts.reduce((sum, p) => sum + p.amountAgorot, 0);
          const owed = decidePayout(policy, entries, payouts, new Date(START + 900 * DAY));
          expect(paid + owed.balance).toBe(ledger);
          // Under the monthly policy nothing of 100 ₪ or more stays unpaid after a payout day.
          if (policy === monthlyPayoutPolicy) expect(owed.balance < 10_000 || owed.due).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('withholding and bonuses', () => {
  it('withholds the configured percent of a payout, never of nothing', () => {
    expect(withholdingOf(shekels(1_000), 25)).toBe(25_000);
    expect(withholdingOf(agorot(0), 25)).toBe(0);
    expect(() => withholdingOf(shekels(1), 120)).toThrow(RangeError);
  });

  it("pays 5 % over 1,000 ₪ a month, 3 % of institutions' purchases, 2 % after a year", () => {
    expect(
      monthBonuses({ salesAgorot: 100_000, institutionSalesAgorot: 0, activeOverAYear: false }),
    ).toEqual({ monthlySales: 0, institutions: 0, loyalty: 0, total: 0 });
    expect(
      monthBonuses({ salesAgorot: 120_000, institutionSalesAgorot: 20_000, activeOverAYear: true }),
    ).toEqual({ monthlySales: 6_000, institutions: 600, loyalty: 2_400, total: 9_000 });
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.boolean(),
        (sales, institutions, loyal) => {
          const bonus = monthBonuses({
            salesAgorot: sales,
            institutionSalesAgorot: institutions,
            activeOverAYear: loyal,
          });
          expect(bonus.total).toBe(bonus.monthlySales + bonus.institutions + bonus.loyalty);
          expect(bonus.total).toBeGreaterThanOrEqual(0);
          // At most 5 + 3 + 2 = 10 % of the month's sales, rounding aside.
          expect(bonus.total).toBeLessThanOrEqual(Math.max(0, sales) * 0.1 + 3);
          // The same month gives the same bonuses, however often a run computes them.
          expect(
            monthBonuses({
              salesAgorot: sales,
              institutionSalesAgorot: institutions,
              activeOverAYear: loyal,
            }),
          ).toEqual(bonus);
        },
      ),
    );
  });
});
