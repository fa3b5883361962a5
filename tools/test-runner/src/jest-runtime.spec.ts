import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { packageBin } from '@mechabrim/launcher';

// build-config/jest/runtime.cjs compiles modules with `vm.Script` so that a worker compiles each
// one once; these run real Jest on fixture test files in one worker, twice over the same modules,
// to show that each file still gets its modules and globals fresh and that a failure points at
// its own line.

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../../..');
const FIXTURES = join(__dirname, 'fixtures/jest-runtime');
const PRESET = join(ROOT, 'build-config/jest/preset.cjs');

interface JestReport {
  testResults: { name: string; status: string; message: string }[];
}

async function jestOnFixtures(): Promise<JestReport> {
  const config = { preset: PRESET, rootDir: FIXTURES, testMatch: ['**/*.check.ts'] };
  const args = [packageBin(ROOT, 'jest'), '--config', JSON.stringify(config)];
  try {
    const { stdout } = await run(process.execPath, [...args, '--runInBand', '--json'], {
      cwd: ROOT,
    });
    return JSON.parse(stdout) as JestReport;
  } catch (error) {
    // Jest exits 1 for the fixture that fails on purpose; its report is still on stdout.
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) throw error;
    return JSON.parse(stdout) as JestReport;
  }
}

describe('the Jest runtime (build-config/jest/runtime.cjs)', () => {
  let report: JestReport;
  beforeAll(async () => {
    report = await jestOnFixtures();
  }, 60_000);

  const result = (file: string) => report.testResults.find((r) => r.name.endsWith(file));

  it('is the one every project uses', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const preset = require(PRESET) as { runtime?: string };
    expect(preset.runtime).toBe(join(ROOT, 'build-config/jest/runtime.cjs'));
  });

  it('evaluates modules afresh for each test file, in a context of its own', () => {
    expect(result('first.check.ts')?.status).toBe('passed');
    expect(result('second.check.ts')?.status).toBe('passed');
  });

  it("reports a failure at the failing file's own line and column", () => {
    const failing = result('failing.check.ts');
    expect(failing?.status).toBe('failed');
    expect(failing?.message).toContain('exploded after 0 visits');
    expect(failing?.message).toContain('failing.check.ts:4:9');
    expect(failing?.message).toContain('failing.check.ts:8:3');
  });
});
