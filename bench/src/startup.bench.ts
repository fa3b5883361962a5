/**
 * Benchmark: time from `npm start` to "all healthy" on a warm clone (dependencies installed,
 * Nx cache warm, demo data loaded), then SIGTERM to npm and a check that no process of the
 * stack outlives it. Target: under 60 s on the 2-core machine. Baseline, in the same run:
 * `npm start -- --no-build`, the same stack without the Nx build step (what the build check costs
 * on a warm clone, and the floor the full command can reach).
 * Run: `npm run bench:startup -w bench` (BENCH_RUNS=2). Every port is a free one and the data
 * lives in `.data/bench-startup`, so a running `npm start` is not disturbed; the first run on a
 * new data folder includes loading the demo data and is reported as such.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getFreePort } from '@mechabrim/testing';

const root = path.resolve(__dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const TARGET_SECONDS = 60;
const TIMEOUT_MS = 300_000;
// The launcher gives a service 10 s between SIGTERM and SIGKILL.
const STOP_LIMIT_MS = 20_000;
const DATA_DIR = path.join(root, '.data', 'bench-startup');

const PORT_VARIABLES = [
  'API_PORT',
  'WORKER_PORT',
  'SHELL_PORT',
  'STOREFRONT_PORT',
  'CHECKOUT_PORT',
  'AUTHOR_PORTAL_PORT',
  'EMBEDDED_MONGO_PORT',
  'MONGOD_PORT',
] as const;

type Ports = Record<(typeof PORT_VARIABLES)[number], number>;

const healthUrls = (ports: Ports) => [
  `http://localhost:${ports.API_PORT}/api/health`,
  `http://localhost:${ports.WORKER_PORT}/health`,
  `http://localhost:${ports.SHELL_PORT}/runtime-config.json`,
  `http://localhost:${ports.STOREFRONT_PORT}/mf-manifest.json`,
  `http://localhost:${ports.CHECKOUT_PORT}/mf-manifest.json`,
  `http://localhost:${ports.AUTHOR_PORTAL_PORT}/mf-manifest.json`,
];

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** pid → parent pid for every process, from /proc. */
function processTable(): Map<number, number> {
  const table = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may contain spaces and parentheses: fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z') table.set(Number(entry), Number(fields[1]));
    } catch {
      // ended while we looked
    }
  }
  return table;
}

function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const [child, parent] of processTable()) {
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
};

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RunResult {
  seconds: number;
  stopSeconds: number;
  exitCode: number | null;
  processes: number;
  orphans: string[];
  seeded: boolean;
}

async function run(extraArgs: string[] = []): Promise<RunResult> {
  const ports = {} as Ports;
  for (const variable of PORT_VARIABLES) ports[variable] = await getFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR, FORCE_COLOR: '0' };
  for (const variable of PORT_VARIABLES) env[variable] = String(ports[variable]);

  const began = Date.now();
  const npm = spawn('npm', ['start', ...extraArgs], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => (ended = true));

  // Every process the stack ever had, so that one which re-parents itself is still checked.
  const seen = new Set<number>();
  const urls = healthUrls(ports);
  for (;;) {
    for (const pid of descendants(npm.pid as number)) seen.add(pid);
    if ((await Promise.all(urls.map(healthy))).every(Boolean)) break;
    if (ended || Date.now() - began > TIMEOUT_MS) {
      npm.kill('SIGTERM');
      throw new Error(`the stack did not become healthy:\n${output.slice(-4_000)}`);
    }
    await delay(200);
  }
  const seconds = (Date.now() - began) / 1000;
  for (const pid of descendants(npm.pid as number)) seen.add(pid);

  // npm exits at once; the launcher notices and stops the services after it. Stopped means the
  // last process of the stack has ended.
  const stopping = Date.now();
  npm.kill('SIGTERM');
  const exitCode = await exited;
  let remaining = [...seen];
  while (remaining.length > 0 && Date.now() - stopping < STOP_LIMIT_MS) {
    await delay(100);
    const alive = processTable();
    remaining = remaining.filter((pid) => alive.has(pid));
  }
  const stopSeconds = (Date.now() - stopping) / 1000;
  const orphans = remaining.map((pid) => `${pid} ${commandLine(pid)}`);
  return {
    seconds,
    stopSeconds,
    exitCode,
    processes: seen.size,
    orphans,
    seeded: output.includes('loaded the demo data'),
  };
}

async function main() {
  if (!existsSync(path.join(root, 'node_modules')))
    throw new Error('run npm install first (a warm clone)');
  console.log(
    `startup bench: ${RUNS} run(s) each of npm start and, as the baseline, npm start -- --no-build → all healthy → SIGTERM (data in ${path.relative(root, DATA_DIR)})`,
  );
  const variants = [
    { label: 'npm start', args: [] as string[] },
    { label: 'npm start -- --no-build (baseline)', args: ['--', '--no-build'] },
  ];
  const results = new Map<string, RunResult[]>(variants.map((v) => [v.label, []]));
  for (let i = 1; i <= RUNS; i++) {
    // Alternated, so a warming machine favours neither.
    for (const variant of variants) {
      const result = await run(variant.args);
      results.get(variant.label)!.push(result);
      console.log(
        `run ${i}, ${variant.label}: all healthy after ${result.seconds.toFixed(1)} s${result.seeded ? ' (loaded the demo data)' : ''}; ` +
          `every process gone ${result.stopSeconds.toFixed(1)} s after SIGTERM (npm exit code ${result.exitCode}); ` +
          `${result.processes} processes, ${result.orphans.length} left behind`,
      );
      for (const orphan of result.orphans) console.log(`  left behind: ${orphan}`);
    }
  }
  const bestOf = (runs: RunResult[]) => {
    const warm = runs.filter((result) => !result.seeded);
    return Math.min(...(warm.length > 0 ? warm : runs).map((result) => result.seconds));
  };
  const [full = Number.NaN, baseline = Number.NaN] = variants.map((v) =>
    bestOf(results.get(v.label) ?? []),
  );
  const verdict = full < TARGET_SECONDS ? 'within' : 'OVER';
  console.log(
    `startup: ${full?.toFixed(1)} s to all healthy on a warm clone — ${verdict} the ${TARGET_SECONDS} s target; ` +
      `baseline without the build step ${baseline?.toFixed(1)} s (the build check costs ${(full - baseline).toFixed(1)} s)`,
  );
  if ([...results.values()].flat().some((result) => result.orphans.length > 0))
    process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
