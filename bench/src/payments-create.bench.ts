/**
 * Benchmark (issue 10): `POST /api/payments/create` at 20 concurrent buyers beside
 * `GET /api/books/:id` in the same run, against the built API on the embedded MongoDB.
 *
 * Each create is a new checkout attempt (a fresh Idempotency-Key) of two or three books, so every
 * request reads the books, prices the order with libs/money and inserts it. The book page load runs
 * at the same time over the same database, so the figure says what checkout traffic costs the
 * catalogue. First the book page alone is measured for a baseline, then both together.
 *
 * Run: `npm run bench:payments -w bench` (BENCH_SECONDS=20, BENCH_CONNECTIONS=20, BENCH_BOOKS=500;
 * `--no-build` reuses services/api/dist).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { seedDemoData } from '@mechabrim/demo-data';
import { getFreePort, startTestRedis, waitForPort } from '@mechabrim/testing';
import { summarizeLatencies, type LatencySummary } from './support/latency';
import { stopChild } from './support/process';

const root = path.resolve(__dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BOOKS = Number(process.env.BENCH_BOOKS ?? 500);
const BUYERS = CONNECTIONS;

interface Figures extends LatencySummary {
  rps: number;
  non2xx: number;
  errors: number;
}

/** One autocannon load; every response's latency is kept for exact percentiles. */
async function load(
  base: string,
  request: () => {
    method: 'GET' | 'POST';
    path: string;
    headers?: Record<string, string>;
    body?: string;
  },
): Promise<Figures> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    pipelining: 1,
    requests: [
      {
        setupRequest: (req) => {
          const next = request();
          return { ...req, ...next, headers: { ...req.headers, ...next.headers } };
        },
      },
    ],
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return {
    ...summarizeLatencies(latencies),
    rps: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (label: string, f: Figures) =>
  `${label.padEnd(34)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  non-2xx ${f.non2xx}  errors ${f.errors}`;

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
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error('API build failed');
  }
  const children: ChildProcess[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payments-bench-'));
  const redis = await startTestRedis();
  try {
    const mongoPort = await getFreePort();
    children.push(
      spawn(
        process.execPath,
        [
          path.join(root, 'node_modules/tsx/dist/cli.mjs'),
          'tools/embedded-mongo/src/cli.ts',
          '--host',
          '127.0.0.1',
          '--port',
          String(mongoPort),
        ],
        { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
      ),
    );
    await waitForPort(mongoPort, '127.0.0.1', 30_000);
    const mongoUri = `mongodb://127.0.0.1:${mongoPort}/bench`;
    await seedDemoData(mongoUri, { books: BOOKS, reset: true, covers: false, dataDir });

    const apiPort = await getFreePort();
    children.push(
      spawn(process.execPath, [apiMain], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          JWT_SECRET: 'bench-secret-bench-secret',
          API_PORT: String(apiPort),
          API_HOST: '127.0.0.1',
          MONGODB_URI: mongoUri,
          REDIS_URL: redis.url,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          // The buyers register from one machine: each through its own forwarded address.
          TRUST_PROXY: 'loopback',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
    await waitForPort(apiPort, '127.0.0.1', 30_000);
    const base = `http://127.0.0.1:${apiPort}`;
    let books: { _id: string }[] = [];
    for (let i = 0; i < 60 && books.length === 0; i += 1) {
      const page = await fetch(`${base}/api/books?limit=40`).catch(() => undefined);
      if (page?.status === 200) books = ((await page.json()) as { books: { _id: string }[] }).books;
      else await new Promise((r) => setTimeout(r, 250));
    }
    if (books.length < 3) throw new Error('the API did not answer the catalogue');

    const tokens: string[] = [];
    for (let i = 0; i < BUYERS; i += 1) {
      const res = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${i + 1}` },
        body: JSON.stringify({
          name: `קונה ${i + 1}`,
          email: `bench.buyer.${i + 1}@example.com`,
          password: 'Sefer#2024',
          role: 'user',
          agreeToTerms: true,
        }),
      });
      if (res.status !== 201) throw new Error(`register answered ${res.status}`);
      tokens.push(((await res.json()) as { token: string }).token);
    }

    let n = 0;
    const bookAt = (k: number) => books[k % books.length]?._id ?? '';
    const createRequest = () => {
      const k = n++;
      const items = [
        { id: bookAt(k), quantity: 1 + (k % 3) },
        { id: bookAt(k + 7), quantity: 1 },
        ...(k % 2 ? [{ id: bookAt(k + 13), quantity: 2 }] : []),
      ];
      return {
        method: 'POST' as const,
        path: '/api/payments/create',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokens[k % tokens.length] ?? ''}`,
          'idempotency-key': `bench-${process.pid}-${k}`,
        },
        body: JSON.stringify({
          items,
          client: {
            first_name: 'דנה',
            last_name: 'לוי',
            phone: '050-1234567',
            email: 'dana@example.com',
            address: 'הרצל 12',
            city: 'תל אביב',
            zip: '6100000',
          },
          shipping_method: k % 4 === 0 ? 'express' : 'standard',
          shipping_region: 'israel-centre',
        }),
      };
    };
    let m = 0;
    const bookRequest = () => ({ method: 'GET' as const, path: `/api/books/${bookAt(m++ * 11)}` });

    const alone = await load(base, bookRequest);
    const [creates, beside] = await Promise.all([
      load(base, createRequest),
      load(base, bookRequest),
    ]);
    console.log(`payments-create bench: ${SECONDS} s per load, ${CONNECTIONS} connections each`);
    console.log(line('GET /api/books/:id alone', alone));
    console.log(line('POST /api/payments/create', creates));
    console.log(line('GET /api/books/:id beside creates', beside));
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    await redis.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
