import { existsSync, readFileSync } from 'node:fs';

/** The part of Jest's `--json` report that the summary needs. */
export interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  /** Test files that could not run at all (a syntax error, a failing import, a crash in beforeAll). */
  numRuntimeErrorTestSuites: number;
  success: boolean;
}

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

export const EMPTY_TALLY: Tally = { passed: 0, failed: 0, skipped: 0 };

/** The whole seconds since `since` (a `Date.now()`), as the runner's lines print them: `12 s`. */
export const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

export function addTallies(...tallies: Tally[]): Tally {
  return tallies.reduce(
    (sum, tally) => ({
      passed: sum.passed + tally.passed,
      failed: sum.failed + tally.failed,
      skipped: sum.skipped + tally.skipped,
    }),
    EMPTY_TALLY,
  );
}

/**
 * Counts one Jest run. A test file that could not run counts as one failed test (it holds tests
 * nobody saw fail), and so does a run that exited non-zero without reporting any failure.
 */
export function tallyJest(report: JestReport, exitCode: number | null): Tally {
  const failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  return {
    passed: report.numPassedTests,
    failed: failed === 0 && exitCode !== 0 ? 1 : failed,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
  };
}

const COUNTS = [
  'numPassedTests',
  'numFailedTests',
  'numPendingTests',
  'numRuntimeErrorTestSuites',
] as const;

const isCount = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The report Jest wrote, or null when there is none, it is cut short, or any count is missing:
 * a report without its counts must not read as 'nothing failed'.
 */
export function readJestReport(file: string): JestReport | null {
  if (!existsSync(file)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const fields = parsed as Record<string, unknown>;
  if (!COUNTS.every((name) => isCount(fields[name]))) return null;
  if (fields['numTodoTests'] !== undefined && !isCount(fields['numTodoTests'])) return null;
  return parsed as JestReport;
}

/** The last line of `npm test`: `N passed, N failed`, then `, N skipped` when some were. */
export function formatResultLine({ passed, failed, skipped }: Tally): string {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
