// Issue 11's fault tests for the money: a worker SIGKILLed in the middle of a batch of order
// splits, and two more workers on the same queue, leave the ledger exactly right — every paid
// order split once, no entry missing or doubled, every copy counted once.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ORDER_JOB_NAME, ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import { registerCatalogueModels } from '@mechabrim/db';
import {
  getFreePort,
  startTestMongo,
  startTestRedis,
  until,
  type TestMongo,
  type TestRedis,
} from '@mechabrim/testing';
import { Queue } from 'bullmq';
import mongoose, { Types, type Connection } from 'mongoose';
import { startTestWorker } from './worker-app';

const root = path.resolve(__dirname, '../../..');
const ORDERS = 300;

let mongo: TestMongo;
let redis: TestRedis;
let db: Connection;
let queue: Queue;
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
        SALES_COUNT_DELAY_MS: '100',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

const ledger = () => db.collection('ledger');
/** Orders with entries in the ledger (the split's first step; its claim, `splitAt`, comes after). */
const splitOrders = async () => (await ledger().distinct('orderId')).length;
/** Orders the split has claimed (`splitAt`): each with every entry in. */
const claimedOrders = () => db.collection('orders').countDocuments({ splitAt: { $ne: null } });

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  db = await mongoose.createConnection(mongo.uri).asPromise();
  registerCatalogueModels(db);
  await db.model('LedgerEntry').syncIndexes();
  queue = new Queue(ORDER_QUEUE_NAMES.orderSplits, {
    connection: { url: redis.url, maxRetriesPerRequest: null },
  });
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await queue?.close();
  await db?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
});

it('a worker killed mid-batch, then two workers at once: every order split exactly once', async () => {
  const author = new Types.ObjectId();
  const [bookA, bookB] = [new Types.ObjectId(), new Types.ObjectId()];
  await db.collection('books').insertMany(
    [bookA, bookB].map((_id, i) => ({
      _id,
      title: `ספר ${i}`,
      author,
      category: 'רומן',
      price: 50,
      isAvailable: true,
      salesCount: 0,
    })),
  );
  const paidAt = new Date('2026-11-20T10:00:00Z');
  const orders = Array.from({ length: ORDERS }, (_, i) => ({
    _id: new Types.ObjectId(),
    user: { userId: new Types.ObjectId(), name: 'קונה', email: `b${i}@example.com` },
    shippingAddress: { fullName: 'קונה', street: 'הרצל 1', city: 'חיפה', zip: '3100000' },
    books: [
      { book: { _id: bookA, title: 'ספר 0', author }, quantity: 2, priceAgorot: 3990 + i },
      { book: { _id: bookB, title: 'ספר 1', author }, quantity: 1, priceAgorot: 5450 },
    ],
    totalAmountAgorot: 2 * (3990 + i) + 5450,
    donationAmountAgorot: 0,
    status: 'paid',
    paidAt,
    splitAt: null,
  }));
  await db.collection('orders').insertMany(orders);

  const first = await spawnWorker();
  const exited = new Promise((resolve) => first.once('exit', resolve));
  await queue.addBulk(
    orders.map((order) => ({
      name: ORDER_JOB_NAME,
      data: { orderId: order._id.toHexString(), paidAt: paidAt.toISOString() },
      opts: { jobId: `outbox-${order._id.toHexString()}`, attempts: 5 },
    })),
  );
  await until(
    'the first worker to be mid-batch',
    async () => ((await splitOrders()) >= 20 ? true : undefined),
    60_000,
    20,
  );
  first.kill('SIGKILL');
  await exited;
  expect(await splitOrders()).toBeLessThan(ORDERS);

  // Two workers now share the queue: this one in-process and another process.
  const second = await startTestWorker({ mongoUri: mongo.uri, redisUrl: redis.url });
  await spawnWorker();
  try {
    // The jobs the killed worker held come back after their locks lapse (8 s lock, 4 s stall
    // check); the wait's deadline is what bounds it, not a clock in an assertion.
    // Split means claimed: the killed worker's orders have their entries (its first step) but
    // no claim until their jobs come back, and the books' counts follow the ledger, so neither
    // the entries nor the counts say that the split is done.
    await until(
      'every order to be split',
      async () =>
        (await claimedOrders()) === ORDERS && (await splitOrders()) === ORDERS ? true : undefined,
      60_000,
    );
    expect(await ledger().countDocuments()).toBe(ORDERS * 6);
    const [sums] = await ledger()
      .aggregate<{ total: number; community: number }>([
        {
          $group: {
            _id: null,
            total: { $sum: '$amountAgorot' },
            community: { $sum: { $cond: [{ $eq: ['$party', 'community'] }, '$amountAgorot', 0] } },
          },
        },
      ])
      .toArray();
    expect(sums?.total).toBe(orders.reduce((sum, order) => sum + order.totalAmountAgorot, 0));
    const perOrder = await ledger()
      .aggregate<{ _id: unknown; n: number }>([{ $group: { _id: '$orderId', n: { $sum: 1 } } }])
      .toArray();
    expect(perOrder.every((row) => row.n === 6)).toBe(true);
    // The books' counts follow the ledger: every copy counted once.
    const salesOf = async (book: Types.ObjectId) =>
      (await db.collection('books').findOne({ _id: book }))?.salesCount as number | undefined;
    await until('the books to count every copy', async () =>
      (await salesOf(bookA)) === ORDERS * 2 && (await salesOf(bookB)) === ORDERS ? true : undefined,
    );
    expect(await db.collection('orders').countDocuments({ splitAt: null })).toBe(0);
  } finally {
    await second.app.close();
  }
}, 120_000);
