/**
 * Benchmark (issue 23): the monthly payout run for 5,000 authors over a ledger of 200,000
 * entries, by the built worker (`services/worker/dist/main.js`, its own process, as production
 * runs it, against the embedded MongoDB and a real redis-server), beside the order split's
 * per-order cost measured by the same worker in the same run (the `bench:order-splits` round,
 * smaller). The run is the schedule's job on the `payout-runs` queue: the bonuses, each author's
 * decision and payout, the community fund and the Masav file; then every author's statement (a PDF
 * each, and its mail queued), drawn by the `payout-statements` jobs. Two figures: the run done
 * (the money and the bank file), and every statement drawn and mailed.
 *
 * The ledger is a realistic mix (see `seedAuthors` in support/payout-run-seed.ts): sales, refunds, returns, the print
 * partner's charges, institutions' orders, over 14 months; authors under the minimum (rolled
 * over), with details under review or none (held), private persons (tax withheld). Reported, not
 * asserted in a test (the exit code is 1 when one fails): each author's payouts plus their open
 * balance equal their ledger to the agora and the run's totals; every Masav record is 128
 * characters; and a second start of the job, then the run resumed from its first step, move
 * nothing (ledger, payouts, allocations, bank file bytes, statements, mails).
 *
 * Run: `npm run bench:payout-run -w bench -- --no-build` (`--no-build` reuses
 * services/worker/dist). Size: `--authors 500` (or BENCH_AUTHORS; 5,000), `--entries N`
 * (BENCH_LEDGER_ENTRIES; 36 sale entries an author, about 200,000 entries in all with the
 * refunds, returns and charges), `--orders N` (BENCH_ORDERS; the baseline's, 2,000).
 * BENCH_WORKER=<main.js> runs another build of the worker (before/after); BENCH_PROFILE=<dir>
 * writes the worker's CPU profile there.
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
import mongoose, { Types } from 'mongoose';
import {
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  OUTBOX_MODEL,
  registerCatalogueModels,
} from '@mechabrim/db';
import { payoutPeriodOf } from '@mechabrim/money';
import { stopChild } from './support/process';
import { jobDone, moneySnapshot } from './support/payout-run-checks';
import { seedAuthors } from './support/payout-run-seed';
import { seedOrders } from './support/seed-orders';

const root = path.resolve(__dirname, '../..');
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

/** A whole-number option, `--name N` on the command line, else the environment's, else `fallback`. */
function option(name: string, env: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? process.argv[at + 1] : process.env[env];
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a whole number`);
  return n;
}

async function main() {
  const AUTHORS = option('authors', 'BENCH_AUTHORS', 5_000);
  const ENTRIES = option('entries', 'BENCH_LEDGER_ENTRIES', AUTHORS * 36);
  const ORDERS = option('orders', 'BENCH_ORDERS', Math.min(2_000, AUTHORS));
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
  const loadAtStart = os.loadavg()[0] ?? 0;
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
    [
      // BENCH_PROFILE=<folder>: the worker's CPU profiles (its threads' too) are written there.
      ...(process.env.BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
        : []),
      // BENCH_WORKER=<main.js>: another build of the worker (a before/after comparison).
      path.resolve(process.env.BENCH_WORKER ?? path.join(root, 'services/worker/dist/main.js')),
    ],
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
    const seeding = Date.now();
    await seedAuthors(db, KEY, period.end, AUTHORS, ENTRIES);
    const entries = await db.collection('ledger').countDocuments();
    console.log(
      `seeded ${AUTHORS} authors, ${entries} ledger entries in ${((Date.now() - seeding) / 1000).toFixed(0)} s`,
    );
    cpu = cpuMsOf(worker.pid);
    const mongoCpu = process.cpuUsage();
    started = Date.now();
    await runs.add(PAYOUT_RUN_JOB, {}, { ...PAYOUT_RUN_JOB_OPTIONS, jobId: 'bench-payout-run' });
    const run = await until(
      'the payout run',
      async () =>
        (await db.collection('payout_runs').findOne({ period: period.month, status: 'done' })) ??
        undefined,
      7_200_000,
      250,
    ).catch(async (error: unknown) => {
      const job = await runs.getJob('bench-payout-run');
      throw new Error(`${String(error)}; job: ${job?.failedReason ?? 'not failed'}`);
    });
    const runSeconds = (Date.now() - started) / 1000;
    const runCpu = cpuMsOf(worker.pid) - cpu;
    // The statements: drawn in the run or after it; the run's figure counts them all drawn.
    const runId = run._id;
    const payoutCount = await db.collection('payouts').countDocuments({ runId });
    const drawnAtDone = await db
      .collection('payouts')
      .countDocuments({ runId, statementFileKey: { $ne: null } });
    console.log(
      `run done in ${runSeconds.toFixed(1)} s (${payoutCount} payouts, ${drawnAtDone} statements drawn by then); drawing the rest…`,
    );
    await until(
      'every statement drawn and mailed',
      async () =>
        (await db.collection('payouts').countDocuments({
          runId,
          $or: [{ statementFileKey: null }, { statementMailedAt: null }],
        })) === 0
          ? true
          : undefined,
      7_200_000,
      500,
    );
    const seconds = (Date.now() - started) / 1000;
    const totalCpu = cpuMsOf(worker.pid) - cpu;
    const mongoUsage = process.cpuUsage(mongoCpu);
    const [loadDuring] = os.loadavg();

    // 3. The figures, and exactly once to the agora.
    const totals = run.totals as {
      paidCount: number;
      grossAgorot: number;
      heldCount: number;
      heldAgorot: number;
      carriedCount: number;
      carriedAgorot: number;
      netAgorot: number;
    };
    const perAuthor = await db
      .collection('ledger')
      .aggregate<{ _id: Types.ObjectId; earned: number; paid: number }>([
        { $match: { party: 'author' } },
        {
          $group: {
            _id: '$authorId',
            earned: { $sum: { $cond: [{ $eq: ['$kind', 'payout'] }, 0, '$amountAgorot'] } },
            paid: { $sum: { $cond: [{ $eq: ['$kind', 'payout'] }, '$amountAgorot', 0] } },
          },
        },
      ])
      .toArray();
    const rows = await db
      .collection('payouts')
      .find({ runId })
      .project<{
        authorId: Types.ObjectId;
        status: string;
        grossAgorot: number;
        statement: { balanceAgorot: number };
      }>({
        authorId: 1,
        status: 1,
        grossAgorot: 1,
        'statement.balanceAgorot': 1,
      })
      .toArray();
    const rowOf = new Map(rows.map((row) => [row.authorId.toHexString(), row]));
    const problems: string[] = [];
    let earnedAll = 0;
    let grossPaid = 0;
    let heldOpen = 0;
    let carriedOpen = 0;
    let carriedAuthors = 0;
    for (const author of perAuthor) {
      const open = author.earned + author.paid;
      const row = rowOf.get(author._id.toHexString());
      earnedAll += author.earned;
      if (!row) {
        carriedOpen += open;
        if (open > 0) carriedAuthors += 1;
        if (open >= 10_000) problems.push(`${author._id.toHexString()}: ${open} open, not paid`);
      } else if (row.status === 'held') {
        heldOpen += open;
        if (open !== row.statement.balanceAgorot)
          problems.push(
            `${author._id.toHexString()}: held ${row.statement.balanceAgorot}, open ${open}`,
          );
      } else {
        grossPaid += row.grossAgorot;
        if (open !== 0 || -author.paid !== row.grossAgorot)
          problems.push(
            `${author._id.toHexString()}: paid ${row.grossAgorot}, ledger ${-author.paid}, open ${open}`,
          );
      }
    }
    const paidRows = rows.filter((row) => row.status !== 'held').length;
    const heldRows = rows.length - paidRows;
    if (grossPaid !== totals.grossAgorot)
      problems.push(`gross ${grossPaid} ≠ totals ${totals.grossAgorot}`);
    if (heldOpen !== totals.heldAgorot)
      problems.push(`held ${heldOpen} ≠ totals ${totals.heldAgorot}`);
    if (carriedOpen !== totals.carriedAgorot)
      problems.push(`carried ${carriedOpen} ≠ totals ${totals.carriedAgorot}`);
    if (rows.length !== new Set(rows.map((row) => row.authorId.toHexString())).size)
      problems.push('an author has two payouts');
    const reconciles = earnedAll === grossPaid + heldOpen + carriedOpen;
    const bonuses = await db
      .collection('ledger')
      .countDocuments({ kind: 'bonus', party: 'author' });
    const before = await moneySnapshot(db, dataDir, runId);
    const masav = before.batch
      ? readFileSync(path.join(dataDir, before.batch.fileKey))
      : Buffer.alloc(0);
    const records = masav
      .toString('latin1')
      .split('\r\n')
      .filter((record) => record.length > 0);
    const badRecords = records.filter((record) => record.length !== 128).length;

    // 4. A second start of the schedule's job (the run is done), then the run resumed as if it
    // had crashed before its end (every step again): neither may move anything.
    await runs.add(
      PAYOUT_RUN_JOB,
      {},
      { ...PAYOUT_RUN_JOB_OPTIONS, jobId: 'bench-payout-run-again' },
    );
    await jobDone(runs, 'bench-payout-run-again', 600_000);
    await db.collection('payout_runs').updateOne({ _id: runId }, { $set: { status: 'running' } });
    const resumeStarted = Date.now();
    await runs.add(
      PAYOUT_RUN_JOB,
      { runId: runId.toHexString() },
      { ...PAYOUT_RUN_JOB_OPTIONS, jobId: 'bench-payout-run-resumed' },
    );
    await jobDone(runs, 'bench-payout-run-resumed', 7_200_000);
    const resumeSeconds = (Date.now() - resumeStarted) / 1000;
    const after = await moneySnapshot(db, dataDir, runId);
    const moved = Object.entries(before)
      .filter(
        ([key, value]) =>
          JSON.stringify(value) !== JSON.stringify(after[key as keyof typeof after]),
      )
      .map(([key]) => key);

    const [loadEnd] = os.loadavg();
    console.log(
      `\npayout run: ${AUTHORS} authors, ${entries} ledger entries (${bonuses} bonuses booked by the run)`,
    );
    console.log(
      `  order split (baseline, ${ORDERS} orders)    ${split.msPerOrder.toFixed(2)} ms/order   CPU ${split.cpuPerOrder.toFixed(2)} ms/order`,
    );
    console.log(
      `  payouts + bank file (run done)      ${runSeconds.toFixed(1)} s   ${((runSeconds * 1000) / AUTHORS).toFixed(2)} ms/author   worker CPU ${(runCpu / AUTHORS).toFixed(2)} ms/author`,
    );
    console.log(
      `  whole, statements drawn and mailed  ${seconds.toFixed(1)} s   ${((seconds * 1000) / AUTHORS).toFixed(2)} ms/author   worker CPU ${(totalCpu / AUTHORS).toFixed(2)} ms/author, MongoDB (embedded) CPU ${((mongoUsage.user + mongoUsage.system) / 1000 / AUTHORS).toFixed(2)} ms/author`,
    );
    console.log(
      `  → one author's payout, statement included, costs ${((seconds * 1000) / AUTHORS / split.msPerOrder).toFixed(1)} orders' splits`,
    );
    console.log(
      `  authors: ${totals.paidCount} paid (${paidRows} rows), ${totals.carriedCount} rolled over (${carriedAuthors}), ${totals.heldCount} held (${heldRows}); ${before.statements} statements written, ${before.mailed} mailed of ${payoutCount}`,
    );
    console.log(
      `  Masav file: ${masav.length} bytes, ${records.length} records (${before.batch?.credits ?? 0} credits)${badRecords ? `, ${badRecords} NOT 128 characters` : ', each 128 characters'}`,
    );
    console.log(
      `  ledger ${reconciles && !problems.length ? 'reconciles' : 'DOES NOT reconcile'}: earned ${earnedAll} = paid ${grossPaid} + held ${heldOpen} + carried ${carriedOpen} agorot${problems.length ? `; ${problems.length} problems, e.g. ${problems.slice(0, 3).join('; ')}` : ''}`,
    );
    console.log(
      `  second run: ${moved.length ? `MOVED ${moved.join(', ')}` : 'moved nothing'} (the done run again, then resumed from the start in ${resumeSeconds.toFixed(1)} s)`,
    );
    console.log(
      `Load average: ${loadAtStart.toFixed(1)} at the start, ${loadDuring?.toFixed(1)} after the run, ${loadEnd?.toFixed(1)} at the end, on ${os.cpus().length} cores.`,
    );
    if (!reconciles || problems.length || moved.length || badRecords) process.exitCode = 1;
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
