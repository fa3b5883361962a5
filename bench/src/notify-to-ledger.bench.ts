/**
 * Benchmark (issue 11): end-to-end time from a payment's notify to the order's ledger entries,
 * through the real parts — the built API (the simulator's signed notify, the paid status and the
 * outbox rows in one transaction, the outbox relay), Redis and BullMQ, and the built worker's
 * order split — started by `startStack()` as `npm start` runs them. Beside it, in the same run on
 * the same Redis, a no-op BullMQ job's enqueue → done: the floor any queued work pays.
 *
 * Each order's times come from the database: `paidAt` (written by the notify), the `order-splits`
 * job's enqueue time, and the first ledger entry's `createdAt`, so client-side timing plays no part.
 *
 * Run: `npm run bench:notify-to-ledger -w bench` (BENCH_ORDERS=300, BENCH_BUYERS=10 paying at
 * once). Expects the services built (`npm test` builds them); `--build` builds first.
 */
import { ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';
import { startStack } from '@mechabrim/launcher';
import { payInFrame } from '@mechabrim/payment-simulator';
import { Queue, Worker } from 'bullmq';
import mongoose, { Types } from 'mongoose';
import { summarizeLatencies, type LatencySummary } from './support/latency';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 10);
const APPROVED_CARD = '4580458045804580';
const BUYER = {
  first_name: 'דנה',
  last_name: 'לוי',
  phone: '050-1234567',
  email: DEMO_ACCOUNTS.reader.email,
  address: 'הרצל 12',
  city: 'תל אביב',
  zip: '6100000',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const row = (label: string, f: LatencySummary) =>
  `  ${label.padEnd(40)} p50 ${f.p50.toFixed(0).padStart(5)} ms  p95 ${f.p95.toFixed(0).padStart(5)} ms  p99 ${f.p99.toFixed(0).padStart(5)} ms  max ${f.max.toFixed(0).padStart(5)} ms  (${f.count})`;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok)
    throw new Error(`${response.url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The floor: a no-op job's enqueue → done on the same Redis, one at a time like the orders. */
async function noOpFloor(redisUrl: string): Promise<LatencySummary> {
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue('bench-no-op', { connection });
  const worker = new Worker('bench-no-op', () => Promise.resolve(true), { connection });
  await worker.waitUntilReady();
  const samples: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const started = Date.now();
    const done = new Promise<void>((resolve) => worker.once('completed', () => resolve()));
    await queue.add('noop', { i });
    await done;
    samples.push(Date.now() - started);
  }
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  return summarizeLatencies(samples);
}

async function main(): Promise<void> {
  const stack = await startStack({ build: process.argv.includes('--build') });
  const db = await mongoose.createConnection(stack.mongoUri).asPromise();
  const splits = new Queue(ORDER_QUEUE_NAMES.orderSplits, {
    connection: { url: stack.redisUrl, maxRetriesPerRequest: null },
  });
  try {
    const api = stack.urls.api;
    const { token } = await json<{ token: string }>(
      await fetch(`${api}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: DEMO_ACCOUNTS.reader.email,
          password: DEMO_ACCOUNTS.reader.password,
        }),
      }),
    );
    const { books } = await json<{ books: { _id: string }[] }>(
      await fetch(`${api}/api/books?limit=20&sort=sales`),
    );
    if (books.length < 5) throw new Error('the demo catalogue did not answer');

    const orderIds: string[] = [];
    let next = 0;
    const buyer = async () => {
      for (let i = next++; i < ORDERS; i = next++) {
        const lines = 1 + (i % 5);
        const created = await json<{
          order_id: string;
          payment_url: string;
          form_data: Record<string, string>;
        }>(
          await fetch(`${api}/api/payments/create`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${token}`,
              'idempotency-key': `bench-notify-${Date.now()}-${i}`,
            },
            body: JSON.stringify({
              items: Array.from({ length: lines }, (_, j) => ({
                id: books[(i + j) % books.length]?._id,
                quantity: 1 + (j % 2),
              })),
              client: BUYER,
              shipping_method: 'standard',
              shipping_region: 'israel-centre',
            }),
          }),
        );
        await payInFrame(created.payment_url, created.form_data, { ccno: APPROVED_CARD });
        orderIds.push(created.order_id);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: BUYERS }, buyer));
    const paySeconds = (Date.now() - started) / 1000;

    // Wait until every paid order has its ledger entries (or give up after three minutes).
    const ids = orderIds.map((id) => new Types.ObjectId(id));
    const ledger = db.collection('ledger');
    for (let waited = 0; waited < 180_000; waited += 100) {
      const split = (await ledger.distinct('orderId', { orderId: { $in: ids } })).length;
      if (split === ids.length) break;
      await sleep(100);
    }
    const orders = await db
      .collection('orders')
      .find({ _id: { $in: ids } }, { projection: { paidAt: 1 } })
      .toArray();
    const firstEntries = await ledger
      .aggregate<{ _id: Types.ObjectId; at: Date }>([
        { $match: { orderId: { $in: ids } } },
        { $group: { _id: '$orderId', at: { $min: '$createdAt' } } },
      ])
      .toArray();
    const entryAt = new Map(firstEntries.map((e) => [e._id.toHexString(), e.at.getTime()]));
    const toLedger: number[] = [];
    const toQueue: number[] = [];
    const queueToLedger: number[] = [];
    const jobs = await splits.getJobs(['completed'], 0, -1);
    const enqueuedAt = new Map(jobs.map((job) => [String(job.data.orderId), job.timestamp]));
    let missing = 0;
    for (const order of orders) {
      const id = order._id.toHexString();
      const paidAt = (order.paidAt as Date | null)?.getTime();
      const ledgerAt = entryAt.get(id);
      const queuedAt = enqueuedAt.get(id);
      if (paidAt === undefined || ledgerAt === undefined) {
        missing += 1;
        continue;
      }
      toLedger.push(ledgerAt - paidAt);
      if (queuedAt !== undefined) {
        toQueue.push(queuedAt - paidAt);
        queueToLedger.push(ledgerAt - queuedAt);
      }
    }
    const floor = await noOpFloor(stack.redisUrl);

    console.log(
      `\n${orderIds.length} orders of 1–5 lines paid through the simulator by ${BUYERS} buyers at once (${(orderIds.length / paySeconds).toFixed(0)} paid orders/s):`,
    );
    console.log(row('notify committed → ledger written', summarizeLatencies(toLedger)));
    console.log(row('  of which notify → job enqueued', summarizeLatencies(toQueue)));
    console.log(row('  of which job enqueued → ledger', summarizeLatencies(queueToLedger)));
    console.log(row('baseline: no-op BullMQ job enqueue → done', floor));
    if (missing > 0) {
      console.log(`  ${missing} orders had no ledger entries after three minutes`);
      process.exitCode = 1;
    }
  } finally {
    await splits.close();
    await db.close();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
