import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageBin } from '@mechabrim/launcher';
import { LINT_ERRORS, TYPE_ERRORS } from './check-bits';
import {
  addTallies,
  formatResultLine,
  readJestReport,
  seconds,
  tallyJest,
  type Tally,
} from './results';

const ROOT = resolve(__dirname, '../../..');
const RESULTS = join(ROOT, 'test-results');
const NX = packageBin(ROOT, 'nx');
const JEST = packageBin(ROOT, 'jest');
const PRETTIER = packageBin(ROOT, 'prettier');
const TSX = packageBin(ROOT, 'tsx');
/** The type check and lint over one program (see checkAndBuild). */
const TYPES_AND_LINT = join(__dirname, 'types-and-lint.ts');
/** A step: its heading, and the node script and arguments it runs. */
type Step = readonly [name: string, args: string[]];
/** What each bit of a step's exit code stands for, when it does more than one check. */
type Parts = ReadonlyArray<readonly [bit: number, part: string]>;

interface RunOptions {
  /** Added to the environment. */
  env?: Record<string, string>;
  /** Write the output to this file instead of the terminal. */
  outputFile?: string;
}

/** Runs a node script with the terminal (or a file) as its output; resolves with its exit code. */
function runNode(args: string[], { env = {}, outputFile }: RunOptions = {}): Promise<number> {
  return new Promise((done) => {
    const output = outputFile === undefined ? 'inherit' : openSync(outputFile, 'w');
    // No Nx daemon: `npm test` leaves no background process behind.
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      stdio: ['inherit', output, output],
      env: { ...process.env, NX_DAEMON: 'false', ...env },
    });
    const finish = (code: number) => {
      if (typeof output === 'number') closeSync(output);
      done(code);
    };
    child.once('error', () => finish(1));
    child.once('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

/** The test files a Jest configuration would run with these arguments. */
function selectedTests(config: string, jestArgs: string[]): string[] {
  const result = spawnSync(
    process.execPath,
    [JEST, '-c', config, '--listTests', '--json', ...jestArgs],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  try {
    return JSON.parse(result.stdout) as string[];
  } catch {
    // Jest could not list them: let the real run show why.
    return [config];
  }
}

/**
 * The projects whose `build` writes files (declares outputs: the front ends, the services, the
 * embedded MongoDB server), from Nx's project graph; null when the graph cannot be read, and then
 * every build runs.
 */
function buildsThatWriteFiles(): string[] | null {
  const file = join(RESULTS, 'project-graph.json');
  const result = spawnSync(process.execPath, [NX, 'graph', `--file=${file}`], {
    cwd: ROOT,
    env: { ...process.env, NX_DAEMON: 'false' },
    stdio: 'ignore',
  });
  if (result.status !== 0) return null;
  try {
    const { graph } = JSON.parse(readFileSync(file, 'utf8')) as {
      graph: { nodes: Record<string, { data: { targets?: { build?: { outputs?: string[] } } } }> };
    };
    const names = Object.entries(graph.nodes)
      .filter(([, node]) => (node.data.targets?.build?.outputs ?? []).length > 0)
      .map(([name]) => name);
    return names.length > 0 ? names : null;
  } catch {
    return null;
  }
}

function heading(text: string) {
  process.stdout.write(`\n━━ ${text}\n`);
}

/** The steps of one `npm test`, and what each failed step and Jest run adds to the total. */
interface StepRunner {
  /** One line per failed step, printed at the end; each counts as one failed test. */
  failures: string[];
  tallies: Tally[];
  /** Runs a node script under its heading; resolves with whether it exited 0. */
  step: (name: string, args: string[]) => Promise<boolean>;
  /**
   * Runs a node script beside others (no heading of its own); resolves with whether it exited 0.
   * A script that does several checks names each one's bit of its exit code (`parts`): each
   * that failed counts as a failed step.
   */
  timed: (name: string, args: string[], parts?: Parts) => Promise<boolean>;
  jest: (
    name: string,
    config: string,
    options: string[],
    report: string,
    run?: RunOptions,
  ) => Promise<void>;
}

function createStepRunner(jestArgs: string[]): StepRunner {
  const focused = jestArgs.length > 0;
  const failures: string[] = [];
  const tallies: Tally[] = [];

  const report = (name: string, start: number, code: number, parts: Parts = []): boolean => {
    process.stdout.write(
      `━━ ${name}: ${code === 0 ? 'ok' : `FAILED (exit code ${code})`} in ${seconds(start)}\n`,
    );
    if (code === 0) return true;
    const failedParts = parts.filter(([bit]) => (code & bit) !== 0).map(([, part]) => part);
    if (failedParts.length === 0) failedParts.push(`${name} (exit code ${code})`);
    for (const part of failedParts) failures.push(`${part} failed; see its output above`);
    return false;
  };

  const timed = async (name: string, args: string[], parts?: Parts) => {
    const start = Date.now();
    return report(name, start, await runNode(args), parts);
  };

  const step = (name: string, args: string[]): Promise<boolean> => {
    heading(name);
    return timed(name, args);
  };

  const jest = async (
    name: string,
    config: string,
    options: string[],
    report: string,
    run: RunOptions = {},
  ) => {
    const file = join(RESULTS, report);
    rmSync(file, { force: true });
    heading(run.outputFile ? `${name} (started; its output follows when it ends)` : name);
    const start = Date.now();
    const code = await runNode(
      [
        JEST,
        '-c',
        config,
        ...options,
        '--ci',
        // A test that leaves a handle open must not hang the whole command; Jest still names it.
        '--forceExit',
        '--json',
        `--outputFile=${file}`,
        ...(focused ? ['--passWithNoTests', ...jestArgs] : []),
      ],
      run,
    );
    if (run.outputFile) {
      heading(`${name}: the output (also in ${run.outputFile.slice(ROOT.length + 1)})`);
      process.stdout.write(readFileSync(run.outputFile, 'utf8'));
    }
    const result = readJestReport(file);
    if (!result) {
      failures.push(
        `${name}: Jest wrote no report with its counts (exit code ${code}); see its output above`,
      );
      return;
    }
    const tally = tallyJest(result, code);
    tallies.push(tally);
    process.stdout.write(`━━ ${name}: ${formatResultLine(tally)} in ${seconds(start)}\n`);
  };

  return { failures, tallies, step, timed, jest };
}

/**
 * The type check and lint in one process over one TypeScript program (types-and-lint.ts) on one
 * core; on the other, the format check and then the build, which reads the tree as they do and
 * writes only to ignored `dist` folders. ESLint and tsc use no cache. Measured in one window
 * (2026-12-02, clean clones): lint 160 s beside the type check's 83 s, the format check and the
 * build; the two in one process 136 s. Resolves, once both lanes are done, with whether the build
 * passed. Running the checks in the background at `nice -n 3` instead, with the tests started after
 * the build, made the whole run slower (1,473 s against 1,320; docs/testing.md).
 */
async function checkAndBuild(runner: StepRunner, build: Step): Promise<boolean> {
  heading('type check and lint, format check, build');
  const [, built] = await Promise.all([
    runner.timed(
      'type check and lint',
      [TSX, TYPES_AND_LINT],
      [
        [TYPE_ERRORS, 'type check'],
        [LINT_ERRORS, 'lint'],
      ],
    ),
    runner
      .timed('format check', [PRETTIER, '--check', '.', '--log-level=warn'])
      .then(() => runner.timed(...build)),
  ]);
  return built;
}

/** The browser journeys, unless none match a focused run or the build they need failed. */
async function runBrowserTests(runner: StepRunner, jestArgs: string[], built: boolean) {
  const focused = jestArgs.length > 0;
  const e2eConfig = join('e2e', 'jest.config.cjs');
  if (!existsSync(join(ROOT, e2eConfig))) {
    runner.failures.push(`browser tests: ${e2eConfig} does not exist`);
  } else if (focused && selectedTests(e2eConfig, jestArgs).length === 0) {
    process.stdout.write(`\n━━ browser tests: none match ${jestArgs.join(' ')}\n`);
  } else if (!built) {
    runner.failures.push('browser tests not run: they need the build, which failed');
  } else {
    // One journey at a time: two side by side each took twice as long on 2 cores (measured:
    // 1,147 s against 1,069 s one at a time), Chromium being the bulk of the work. They run
    // beside the unit tests (see main), in a port slice of their own, their output kept in a file
    // until they end so that the two runs' lines do not interleave.
    // Checkpoint screenshots off unless asked for (E2E_SCREENSHOTS=on): ~170 full-page PNGs
    // are minutes of Chromium's CPU and assert nothing (e2e/src/support/browser.ts).
    process.env.E2E_SCREENSHOTS ??= 'off';
    await runner.jest('browser tests', e2eConfig, ['--runInBand'], 'jest-e2e.json', {
      env: { TEST_PORT_SLICE: '3' },
      outputFile: join(RESULTS, 'browser-tests.log'),
    });
  }
}

/** Prints the time taken, every failed step and the total; returns the exit code. */
function printSummary(runner: StepRunner, began: number): number {
  const total = addTallies(...runner.tallies, {
    passed: 0,
    failed: runner.failures.length,
    skipped: 0,
  });
  process.stdout.write(`\nnpm test took ${seconds(began)}.\n`);
  for (const failure of runner.failures) process.stdout.write(`✗ ${failure}\n`);
  process.stdout.write(`${formatResultLine(total)}\n`);
  return total.failed > 0 ? 1 : 0;
}

/**
 * `npm test`: lint, format check, type check, build, every project's unit and integration tests, then the
 * browser journeys. A failing step does not stop the others; each counts as one failed test.
 * Arguments (`npm test -- <pattern>`) go to Jest and skip lint, format check and type check.
 */
export async function main(jestArgs: string[]): Promise<number> {
  const began = Date.now();
  const focused = jestArgs.length > 0;
  mkdirSync(RESULTS, { recursive: true });
  const runner = createStepRunner(jestArgs);

  // Nx's project graph first: besides naming the builds that write files (below), computing it
  // leaves it cached in .nx/workspace-data, where ESLint's @nx/enforce-module-boundaries reads it.
  // On a clean clone there is no cached graph yet, and the rule then skips every file with a
  // warning: module boundaries went unchecked in CI.
  const writers = focused ? null : buildsThatWriteFiles();
  // Once, here: the browser tests start the built stack without building again. Only the builds
  // that write files (`writers`) run, beside the type check: a lib's `build` is its own `tsc
  // --noEmit`, which the type check does for the whole tree.
  const build: Step = [
    'build',
    [
      NX,
      'run-many',
      '-t',
      'build',
      ...(writers ? [`--projects=${writers.join(',')}`, '--excludeTaskDependencies'] : []),
      '--parallel=2',
      '--outputStyle=stream',
    ],
  ];
  let built: boolean;
  if (focused) {
    process.stdout.write(
      `Focused run (${jestArgs.join(' ')}): lint, format check and type check skipped.\n`,
    );
    built = await runner.step(...build);
  } else {
    built = await checkAndBuild(runner, build);
  }

  // The unit tests and the browser journeys side by side. Each alone leaves a core partly idle
  // (measured: the unit tests kept the 2 cores 88 % busy, the journeys 70 %, waiting on servers,
  // timers and the network), so together they take less time than one after the other.
  // Starting the journeys as soon as the build was done, beside the type check and lint, won
  // nothing (clean clones in one window, 2026-12-02: 1,400 s against 1,420 s after both lanes)
  // and starved the check (254 s against 136).
  await Promise.all([
    // The API's and the worker's integration suites a few to a test file (JEST_SUITE_GROUPS,
    // build-config/jest/node.cjs): a focused run names suites, which then run on their own.
    runner.jest(
      'unit and integration tests',
      'jest.config.cjs',
      ['--maxWorkers=2'],
      'jest-unit.json',
      focused ? {} : { env: { JEST_SUITE_GROUPS: '1' } },
    ),
    runBrowserTests(runner, jestArgs, built),
  ]);
  return printSummary(runner, began);
}
