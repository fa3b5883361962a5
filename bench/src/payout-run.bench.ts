/**
 * Benchmark (issue 23): the monthly payout run for 5,000 authors over a ledger of 200,000
 * entries, by the built worker (`services/worker/dist/main.js`, its own process, as production
 * runs it), beside the order split's per-order cost measured by the same worker in the same run
 * (the `bench:order-splits` round, smaller). The run is the schedule's job on the `payout-runs`
 * queue: the bonuses, each author's decision and payout, the community fund, the Masav file and
 * every author's statement (a PDF each, and its mail queued). It must end with each author paid
 * once and the ledger exact: every paid author's entries summing to nothing.
 *
 * The ledger is written as the split writes it: per order line the author's, the community's, the
 * platform's and the print partner's entries, over 14 months (so the loyalty bonus applies), a
 * tenth of the authors above 1,000 ₪ a month, one buyer in fifty an institution; every author has
 * payout details, a third of them private persons (tax withheld).
 *
 * Run: `npm run bench:payout-run -w bench` (BENCH_AUTHORS=5000, BENCH_LEDGER_ENTRIES=200000,
 * BENCH_ORDERS=2000 for the split round; `--no-build` reuses services/worker/dist).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ORDER_JOB_NAME,
  ORDER_QUEUE_NAMES,
  PAYOUT_QUEUE_NAMES,
  PAYOUT_RUN_JOB,
  PAYOUT_RUN_JOB_OPTIONS,
} from '@mechabrim/contracts';
import { getFreePort, until, startTestMongo, startTestRedis } from '@mechabrim/testing';
import { Queue } from 'bullmq';
import mongoose, { Types, type Connection } from 'mongoose';
import {
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  OUTBOX_MODEL,
  registerCatalogueModels,
} from '@mechabrim/db';
import { payoutPeriodOf } from '@mechabrim/money';
import { seal } from '@mechabrim/server-kit';
import { stopChild } from './support/process';
import { seedOrders } from './support/seed-orders';

const root = path.resolve(__dirname, '../..');
const AUTHORS = Number(process.env.BENCH_AUTHORS ?? 5_000);
const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 200_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2_000);
const PARTIES = ['author', 'community', 'platform', 'print'] as const;
const KEY = Buffer.alloc(32, 7);

/** CPU milliseconds a process has used (user + system, Linux's /proc); NaN elsewhere. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Authors with payout details and a ledger of `ENTRIES` sale entries before `periodEnd`. */
async function seedAuthors(db: Connection, periodEnd: Date): Promise<Types.ObjectId[]> {
  const authors = Array.from({ length: AUTHORS }, () => new Types.ObjectId());
  const institution = new Types.ObjectId();
  await db.collection('users').insertMany([
    ...authors.map((_id, i) => ({
      _id,
      name: `סופר ${i}`,
      email: `author${i}@example.com`,
      passwordHash: 'x',
      role: 'author',
    })),
    {
      _id: institution,
      name: 'ספרייה',
      email: 'library@example.com',
      passwordHash: 'x',
      role: 'user',
      isInstitution: true,
    },
  ]);
  await db.collection('payout_details').insertMany(
    authors.map((user, i) => ({
      user,
      sealed: seal(
        KEY,
        JSON.stringify({
          accountHolder: 'סופרת בדיקה',
          bankCode: '12',
          branch: '571',
          account: '41116',
          taxId: '123456782',
          taxStatus: i % 3 === 0 ? 'private' : 'licensed-dealer',
        }),
        user.toHexString(),
      ),
      payoutHold: null,
    })),
  );
  const lines = Math.ceil(ENTRIES / PARTIES.length);
  const books = authors.map(() => new Types.ObjectId());
  for (let start = 0; start < lines; start += 5_000) {
    const rows = [];
    const orders = [];
    for (let line = start; line < Math.min(lines, start + 5_000); line += 1) {
      const a = line % AUTHORS;
      const price = a % 10 === 0 ? 60_000 : 6_000;
      const occurredAt = new Date(periodEnd.getTime() - ((line % 14) * 30 + 3) * 86_400_000);
      const orderId = new Types.ObjectId();
      if (line % 50 === 0) orders.push({ _id: orderId, user: { userId: institution } });
      const shares = { author: 0.6, community: 0.1, platform: 0.05, print: 0.25 };
      for (const party of PARTIES) {
        rows.push({
          orderId,
          lineIndex: 0,
          party,
          kind: 'sale',
          amountAgorot: Math.round(price * shares[party]),
          bookId: books[a],
          authorId: authors[a],
          quantity: 1,
          lineTotalAgorot: price,
          policy: 'default',
          occurredAt,
          createdAt: occurredAt,
        });
      }
    }
    await db.collection('ledger').insertMany(rows, { ordered: false });
    if (orders.length) await db.collection('orders').insertMany(orders, { ordered: false });
  }
  return authors;
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
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payout-bench-'));
  const db = await mongoose.createConnection(mongo.uri).asPromise();
  registerCatalogueModels(db);
  for (const name of [ORDER_MODEL, LEDGER_ENTRY_MODEL, OUTBOX_MODEL, BOOK_MODEL]) {
    await db.model(name).syncIndexes();
  }
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
        DATA_DIR: dataDir,
        PAYOUT_DETAILS_KEY: KEY.toString('base64'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const connection = { url: redis.url, maxRetriesPerRequest: null };
  const splits = new Queue(ORDER_QUEUE_NAMES.orderSplits, { connection });
  const runs = new Queue(PAYOUT_QUEUE_NAMES.payoutRuns, { connection });
  try {
    await until(
      'the worker to start',
      async () =>
        (await fetch(`http://127.0.0.1:${workerPort}/health`).catch(() => null))?.ok
          ? true
          : undefined,
      120_000,
    );

    // 1. The baseline: the order split's cost per order, by this worker.
    const ids = await seedOrders(db, ORDERS);
    let cpu = cpuMsOf(worker.pid);
    let started = Date.now();
    await splits.addBulk(
      ids.map((id) => ({
        name: ORDER_JOB_NAME,
        data: { orderId: id.toHexString(), paidAt: new Date().toISOString() },
        opts: { jobId: `outbox-${id.toHexString()}` },
      })),
    );
    await until(
      'the orders to be split',
      async () =>
        (await db.collection('orders').countDocuments({ splitAt: null })) === 0 ? true : undefined,
      600_000,
    );
    const split = {
      msPerOrder: (Date.now() - started) / ORDERS,
      cpuPerOrder: (cpuMsOf(worker.pid) - cpu) / ORDERS,
    };
    console.log(
      `order split (baseline, ${ORDERS} orders): ${split.msPerOrder.toFixed(2)} ms/order, CPU ${split.cpuPerOrder.toFixed(2)} ms/order`,
    );
    await Promise.all(['ledger', 'orders', 'books'].map((c) => db.collection(c).deleteMany({})));

    // 2. The payout run, as the schedule starts it.
    const period = payoutPeriodOf(new Date());
    const authors = await seedAuthors(db, period.end);
    const entries = await db.collection('ledger').countDocuments();
    cpu = cpuMsOf(worker.pid);
    started = Date.now();
    await runs.add(PAYOUT_RUN_JOB, {}, { ...PAYOUT_RUN_JOB_OPTIONS, jobId: 'bench-payout-run' });
    const run = await until(
      'the payout run',
      async () =>
        (await db.collection('payout_runs').findOne({ period: period.month, status: 'done' })) ??
        undefined,
      3_600_000,
      500,
    ).catch(async (error: unknown) => {
      const job = await runs.getJob('bench-payout-run');
      throw new Error(`${String(error)}; job: ${job?.failedReason ?? 'not failed'}`);
    });
    const seconds = (Date.now() - started) / 1000;
    const runCpu = cpuMsOf(worker.pid) - cpu;

    // Exactly once, to the agora.
    const payouts = await db.collection('payouts').countDocuments({ period: period.month });
    if (payouts !== authors.length) throw new Error(`${payouts} payouts for ${authors.length}`);
    const [open] = await db
      .collection('ledger')
      .aggregate<{ n: number }>([
        { $match: { party: 'author' } },
        { $group: { _id: '$authorId', total: { $sum: '$amountAgorot' } } },
        { $match: { total: { $ne: 0 } } },
        { $count: 'n' },
      ])
      .toArray();
    if (open?.n) throw new Error(`${open.n} paid authors' ledgers do not sum to nothing`);
    const bonuses = await db.collection('ledger').countDocuments({ kind: 'bonus' });

    const perAuthor = (seconds * 1000) / AUTHORS;
    console.log(
      `\npayout run: ${AUTHORS} authors, ${entries} ledger entries, ${bonuses} bonus entries`,
    );
    console.log(
      `  order split (baseline, ${ORDERS} orders)   ${split.msPerOrder.toFixed(2)} ms/order   CPU ${split.cpuPerOrder.toFixed(2)} ms/order`,
    );
    console.log(
      `  payout run, whole                  ${seconds.toFixed(1)} s   ${perAuthor.toFixed(2)} ms/author   CPU ${(runCpu / AUTHORS).toFixed(2)} ms/author`,
    );
    console.log(
      `  → one author's payout (statement PDF included) costs ${(perAuthor / split.msPerOrder).toFixed(1)} orders' splits`,
    );
    console.log(`  totals ${JSON.stringify(run.totals)}`);
    const [load] = os.loadavg();
    console.log(`Load average at the end: ${load?.toFixed(1)} on ${os.cpus().length} cores.`);
  } finally {
    await Promise.all([splits.close(), runs.close()]);
    await stopChild(worker);
    await db.close();
    await Promise.all([mongo.stop(), redis.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
