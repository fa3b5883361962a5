/**
 * Benchmark: `GET /api/health` of the built API (services/api/dist/main.js) at 100 connections,
 * beside a bare Fastify route serving a constant JSON body, in the same run on the same machine.
 * Target: the API serves at least 75% of the bare route's requests per second.
 *
 * What is measured: the API's health answer is cached for 500 ms (RESULT_CACHE_MS in
 * services/api/src/health/health-answers.ts) and the MongoDB and Redis pings behind it are
 * cached by the indicators, so under load nearly every request is served from that cache: the
 * figure is the cost of the HTTP stack (Fastify with Nest's adapter hooks, helmet headers, CORS, the
 * operator-key guard), not of the pings. The route is declared by Nest but served by a plain Fastify
 * handler (services/api/src/health/health.route.ts), and a successful probe writes no access-log
 * line, as load balancers would poll it. Latency percentiles are exact: every response's latency is
 * recorded (autocannon's `response` event) and p50/p95/p99 are read from all rounds together.
 * Run: `npm run bench:api-health -w bench` (BENCH_SECONDS=10, BENCH_CONNECTIONS=100; --no-build
 * reuses an existing dist). MongoDB is the embedded server (or MONGODB_TEST_URI), Redis a real redis-server.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { getFreePort, startTestMongo, startTestRedis, waitForPort } from '@mechabrim/testing';
import { BENCH_PRODUCTION_PAYMENTS } from './support/api-load';
import { percentileOfSorted } from './support/latency';
import { cpuMs, stopChild } from './support/process';

const root = path.resolve(__dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const TARGET = 0.75;

const BARE_FASTIFY = `
const app = require('fastify')();
app.get('/health', async () => ({ status: 'ok', details: { mongodb: { status: 'up' }, redis: { status: 'up' } } }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

interface Figures {
  rps: number;
  /** Every response's latency in ms. */
  latencies: number[];
  non2xx: number;
  errors: number;
}

interface Summary {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, seconds: number): Promise<Figures> {
  // Without a callback autocannon returns its instance (an event emitter) that is also a promise.
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  const latencies: number[] = [];
  instance.on('response', (_client, _statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  return {
    rps: result.requests.average,
    latencies,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Runs `fn` and returns the CPU microseconds the process spent per request meanwhile. */
async function withCpu(pid: number | undefined, fn: () => Promise<Figures>, seconds: number) {
  const before = cpuMs(pid);
  const figures = await fn();
  const after = cpuMs(pid);
  const requests = figures.rps * seconds;
  const usPerRequest =
    before === undefined || after === undefined || !requests
      ? undefined
      : ((after - before) * 1000) / requests;
  return { figures, usPerRequest };
}

/** Rounds of one load: mean req/s; exact percentiles over every response of all rounds. */
function combine(runs: Figures[]): Summary {
  const all = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const round1 = (ms: number) => Math.round(ms * 10) / 10;
  return {
    rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
    p50: round1(percentileOfSorted(all, 50)),
    p95: round1(percentileOfSorted(all, 95)),
    p99: round1(percentileOfSorted(all, 99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

async function main(): Promise<void> {
  const apiMain = path.join(root, 'services/api/dist/main.js');
  if (!process.argv.includes('--no-build') || !existsSync(apiMain)) {
    const build = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/webpack/bin/webpack.js'),
        '--config',
        'services/api/webpack.config.cjs',
      ],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) throw new Error('API build failed');
  }

  const [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  const [apiPort, barePort] = await Promise.all([getFreePort(), getFreePort()]);
  const api = spawn(process.execPath, [apiMain], {
    cwd: root,
    // Logs on, as in production (one JSON line per request), written to /dev/null.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...BENCH_PRODUCTION_PAYMENTS,
      JWT_SECRET: 'bench-secret-bench-secret',
      API_PORT: String(apiPort),
      API_HOST: '127.0.0.1',
      MONGODB_URI: mongo.uri,
      REDIS_URL: redis.url,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const bare = spawn(process.execPath, ['-e', BARE_FASTIFY], {
    cwd: root,
    env: { ...process.env, PORT: String(barePort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  try {
    await Promise.all([
      waitForPort(apiPort, '127.0.0.1', 30000),
      waitForPort(barePort, '127.0.0.1', 10000),
    ]);
    const apiUrl = `http://127.0.0.1:${apiPort}/api/health`;
    const bareUrl = `http://127.0.0.1:${barePort}/health`;
    for (let i = 0; i < 60; i++) {
      if ((await fetch(apiUrl)).status === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const check = await fetch(apiUrl);
    if (check.status !== 200)
      throw new Error(`API not healthy before the run: ${check.status} ${await check.text()}`);

    // Warm both up (JIT, connection pools), then alternate 2-second rounds so that load from
    // other processes on a shared machine falls on both sides alike.
    await load(bareUrl, 2);
    await load(apiUrl, 2);
    const rounds = Math.max(1, Math.round(SECONDS / 2));
    const bareRuns: Figures[] = [];
    const apiRuns: Figures[] = [];
    const bareCpu: number[] = [];
    const apiCpu: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const b = await withCpu(bare.pid, () => load(bareUrl, SECONDS / rounds), SECONDS / rounds);
      const a = await withCpu(api.pid, () => load(apiUrl, SECONDS / rounds), SECONDS / rounds);
      bareRuns.push(b.figures);
      apiRuns.push(a.figures);
      if (b.usPerRequest !== undefined) bareCpu.push(b.usPerRequest);
      if (a.usPerRequest !== undefined) apiCpu.push(a.usPerRequest);
    }
    const bareFigures = combine(bareRuns);
    const apiFigures = combine(apiRuns);

    const ratio = apiFigures.rps / bareFigures.rps;
    const ms = (v: number) => v.toFixed(1).padStart(6);
    const row = (name: string, f: Summary) =>
      `${name.padEnd(52)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${ms(f.p50)} ms   p95 ${ms(f.p95)} ms   p99 ${ms(f.p99)} ms   non-2xx ${f.non2xx}   errors ${f.errors}`;
    console.log(
      `\nGET health, ${CONNECTIONS} connections, ${SECONDS} s each, same machine, same run; exact percentiles over every response`,
    );
    console.log(row('bare Fastify route (baseline)', bareFigures));
    console.log(row('API GET /api/health (Nest+terminus, answer cached 500 ms)', apiFigures));
    console.log(
      'note: the API caches its health answer for 500 ms (and the pings behind it), so this measures the HTTP stack, not MongoDB or Redis round trips',
    );
    console.log(
      `ratio API / bare: ${(ratio * 100).toFixed(1)}%  (target >= ${TARGET * 100}%: ${ratio >= TARGET ? 'met' : 'NOT met'})`,
    );
    if (bareCpu.length && apiCpu.length) {
      // Throughput on a shared 2-core machine depends on what else runs; CPU time per request
      // does much less, so it is printed as the steadier figure of the server's own cost.
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const [bareUs, apiUs] = [mean(bareCpu), mean(apiCpu)];
      console.log(
        `server CPU per request: bare ${bareUs.toFixed(0)} us, API ${apiUs.toFixed(0)} us (bare/API ${((bareUs / apiUs) * 100).toFixed(1)}%, the ratio an idle machine would approach)`,
      );
    }
    if (apiFigures.non2xx > 0)
      console.log(`warning: ${apiFigures.non2xx} API answers were not 2xx`);
  } finally {
    await Promise.all([stopChild(api), stopChild(bare)]);
    await Promise.all([mongo.stop(), redis.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
