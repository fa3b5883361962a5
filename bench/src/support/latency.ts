/** Latency figures every benchmark prints, computed from every sample (never interpolated). */
export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * The p-th percentile by the nearest-rank method: the smallest sample with at least p % of the
 * samples at or below it. `sorted` must be ascending.
 */
export function percentileOfSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (p <= 0) return sorted[0] ?? Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, rank) - 1] ?? Number.NaN;
}

/** p50 / p95 / p99 / max of a set of samples (any order; the input is not changed). */
export function summarizeLatencies(samples: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  const list = Array.from(sorted);
  return {
    count: list.length,
    p50: percentileOfSorted(list, 50),
    p95: percentileOfSorted(list, 95),
    p99: percentileOfSorted(list, 99),
    max: list.at(-1) ?? Number.NaN,
  };
}
