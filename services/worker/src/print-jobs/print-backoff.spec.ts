import { MAX_PRINT_RETRY_MS, printRetryDelay } from './print-backoff';

describe('print handoff retries', () => {
  const middle = () => 0.5;

  it('doubles the delay after each failure, from the base', () => {
    expect([1, 2, 3, 4].map((attempt) => printRetryDelay(attempt, 5000, middle))).toEqual([
      5000, 10_000, 20_000, 40_000,
    ]);
  });

  it('never waits longer than ten minutes', () => {
    expect(printRetryDelay(40, 5000, middle)).toBe(MAX_PRINT_RETRY_MS);
  });

  it('spreads retries by up to a quarter either way', () => {
    expect(printRetryDelay(1, 4000, () => 0)).toBe(3000);
    expect(printRetryDelay(1, 4000, () => 0.999_999)).toBe(5000);
    const seen = new Set(Array.from({ length: 50 }, () => printRetryDelay(3, 1000)));
    expect(seen.size).toBeGreaterThan(1);
    for (const delay of seen) {
      expect(delay).toBeGreaterThanOrEqual(3000);
      expect(delay).toBeLessThanOrEqual(5000);
    }
  });
});
