import { percentileOfSorted, summarizeLatencies } from './latency';

describe('latency percentiles', () => {
  it('takes the nearest rank, never a value between two samples', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentileOfSorted(hundred, 50)).toBe(50);
    expect(percentileOfSorted(hundred, 95)).toBe(95);
    expect(percentileOfSorted(hundred, 99)).toBe(99);
    expect(percentileOfSorted(hundred, 100)).toBe(100);
    expect(percentileOfSorted([3, 8], 95)).toBe(8);
    expect(percentileOfSorted([7], 50)).toBe(7);
  });

  it('summarises unsorted samples without reordering them, and says NaN for none', () => {
    const samples = [9, 1, 5, 3, 7, 2, 8, 4, 6, 10];
    expect(summarizeLatencies(samples)).toEqual({ count: 10, p50: 5, p95: 10, p99: 10, max: 10 });
    expect(samples[0]).toBe(9);
    expect(summarizeLatencies([]).p95).toBeNaN();
  });

  it('sorts numerically, not as text', () => {
    expect(summarizeLatencies([100, 20, 3]).p50).toBe(20);
  });
});
