// Issue 11's fault tests for the print handoff: two worker processes on the same queue, each
// order's job delivered twice, and a print partner failing its first calls — every paid order
// still reaches the printer exactly once. The simulator is told NOT to deduplicate by the
// idempotency key here, so only the worker's own guard (one claim per order, the job id kept on
// the order) stands between a retry and a second print run.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ORDER_JOB_NAME, ORDER_QUEUE_NAMES, PRINT_BACKOFF_TYPE } from '@mechabrim/contracts';
import { startPrintSimulator, type PrintSimulator } from '@mechabrim/print-simulator';
import {
  getFreePort,
  startTestMongo,
  startTestRedis,
  until,
  type TestMongo,
  type TestRedis,
} from '@mechabrim/testing';
import { Queue } from 'bullmq';
import mongoose, { type Connection } from 'mongoose';
import { insertBooks, insertPaidOrder } from './print-fixture';

const root = path.resolve(__dirname, '../../..');
const KEY = 'print-faults-key';
const SECRET = 'print-faults-secret';
const ORDERS = 30;
const FAILING_CALLS = 12;

let mongo: TestMongo;
let redis: TestRedis;
let db: Connection;
let queue: Queue;
let simulator: PrintSimulator;
const children: ChildProcess[] = [];

/** The real worker (`src/main.ts`) as its own process, as production runs it. */
async function spawnWorker(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '-r',
      path.join(root, 'libs/testing/swc-register.cjs'),
      path.join(root, 'services/worker/src/main.ts'),
    ],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        MONGODB_URI: mongo.uri,
        REDIS_URL: redis.url,
        WORKER_PORT: String(await getFreePort()),
        WORKER_HOST: '127.0.0.1',
        WORKER_CONCURRENCY: '4',
        LOG_LEVEL: 'warn',
        PRINT_API_URL: simulator.url,
        PRINT_API_KEY: KEY,
        PRINT_API_SECRET: SECRET,
        PRINT_RETRY_BASE_MS: '50',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  db = await mongoose.createConnection(mongo.uri).asPromise();
  simulator = await startPrintSimulator({
    clientKey: KEY,
    clientSecret: SECRET,
    stepMs: 60_000,
    failFirstCalls: FAILING_CALLS,
    idempotent: false,
  });
  queue = new Queue(ORDER_QUEUE_NAMES.printJobs, {
    connection: { url: redis.url, maxRetriesPerRequest: null },
  });
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await queue?.close();
  await simulator?.stop();
  await db?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
});

it('two workers, every job delivered twice, the partner failing its first calls: each order printed once', async () => {
  const books = await insertBooks(db);
  const orderIds: string[] = [];
  for (let i = 0; i < ORDERS; i += 1) orderIds.push(await insertPaidOrder(db, books));
  // Each order's job twice, under two ids: a relay that dispatched a row twice, a replayed notify.
  const jobs = orderIds.flatMap((orderId) =>
    ['a', 'b'].map((copy) => ({
      name: ORDER_JOB_NAME,
      data: { orderId },
      opts: {
        jobId: `${copy}-${orderId}`,
        attempts: 10,
        backoff: { type: PRINT_BACKOFF_TYPE },
        removeOnFail: false,
      },
    })),
  );
  await queue.addBulk(jobs);
  await Promise.all([spawnWorker(), spawnWorker()]);

  await until(
    'every order handed off',
    async () => {
      const handedOff = await db
        .collection('orders')
        .countDocuments({ 'print.jobId': { $type: 'string' } });
      return handedOff === ORDERS ? true : undefined;
    },
    60_000,
  );
  await until('both copies of every job finished', async () => {
    const counts = await queue.getJobCounts('completed', 'failed');
    return (counts.completed ?? 0) + (counts.failed ?? 0) === ORDERS * 2 ? counts : undefined;
  });

  // The partner was called more often than there are orders (its first calls failed)…
  expect(simulator.createCalls).toBeGreaterThanOrEqual(ORDERS + FAILING_CALLS);
  // …and printed each order exactly once.
  expect(simulator.jobs.size).toBe(ORDERS);
  for (const orderId of orderIds) {
    const printed = [...simulator.jobs.values()].filter((job) => job.external_id === orderId);
    expect(printed).toHaveLength(1);
    const order = await db
      .collection('orders')
      .findOne({ _id: new mongoose.Types.ObjectId(orderId) });
    expect(order?.print.jobId).toBe(String(printed[0]?.id));
    expect(order?.status).toBe('processing');
    expect(order?.print.needsAttention).toBeNull();
  }
  expect((await queue.getJobCounts('failed')).failed).toBe(0);
});
