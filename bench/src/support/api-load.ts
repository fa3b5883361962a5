/**
 * What the API benchmarks share: the built API started as production runs it, on the embedded
 * MongoDB (its own process) and a private Redis; and an autocannon load that keeps every
 * response's latency for exact percentiles.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getFreePort, startTestRedis, waitForPort } from '@mechabrim/testing';
import { summarizeLatencies, type LatencySummary } from './latency';
import { stopChild } from './process';

const root = path.resolve(__dirname, '../../..');

export interface LoadFigures extends LatencySummary {
  rps: number;
  non2xx: number;
  errors: number;
  /** Requests with no answer within autocannon's timeout (10 s): hung. */
  timeouts: number;
}

export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * `POST /api/payments/create` for one checkout attempt (its own idempotency key) by the buyer
 * holding `token`, with the demo buyer's details.
 */
export function paymentCreateRequest(options: {
  token: string;
  idempotencyKey: string;
  items: { id: string; quantity: number }[];
  shippingMethod?: 'standard' | 'express';
}): LoadRequest {
  return {
    method: 'POST',
    path: '/api/payments/create',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${options.token}`,
      'idempotency-key': options.idempotencyKey,
    },
    body: JSON.stringify({
      items: options.items,
      client: {
        first_name: 'דנה',
        last_name: 'לוי',
        phone: '050-1234567',
        email: 'dana@example.com',
        address: 'הרצל 12',
        city: 'תל אביב',
        zip: '6100000',
      },
      shipping_method: options.shippingMethod ?? 'standard',
      shipping_region: 'israel-centre',
    }),
  };
}

/** One autocannon load against `base`, each request made by `request()`. */
export async function loadWithLatencies(
  base: string,
  options: { connections: number; seconds: number; timeoutSeconds?: number },
  request: () => LoadRequest,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: base,
    connections: options.connections,
    duration: options.seconds,
    timeout: options.timeoutSeconds ?? 10,
    pipelining: 1,
    requests: [
      {
        setupRequest: (req) => {
          const next = request();
          return { ...req, method: 'GET', ...next, headers: { ...req.headers, ...next.headers } };
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
    timeouts: result.timeouts,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** One printed row of a load's figures. */
export const loadLine = (label: string, f: LoadFigures, width = 40) =>
  `${label.padEnd(width)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  non-2xx ${f.non2xx}  errors ${f.errors}`;

/** A bench that starts the API more than once (two catalogue sizes) builds it once. */
let builtThisRun = false;

/**
 * The payment settings a production API starts with (it refuses the simulator in production):
 * Tranzila without a handshake, so creating a payment calls nobody.
 */
export const BENCH_PRODUCTION_PAYMENTS = {
  PAYMENT_PROVIDER: 'tranzila',
  TRANZILA_TERMINAL: 'bench',
  TRANZILA_APP_KEY: 'bench-app-key',
  TRANZILA_SECRET: 'bench-tranzila-secret',
  TRANZILA_HANDSHAKE: 'false',
} as const;

export interface BenchApi {
  /** `http://127.0.0.1:<port>` of the built API. */
  base: string;
  mongoUri: string;
  dataDir: string;
  /** The API process's id (to read its memory). */
  apiPid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Builds the API (once per run) unless `--no-build` is given and a build exists, starts the embedded MongoDB,
 * lets `seed` fill it, then starts `services/api/dist/main.js` in production mode on it.
 */
export async function startBenchApi(options: {
  name: string;
  seed: (mongoUri: string, dataDir: string) => Promise<unknown>;
  env?: Record<string, string>;
}): Promise<BenchApi> {
  const apiMain = path.join(root, 'services/api/dist/main.js');
  if (!builtThisRun && (!process.argv.includes('--no-build') || !existsSync(apiMain))) {
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
    builtThisRun = true;
  }
  const children: ChildProcess[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${options.name}-bench-`));
  const redis = await startTestRedis();
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    await redis.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
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
    await options.seed(mongoUri, dataDir);

    const apiPort = await getFreePort();
    const apiChild = spawn(process.execPath, [apiMain], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        JWT_SECRET: 'bench-secret-bench-secret',
        ...BENCH_PRODUCTION_PAYMENTS,
        API_PORT: String(apiPort),
        API_HOST: '127.0.0.1',
        MONGODB_URI: mongoUri,
        REDIS_URL: redis.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(apiChild);
    await waitForPort(apiPort, '127.0.0.1', 30_000);
    return { base: `http://127.0.0.1:${apiPort}`, mongoUri, dataDir, apiPid: apiChild.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The catalogue's first books once the API answers it (it may still be connecting). */
export async function catalogueBooks(base: string, limit = 40): Promise<{ _id: string }[]> {
  let books: { _id: string }[] = [];
  for (let i = 0; i < 60 && books.length === 0; i += 1) {
    const page = await fetch(`${base}/api/books?limit=${limit}`).catch(() => undefined);
    if (page?.status === 200) books = ((await page.json()) as { books: { _id: string }[] }).books;
    else await new Promise((r) => setTimeout(r, 250));
  }
  if (books.length < 3) throw new Error('the API did not answer the catalogue');
  return books;
}
