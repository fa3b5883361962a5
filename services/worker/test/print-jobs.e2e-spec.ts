// The print-on-demand handoff against the real parts: the embedded MongoDB, a real redis-server,
// the local print simulator over HTTP and the worker app. Each paid order reaches the printer
// once, with its books and address; a partner that keeps failing leaves the order marked for an
// admin.
import { ORDER_JOB_NAME, ORDER_QUEUE_NAMES, PRINT_BACKOFF_TYPE } from '@mechabrim/contracts';
import { registerCatalogueModels } from '@mechabrim/db';
import { startPrintSimulator, type PrintSimulator } from '@mechabrim/print-simulator';
import {
  startTestMongo,
  startTestRedis,
  until,
  type TestMongo,
  type TestRedis,
} from '@mechabrim/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import mongoose, { Types, type Connection } from 'mongoose';
import { insertBooks, insertPaidOrder } from './print-fixture';
import { startTestWorker } from './worker-app';

const KEY = 'print-e2e-key';
const SECRET = 'print-e2e-secret';

let mongo: TestMongo;
let redis: TestRedis;
let db: Connection;
let queue: Queue;
let simulator: PrintSimulator;
let worker: NestFastifyApplication;
const bookIds: Types.ObjectId[] = [];

const enqueue = (orderId: string, jobId: string, attempts = 8) =>
  queue.add(
    ORDER_JOB_NAME,
    { orderId },
    { jobId, attempts, backoff: { type: PRINT_BACKOFF_TYPE }, removeOnFail: false },
  );

const orderOf = (orderId: string) =>
  db.collection('orders').findOne({ _id: new Types.ObjectId(orderId) });
const jobsFor = (orderId: string) =>
  [...simulator.jobs.values()].filter((job) => job.external_id === orderId);

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  db = await mongoose.createConnection(mongo.uri).asPromise();
  registerCatalogueModels(db);
  simulator = await startPrintSimulator({ clientKey: KEY, clientSecret: SECRET, stepMs: 60_000 });
  queue = new Queue(ORDER_QUEUE_NAMES.printJobs, {
    connection: { url: redis.url, maxRetriesPerRequest: null },
  });
  bookIds.push(...(await insertBooks(db)));
  ({ app: worker } = await startTestWorker(
    { mongoUri: mongo.uri, redisUrl: redis.url },
    {
      PRINT_API_URL: simulator.url,
      PRINT_API_KEY: KEY,
      PRINT_API_SECRET: SECRET,
      PRINT_FILES_URL: 'https://files.mechabrim.example/api/files',
      PRINT_RETRY_BASE_MS: '40',
    },
  ));
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await queue?.close();
  await simulator?.stop();
  await db?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
});

it('hands a paid order to the printer with its books, and moves it to processing', async () => {
  const orderId = await insertPaidOrder(db, bookIds);
  await enqueue(orderId, `print-${orderId}`);
  const order = await until('the handoff', async () => {
    const found = await orderOf(orderId);
    return found?.print?.jobId ? found : undefined;
  });
  expect(order.status).toBe('processing');
  expect(order.statusHistory.map((step: { status: string }) => step.status)).toEqual([
    'paid',
    'processing',
  ]);
  const [job, ...others] = jobsFor(orderId);
  expect(others).toHaveLength(0);
  expect(String(job?.id)).toBe(order.print.jobId);
  expect(order.print).toMatchObject({
    handoffKey: `mechabrim-order-${orderId}`,
    providerStatus: 'CREATED',
    needsAttention: null,
    attempts: 1,
  });
  expect(job?.request.shipping_level).toBe('MAIL');
  expect(job?.request.line_items.map((line) => line.quantity)).toEqual([1, 2]);
  // A signed address the partner can download the file from for a while (the API checks it).
  expect(job?.request.line_items[0]?.printable_normalization.interior.source_url).toMatch(
    new RegExp(
      `^https://files\\.mechabrim\\.example/api/files/books/${String(bookIds[0])}/interior\\.pdf\\?expires=\\d+&signature=[0-9a-f]{64}$`,
    ),
  );
});

it('a retried or repeated job prints the order once', async () => {
  const orderId = await insertPaidOrder(db, bookIds.slice(0, 1));
  await enqueue(orderId, `first-${orderId}`);
  await until('the handoff', async () =>
    (await orderOf(orderId))?.print?.jobId ? true : undefined,
  );
  await enqueue(orderId, `again-${orderId}`);
  await until('the second job', async () =>
    (await queue.getJob(`again-${orderId}`))?.finishedOn ? true : undefined,
  );
  const again = await queue.getJob(`again-${orderId}`);
  expect(again?.returnvalue).toMatchObject({ outcome: 'already-handed-off' });
  expect(jobsFor(orderId)).toHaveLength(1);
});

it('keeps trying through a partner failing its first calls, and hands off once', async () => {
  const before = simulator.createCalls;
  simulator.failNext(3);
  const orderId = await insertPaidOrder(db, bookIds);
  await enqueue(orderId, `flaky-${orderId}`);
  const order = await until('the handoff after failures', async () => {
    const found = await orderOf(orderId);
    return found?.print?.jobId ? found : undefined;
  });
  expect(simulator.createCalls - before).toBe(4);
  expect(order.print.attempts).toBe(4);
  expect(order.print.lastError).toBeNull();
  expect(jobsFor(orderId)).toHaveLength(1);
});

it('after the last failed attempt the order needs attention, with the reason', async () => {
  simulator.failNext(1000);
  try {
    const orderId = await insertPaidOrder(db, bookIds);
    await enqueue(orderId, `down-${orderId}`, 3);
    const order = await until('needs attention', async () => {
      const found = await orderOf(orderId);
      return found?.print?.needsAttention ? found : undefined;
    });
    expect(order.status).toBe('paid');
    expect(order.print.jobId).toBeNull();
    expect(order.print.needsAttention.reason).toMatch(/3 ניסיונות.*503/);
    const job = await queue.getJob(`down-${orderId}`);
    expect(await job?.getState()).toBe('failed');
    expect(jobsFor(orderId)).toHaveLength(0);
  } finally {
    simulator.failNext(0);
  }
});

it('never prints a cancelled order, and marks an unprintable one at once', async () => {
  const cancelled = await insertPaidOrder(db, bookIds, 'cancelled');
  await enqueue(cancelled, `cancelled-${cancelled}`);
  const gone = await insertPaidOrder(db, [new Types.ObjectId()]);
  await enqueue(gone, `gone-${gone}`);
  await until('both jobs', async () => {
    const [a, b] = await Promise.all([
      queue.getJob(`cancelled-${cancelled}`),
      queue.getJob(`gone-${gone}`),
    ]);
    return a?.finishedOn && b?.finishedOn ? true : undefined;
  });
  expect((await queue.getJob(`cancelled-${cancelled}`))?.returnvalue).toEqual({
    outcome: 'not-printable',
    status: 'cancelled',
  });
  const unprintable = await orderOf(gone);
  expect(unprintable?.print.needsAttention.reason).toMatch(
    /אי אפשר לשלוח.*no longer in the catalogue/,
  );
  expect((await queue.getJob(`gone-${gone}`))?.attemptsMade).toBe(1);
  expect(jobsFor(cancelled)).toHaveLength(0);
  expect(jobsFor(gone)).toHaveLength(0);
});

it('an order cancelled after it was queued is not printable, and nothing reaches the printer', async () => {
  // The queue is held while the buyer cancels, so the cancellation lands before the job runs.
  await queue.pause();
  let orderId = '';
  try {
    orderId = await insertPaidOrder(db, bookIds);
    await enqueue(orderId, `late-cancel-${orderId}`);
    await db
      .collection('orders')
      .updateOne({ _id: new Types.ObjectId(orderId) }, { $set: { status: 'cancelled' } });
  } finally {
    await queue.resume();
  }
  const job = await until('the job', async () => {
    const found = await queue.getJob(`late-cancel-${orderId}`);
    return found?.finishedOn ? found : undefined;
  });
  expect(job.returnvalue).toEqual({ outcome: 'not-printable', status: 'cancelled' });
  const order = await orderOf(orderId);
  expect(order?.status).toBe('cancelled');
  expect(order?.print?.jobId ?? null).toBeNull();
  expect(jobsFor(orderId)).toHaveLength(0);
});

it("the API's cancellation claim keeps the worker from handing the order off", async () => {
  const orderId = await insertPaidOrder(db, bookIds);
  // The API holds the order's handoff while it cancels (`claimedBy: 'cancellation'`).
  await db.collection('orders').updateOne(
    { _id: new Types.ObjectId(orderId) },
    {
      $set: {
        print: {
          provider: 'print-partner',
          handoffKey: `mechabrim-order-${orderId}`,
          jobId: null,
          attempts: 0,
          parcels: [],
          claimedBy: 'cancellation',
          claimedUntil: new Date(Date.now() + 60_000),
        },
      },
    },
  );
  await enqueue(orderId, `claimed-${orderId}`);
  const job = await until('the claimed job', async () => {
    const found = await queue.getJob(`claimed-${orderId}`);
    return found?.finishedOn ? found : undefined;
  });
  expect(job.returnvalue).toEqual({ outcome: 'handoff-in-progress' });
  expect(jobsFor(orderId)).toHaveLength(0);
  const order = await orderOf(orderId);
  expect(order?.print).toMatchObject({ jobId: null, claimedBy: 'cancellation', attempts: 0 });

  // The cancellation done and its claim let go: a later job finds nothing to print.
  await db.collection('orders').updateOne(
    { _id: new Types.ObjectId(orderId) },
    {
      $set: { status: 'cancelled', 'print.claimedBy': null, 'print.claimedUntil': null },
    },
  );
  await enqueue(orderId, `after-cancel-${orderId}`);
  const after = await until('the job after the cancellation', async () => {
    const found = await queue.getJob(`after-cancel-${orderId}`);
    return found?.finishedOn ? found : undefined;
  });
  expect(after.returnvalue).toEqual({ outcome: 'not-printable', status: 'cancelled' });
  expect(jobsFor(orderId)).toHaveLength(0);
});

it("keeps the partner's actual charge, and the split books any difference from the quotes as the platform's", async () => {
  // Quotes on the books: the first was quoted 13 ₪ a copy (the partner now charges its table's
  // 9 + 120 × 0.04 = 13.80 ₪), the second as charged (8.50 + 121 × 0.04 = 13.34 ₪).
  const quote = (agorot: number, pages: number) => ({
    agorot,
    quotedAt: new Date('2026-11-01T10:00:00Z'),
    podPackageId: 'quoted',
    pages,
  });
  await db
    .collection('books')
    .updateOne({ _id: bookIds[0] }, { $set: { printCost: quote(1300, 120) } });
  await db
    .collection('books')
    .updateOne({ _id: bookIds[1] }, { $set: { printCost: quote(1334, 121) } });
  const orderId = await insertPaidOrder(db, bookIds);
  await enqueue(orderId, `charged-${orderId}`);
  const order = await until('the charge', async () => {
    const found = await orderOf(orderId);
    return found?.print?.charge ? found : undefined;
  });
  // Line 0: one copy; line 1: two copies; MAIL for three copies: 15 + 3 × 2 ₪.
  expect(order.print.charge).toMatchObject({
    lines: [1380, 2668],
    shippingAgorot: 2100,
    totalAgorot: 6148,
    currency: 'ILS',
  });
  // The handoff queued the order's split: its sales less the quotes, and the adjustment.
  const ledger = await until('the split with its adjustment', async () => {
    const rows = await db
      .collection('ledger')
      .find({ orderId: new Types.ObjectId(orderId) })
      .sort({ lineIndex: 1, kind: 1, party: 1 })
      .toArray();
    return rows.some((row) => row.kind === 'adjustment') ? rows : undefined;
  });
  const of = (line: number, kind: string, party: string) =>
    ledger.find((r) => r.lineIndex === line && r.kind === kind && r.party === party)?.amountAgorot;
  expect(of(0, 'sale', 'print')).toBe(1300);
  expect(of(1, 'sale', 'print')).toBe(2668);
  expect(of(0, 'adjustment', 'print')).toBe(80);
  expect(of(0, 'adjustment', 'platform')).toBe(-80);
  expect(ledger.filter((r) => r.kind === 'adjustment')).toHaveLength(2);
  expect(ledger.some((r) => r.kind === 'adjustment' && r.party === 'author')).toBe(false);
  // 60 ₪: author 85 % = 51 less 13 quoted.
  expect(of(0, 'sale', 'author')).toBe(3800);
});
