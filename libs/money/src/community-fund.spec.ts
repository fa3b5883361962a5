import fc from 'fast-check';
import { allocateFund, remainingOf, type FundProject } from './community-fund';

const project = (id: string, targetAgorot: number, receivedAgorot = 0): FundProject => ({
  id,
  targetAgorot,
  receivedAgorot,
});

const projects = fc.uniqueArray(
  fc.record({
    id: fc.string({ minLength: 1, maxLength: 6 }),
    targetAgorot: fc.integer({ min: 0, max: 10_000_000_000 }),
    receivedAgorot: fc.integer({ min: 0, max: 10_000_000_000 }),
  }),
  { selector: (p) => p.id, maxLength: 12 },
);

describe('the community fund allocation', () => {
  it('shares the balance in proportion to what each project still needs', () => {
    // Needs 30,000 and 10,000 ₪ (3:1); 400 ₪ → 300 and 100.
    const answer = allocateFund(40_000, [
      project('a', 5_000_000, 2_000_000),
      project('b', 1_000_000),
    ]);
    expect(answer).toEqual([
      { id: 'a', amount: 30_000 },
      { id: 'b', amount: 10_000 },
    ]);
  });

  it('gives the agorot left by the floors to the largest fractions, ties to the earlier project', () => {
    // 100 agorot among three equal needs: 33 each and one left, to the first.
    expect(
      allocateFund(100, [project('a', 1_000), project('b', 1_000), project('c', 1_000)]),
    ).toEqual([
      { id: 'a', amount: 34 },
      { id: 'b', amount: 33 },
      { id: 'c', amount: 33 },
    ]);
  });

  it('pays each project its remainder when the balance covers them all, keeping the rest', () => {
    expect(allocateFund(1_000_000, [project('a', 300_000, 100_000), project('b', 50_000)])).toEqual(
      [
        { id: 'a', amount: 200_000 },
        { id: 'b', amount: 50_000 },
      ],
    );
  });

  it('allocates nothing from an empty or overdrawn fund, or to projects that reached their target', () => {
    expect(allocateFund(0, [project('a', 1_000)])).toEqual([]);
    expect(allocateFund(-500, [project('a', 1_000)])).toEqual([]);
    expect(allocateFund(500, [project('a', 1_000, 1_000), project('b', 1_000, 2_000)])).toEqual([]);
    expect(allocateFund(500, [])).toEqual([]);
  });

  it('adds up to the balance (or to every remainder), never negative, never above a target', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 20_000_000_000 }),
        projects,
        (balance, list) => {
          const answer = allocateFund(balance, list);
          const total = answer.reduce((sum, a) => sum + a.amount, 0);
          const needed = list.reduce((sum, p) => sum + remainingOf(p), 0);
          expect(total).toBe(balance <= 0 ? 0 : Math.min(balance, needed));
          for (const allocation of answer) {
            const target = list.find((p) => p.id === allocation.id);
            expect(target).toBeDefined();
            expect(allocation.amount).toBeGreaterThan(0);
            expect(Number.isSafeInteger(allocation.amount)).toBe(true);
            expect(allocation.amount).toBeLessThanOrEqual(remainingOf(target as FundProject));
          }
        },
      ),
    );
  });

  it('is within one agora of the exact proportional share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), projects, (balance, list) => {
        const needed = list.reduce((sum, p) => sum + remainingOf(p), 0);
        fc.pre(needed > balance);
        const answer = new Map(allocateFund(balance, list).map((a) => [a.id, a.amount as number]));
        for (const p of list) {
          const exact = (balance * remainingOf(p)) / needed;
          expect(Math.abs((answer.get(p.id) ?? 0) - exact)).toBeLessThan(1 + 1e-6);
        }
      }),
    );
  });
});
