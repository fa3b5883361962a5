/**
 * Benchmark (issue 11): order-split throughput — 10,000 paid orders of 1–5 lines each, split by
 * the built worker (`services/worker/dist/main.js`, its own process, as production runs it) into
 * the ledger, at two concurrency settings (each round's value is both `WORKER_CONCURRENCY` and
 * `SPLIT_CONCURRENCY`), beside a no-op BullMQ job at the same concurrency on the
 * same Redis in the same run. Each round counts the ledger at the end: every order's entries
 * exactly once (author, community and platform per line), every order claimed, and the books'
 * sales counts (the `book-sales` counts that follow) equal to the copies sold, or the run fails.
 * MongoDB has every index of the orders, ledger, outbox and books, as in production.
 *
 * Run: `npm run bench:order-splits -w bench` (BENCH_ORDERS=10000, BENCH_CONCURRENCY="16,32", 32
 * being `SPLIT_CONCURRENCY`'s default; `--no-build` reuses services/worker/dist). Target:
 * ≥ 300 orders/s with zero duplicates.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORDER_JOB_NAME, ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import {
  getFreePort,
  until,
  startTestMongo,
  startTestRedis,
  type TestMongo,
  type TestRedis,
} from '@mechabrim/testing';
import { Queue, Worker, type Job } from 'bullmq';
import mongoose, { type Connection } from 'mongoose';
import {
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  OUTBOX_MODEL,
  registerCatalogueModels,
} from '@mechabrim/db';
import { summarizeLatencies } from './support/latency';
import { seedOrders } from './support/seed-orders';
import { stopChild } from './support/process';

const root = path.resolve(__dirname, '../..');
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '16,32').split(',').map(Number);
const TARGET_PER_SECOND = 300;

interface Round {
  label: string;
  seconds: number;
  perSecond: number;
  p95Ms: number;
  /** CPU ms per order: the worker process, and this one (the embedded MongoDB, Redis client). */
  cpu?: { worker: number; here: number };
}

/**
 * CPU milliseconds a process has used (user + system, from Linux's /proc at 100 ticks a second);
 * NaN elsewhere. On a shared machine the CPU an order costs is steadier than orders per second.
 */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function drain(queue: Queue, expected: number): Promise<void> {
  for (;;) {
    const counts = await queue.getJobCounts('completed', 'failed');
    if ((counts.failed ?? 0) > 0) throw new Error(`${queue.name}: ${counts.failed} jobs failed`);
    if ((counts.completed ?? 0) >= expected) return;
    await sleep(50);
  }
}

/** p95 of enqueue → done over every completed job of the queue. */
async function p95Of(queue: Queue): Promise<number> {
  const jobs: Job[] = await queue.getJobs(['completed'], 0, -1);
  return summarizeLatencies(jobs.map((job) => (job.finishedOn ?? 0) - job.timestamp)).p95;
}

async function noOpRound(redis: TestRedis, concurrency: number): Promise<Round> {
  const name = `no-op-${concurrency}`;
  const connection = { url: redis.url, maxRetriesPerRequest: null };
  const queue = new Queue(name, { connection });
  const worker = new Worker(name, async () => ({ ok: true }), { connection, concurrency });
  await worker.waitUntilReady();
  const started = Date.now();
  for (let start = 0; start < ORDERS; start += 1000) {
    await queue.addBulk(
      Array.from({ length: Math.min(1000, ORDERS - start) }, (_, k) => ({
        name: 'noop',
        data: { n: start + k },
      })),
    );
  }
  await drain(queue, ORDERS);
  const seconds = (Date.now() - started) / 1000;
  const p95Ms = await p95Of(queue);
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  return {
    label: `no-op job, concurrency ${concurrency}`,
    seconds,
    perSecond: ORDERS / seconds,
    p95Ms,
  };
}

async function splitRound(
  mongo: TestMongo,
  redis: TestRedis,
  db: Connection,
  concurrency: number,
): Promise<Round> {
  await db.collection('ledger').deleteMany({});
  await db.collection('orders').deleteMany({});
  await db.collection('books').deleteMany({});
  const ids = await seedOrders(db, ORDERS);
  const workerPort = await getFreePort();
  const worker: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'services/worker/dist/main.js')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        MONGODB_URI: mongo.uri,
        REDIS_URL: redis.url,
        WORKER_PORT: String(workerPort),
        WORKER_CONCURRENCY: String(concurrency),
        SPLIT_CONCURRENCY: String(concurrency),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const queue = new Queue(ORDER_QUEUE_NAMES.orderSplits, {
    connection: { url: redis.url, maxRetriesPerRequest: null },
  });
  try {
    await queue.obliterate({ force: true });
    // The clock starts once the worker answers its health check (its start is not the split's).
    await until(
      'the worker to start',
      async () =>
        (await fetch(`http://127.0.0.1:${workerPort}/health`).catch(() => null))?.ok
          ? true
          : undefined,
      120_000,
    );
    const cpuBefore = { here: process.cpuUsage(), worker: cpuMsOf(worker.pid) };
    const started = Date.now();
    for (let start = 0; start < ids.length; start += 1000) {
      await queue.addBulk(
        ids.slice(start, start + 1000).map((id) => ({
          name: ORDER_JOB_NAME,
          data: { orderId: id.toHexString(), paidAt: new Date().toISOString() },
          opts: { jobId: `outbox-${id.toHexString()}` },
        })),
      );
    }
    await drain(queue, ORDERS);
    const seconds = (Date.now() - started) / 1000;
    const here = process.cpuUsage(cpuBefore.here);
    const cpu = {
      worker: (cpuMsOf(worker.pid) - cpuBefore.worker) / ORDERS,
      here: (here.user + here.system) / 1000 / ORDERS,
    };
    const p95Ms = await p95Of(queue);
    // Exactly once: one entry per line and party (author, community, platform, print), the orders
    // all marked split.
    const [expected] = await db
      .collection('orders')
      .aggregate<{ lines: number }>([
        { $group: { _id: null, lines: { $sum: { $size: '$books' } } } },
      ])
      .toArray();
    const entries = await db.collection('ledger').countDocuments();
    const perLine = 4;
    if (entries !== (expected?.lines ?? 0) * perLine) {
      throw new Error(
        `ledger has ${entries} entries, expected ${(expected?.lines ?? 0) * perLine}`,
      );
    }
    // Sales counts follow the ledger: every copy counted once (by the `book-sales` counts, which
    // wait up to a second for more sales of their book).
    const [copies] = await db
      .collection('orders')
      .aggregate<{ n: number }>([
        { $unwind: '$books' },
        { $group: { _id: null, n: { $sum: '$books.quantity' } } },
      ])
      .toArray();
    const countedCopies = async () => {
      const [counted] = await db
        .collection('books')
        .aggregate<{ n: number }>([{ $group: { _id: null, n: { $sum: '$salesCount' } } }])
        .toArray();
      return counted?.n;
    };
    await until(
      'the books to count every copy sold',
      async () => ((await countedCopies()) === copies?.n ? true : undefined),
      30_000,
    ).catch(async () => {
      throw new Error(`books count ${await countedCopies()} copies sold, the orders ${copies?.n}`);
    });
    const unsplit = await db.collection('orders').countDocuments({ splitAt: null });
    if (unsplit !== 0) throw new Error(`${unsplit} orders were not split`);
    return {
      label: `order split, concurrency ${concurrency}`,
      seconds,
      perSecond: ORDERS / seconds,
      p95Ms,
      cpu,
    };
  } finally {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await stopChild(worker);
  }
}

async function main() {
  if (
    !process.argv.includes('--no-build') ||
    !existsSync(path.join(root, 'services/worker/dist/main.js'))
  ) {
    const built = spawnSync('npx', ['nx', 'run', '@mechabrim/worker:build'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the worker did not build');
  }
  const [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  const db = await mongoose.createConnection(mongo.uri).asPromise();
  registerCatalogueModels(db);
  // Every index production has: the split's writes maintain the orders', the ledger's and the
  // outbox's, the counts' the books'.
  for (const name of [ORDER_MODEL, LEDGER_ENTRY_MODEL, OUTBOX_MODEL, BOOK_MODEL]) {
    await db.model(name).syncIndexes();
  }
  const rounds: Round[] = [];
  try {
    for (const concurrency of CONCURRENCIES) {
      rounds.push(await noOpRound(redis, concurrency));
      rounds.push(await splitRound(mongo, redis, db, concurrency));
    }
  } finally {
    await db.close();
    await Promise.all([mongo.stop(), redis.stop()]);
  }
  console.log(
    `\n${ORDERS} paid orders of 1–5 lines (each round enqueues them all, then waits for the last):`,
  );
  console.log(
    '  round                              orders/s   total s   p95 enqueue→done   CPU ms/order (worker + MongoDB)',
  );
  for (const r of rounds) {
    const cpu = r.cpu ? `${r.cpu.worker.toFixed(2)} + ${r.cpu.here.toFixed(2)}` : '';
    console.log(
      `  ${r.label.padEnd(34)} ${Math.round(r.perSecond).toString().padStart(8)}  ${r.seconds.toFixed(1).padStart(8)}   ${`${Math.round(r.p95Ms)} ms`.padStart(16)}   ${cpu}`,
    );
  }
  const [load] = os.loadavg();
  console.log(`Load average at the end: ${load?.toFixed(1)} on ${os.cpus().length} cores.`);
  const best = Math.max(
    ...rounds.filter((r) => r.label.startsWith('order')).map((r) => r.perSecond),
  );
  console.log(
    `Target ≥ ${TARGET_PER_SECOND} orders/s: ${best >= TARGET_PER_SECOND ? 'met' : 'MISSED'} (best ${Math.round(best)}/s); ledger exact in every round.`,
  );
  if (best < TARGET_PER_SECOND && !process.env.BENCH_SOFT) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
