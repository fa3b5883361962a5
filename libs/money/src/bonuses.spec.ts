import fc from 'fast-check';
import { agorot, lineTotal, percentOf, sumAgorot } from './agorot';
import { bonusKey, earnedBonuses, type BonusSalesEntry, type EarnedBonus } from './bonuses';
import {
  decidePayout,
  israelMidnight,
  payoutPeriodOf,
  selectPayoutPolicy,
  type PastPayout,
  type PayoutPolicyName,
} from './payouts';

const at = (iso: string) => new Date(iso);
const sale = (iso: string, total: number, institution = false): BonusSalesEntry => ({
  kind: 'sale',
  lineTotalAgorot: total,
  occurredAt: at(iso),
  institution,
});

describe('bonuses from the ledger', () => {
  it('books 5 % over 1,000 ₪ a month, 3 % of institutions, 2 % a year after the first sale', () => {
    const entries = [
      sale('2025-01-10T10:00:00Z', 10_000),
      sale('2026-03-05T10:00:00Z', 100_000),
      sale('2026-03-06T10:00:00Z', 20_000, true),
      // A refund in the month counts against it; the order's shipping is no sale.
      { ...sale('2026-03-07T10:00:00Z', -10_000), kind: 'reversal' },
      { ...sale('2026-03-08T10:00:00Z', 99_999), kind: 'shipping' },
    ];
    const bonuses = earnedBonuses(entries, israelMidnight(2026, 4, 1));
    expect(bonuses.map(({ month, rule, amount }) => ({ month, rule, amount }))).toEqual([
      { month: '2026-03', rule: 'monthly-sales', amount: 5_500 },
      { month: '2026-03', rule: 'institutions', amount: 600 },
      { month: '2026-03', rule: 'loyalty', amount: 2_200 },
    ]);
    // Booked inside the month, at its last instant (Israel time).
    expect(bonuses[0]?.bookedAt.toISOString()).toBe('2026-03-31T20:59:59.999Z');
  });

  it('books nothing for a month that is not over, nor for exactly 1,000 ₪', () => {
    expect(
      earnedBonuses([sale('2026-03-05T10:00:00Z', 100_000)], at('2026-03-20T00:00:00Z')),
    ).toEqual([]);
    expect(
      earnedBonuses([sale('2026-03-05T10:00:00Z', 100_000)], israelMidnight(2026, 4, 1)),
    ).toEqual([]);
  });
});

/** One step of an author's life: a sale, a refund, a return, or a payout run. */
type Step =
  | { type: 'sale'; days: number; price: number; copies: number; institution: boolean }
  | { type: 'refund'; days: number; pick: number }
  | { type: 'return'; days: number; pick: number; copies: number }
  | { type: 'run'; days: number; held: boolean; twice: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    type: fc.constant('sale' as const),
    days: fc.integer({ min: 0, max: 20 }),
    price: fc.integer({ min: 0, max: 40_000 }),
    copies: fc.integer({ min: 1, max: 9 }),
    institution: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('refund' as const),
    days: fc.integer({ min: 0, max: 20 }),
    pick: fc.nat(),
  }),
  fc.record({
    type: fc.constant('return' as const),
    days: fc.integer({ min: 0, max: 20 }),
    pick: fc.nat(),
    copies: fc.integer({ min: 1, max: 9 }),
  }),
  fc.record({
    type: fc.constant('run' as const),
    days: fc.integer({ min: 10, max: 45 }),
    held: fc.boolean(),
    twice: fc.boolean(),
  }),
);

interface Entry extends BonusSalesEntry {
  party: 'author' | 'platform';
  amountAgorot: number;
}

/** The author's share of a line in this model: 80 % (any split would do). */
const authorShare = (total: number) => percentOf(agorot(total), 80);

describe('payouts with bonuses reconcile to the ledger', () => {
  it.each<PayoutPolicyName>(['monthly', 'authors-terms'])(
    'sum of payouts plus the unpaid balance is the ledger balance, bonuses included (%s)',
    (policyName) => {
      const policy = selectPayoutPolicy(policyName);
      fc.assert(
        fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
          let now = at('2025-01-03T09:00:00Z').getTime();
          const ledger: Entry[] = [];
          const lines: Array<{
            price: number;
            copies: number;
            refunded: boolean;
            returned: boolean;
            institution: boolean;
          }> = [];
          const booked = new Set<string>();
          const payouts: PastPayout[] = [];
          const entry = (fields: Omit<Entry, 'occurredAt' | 'party'>): void => {
            ledger.push({ ...fields, party: 'author', occurredAt: new Date(now) });
          };
          const authorEntries = () => ledger.filter((e) => e.party === 'author');
          const bookBonuses = (until: Date): EarnedBonus[] => {
            const fresh = earnedBonuses(authorEntries(), until).filter(
              (bonus) => !booked.has(bonusKey('author', bonus)),
            );
            for (const bonus of fresh) {
              booked.add(bonusKey('author', bonus));
              const base = {
                kind: 'bonus',
                lineTotalAgorot: 0,
                occurredAt: bonus.bookedAt,
                institution: false,
              };
              ledger.push({ ...base, party: 'author', amountAgorot: bonus.amount });
              ledger.push({ ...base, party: 'platform', amountAgorot: -bonus.amount });
            }
            return fresh;
          };
          const run = (runAt: Date, held: boolean) => {
            bookBonuses(payoutPeriodOf(runAt).end);
            const decision = decidePayout(policy, authorEntries(), payouts, runAt);
            if (decision.due && !held) {
              payouts.push({
                amountAgorot: decision.amount,
                periodEnd: decision.period.end,
                paidAt: runAt,
              });
            }
            return decision;
          };

          for (const s of steps) {
            now += s.days * 86_400_000;
            if (s.type === 'sale') {
              const total = lineTotal(agorot(s.price), s.copies);
              lines.push({
                price: s.price,
                copies: s.copies,
                refunded: false,
                returned: false,
                institution: s.institution,
              });
              entry({
                kind: 'sale',
                amountAgorot: authorShare(total),
                lineTotalAgorot: total,
                institution: s.institution,
              });
            } else if (s.type === 'refund' || s.type === 'return') {
              const line = lines[s.pick % Math.max(1, lines.length)];
              if (!line || line.refunded || line.returned) continue;
              const copies = s.type === 'return' ? Math.min(s.copies, line.copies) : line.copies;
              const total = lineTotal(agorot(line.price), copies);
              if (s.type === 'refund') line.refunded = true;
              else line.returned = true;
              entry({
                kind: s.type === 'refund' ? 'reversal' : 'return',
                amountAgorot: 0 - authorShare(total),
                lineTotalAgorot: 0 - total,
                institution: line.institution,
              });
            } else {
              const runAt = new Date(now);
              run(runAt, s.held);
              // The same run again (a second start, or a crash and its rerun) pays nothing new.
              if (s.twice) {
                const paidBefore = payouts.length;
                const bonusesBefore = booked.size;
                // After a hold, the rerun is the admin's release: that period is paid then, once.
                const again = run(runAt, false);
                if (!s.held) expect(payouts.length).toBe(paidBefore);
                else expect(payouts.length).toBeLessThanOrEqual(paidBefore + 1);
                expect(run(runAt, false).amount).toBe(0);
                expect(booked.size).toBe(bonusesBefore);
                expect(again.amount).toBeLessThanOrEqual(Math.max(0, again.balance));
              }
            }
          }

          const end = new Date(now + 400 * 86_400_000);
          const final = decidePayout(policy, authorEntries(), payouts, end);
          const paid = sumAgorot(payouts.map((p) => agorot(p.amountAgorot)));
          const ledgerBalance = sumAgorot(
            authorEntries()
              .filter((e) => e.occurredAt < payoutPeriodOf(end).end)
              .map((e) => agorot(e.amountAgorot)),
          );
          // To the agora: everything paid plus what is still owed is what the ledger holds.
          expect(paid + final.balance).toBe(ledgerBalance);
          // Each bonus once, and the platform paid every agora of it.
          const bonusEntries = ledger.filter((e) => e.kind === 'bonus');
          expect(bonusEntries.reduce((sum, e) => sum + e.amountAgorot, 0)).toBe(0);
          // The bonuses booked along the way are the ones the whole ledger earns (never counted
          // twice, none missed), for every month the runs had closed.
          const closed = [...booked].sort();
          const all = earnedBonuses(
            authorEntries().filter((e) => e.kind !== 'bonus'),
            end,
          ).map((b) => bonusKey('author', b));
          for (const key of closed) expect(all).toContain(key);
          expect(new Set(closed).size).toBe(closed.length);
          const bookedSum = bonusEntries
            .filter((e) => e.party === 'author')
            .reduce((sum, e) => sum + e.amountAgorot, 0);
          const expectedSum = earnedBonuses(authorEntries(), end)
            .filter((b) => booked.has(bonusKey('author', b)))
            .reduce((sum, b) => sum + b.amount, 0);
          expect(bookedSum).toBe(expectedSum);
        }),
        { numRuns: 150 },
      );
    },
  );
});
