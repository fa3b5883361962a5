import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addTallies,
  formatResultLine,
  readJestReport,
  tallyJest,
  type JestReport,
} from './results';

const report = (overrides: Partial<JestReport> = {}): JestReport => ({
  numPassedTests: 10,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  numRuntimeErrorTestSuites: 0,
  success: true,
  ...overrides,
});

describe('formatResultLine', () => {
  it('prints passed and failed', () => {
    expect(formatResultLine({ passed: 412, failed: 0, skipped: 0 })).toBe('412 passed, 0 failed');
  });

  it('adds skipped only when tests were skipped', () => {
    expect(formatResultLine({ passed: 3, failed: 2, skipped: 1 })).toBe(
      '3 passed, 2 failed, 1 skipped',
    );
  });
});

describe('tallyJest', () => {
  it('counts passed, failed, skipped and todo tests', () => {
    expect(
      tallyJest(report({ numFailedTests: 2, numPendingTests: 1, numTodoTests: 2 }), 1),
    ).toEqual({
      passed: 10,
      failed: 2,
      skipped: 3,
    });
  });

  it('counts a test file that could not run as a failure', () => {
    expect(tallyJest(report({ numRuntimeErrorTestSuites: 1 }), 1).failed).toBe(1);
  });

  it('counts a non-zero exit without reported failures as one failure', () => {
    expect(tallyJest(report(), 1).failed).toBe(1);
  });

  it('counts nothing failed for a clean run', () => {
    expect(tallyJest(report(), 0).failed).toBe(0);
  });
});

describe('addTallies', () => {
  it('sums every run and every failed step', () => {
    expect(
      addTallies(
        { passed: 5, failed: 1, skipped: 0 },
        { passed: 2, failed: 0, skipped: 4 },
        { passed: 0, failed: 1, skipped: 0 },
      ),
    ).toEqual({ passed: 7, failed: 2, skipped: 4 });
  });
});

describe('readJestReport', () => {
  const dir = mkdtempSync(join(tmpdir(), 'test-runner-'));

  it('reads the report Jest wrote', () => {
    const file = join(dir, 'ok.json');
    writeFileSync(file, JSON.stringify(report({ numPassedTests: 7 })));
    expect(readJestReport(file)?.numPassedTests).toBe(7);
  });

  it('gives null when Jest wrote nothing or half a file', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"numPassedTests": 7');
    expect(readJestReport(file)).toBeNull();
    expect(readJestReport(join(dir, 'missing.json'))).toBeNull();
  });

  it.each([
    ['a count is missing', { numPassedTests: 7, numFailedTests: 0, numPendingTests: 0 }],
    ['a count is not a number', { ...report(), numFailedTests: '0' }],
    ['a count is negative', { ...report(), numRuntimeErrorTestSuites: -1 }],
    ['the todo count is broken', { ...report(), numTodoTests: null }],
    ['it is not an object', [report()]],
  ])('gives null when %s', (_, content) => {
    const file = join(dir, 'counts.json');
    writeFileSync(file, JSON.stringify(content));
    expect(readJestReport(file)).toBeNull();
  });
});
