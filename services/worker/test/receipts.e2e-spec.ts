import { ORDER_JOB_NAME, ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import {
  startTestMongo,
  startTestRedis,
  type TestMongo,
  type TestRedis,
  until,
} from '@mechabrim/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import mongoose, { type Connection } from 'mongoose';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createWorkerApp } from '../src/app.factory';
import { loadWorkerConfig } from '../src/config/worker-config';
import { paidOrderFixture } from '../src/receipts/receipt-fixture';

const run = promisify(execFile);

let mongo: TestMongo;
let redis: TestRedis;
let db: Connection;
let dataDir: string;
let worker: NestFastifyApplication;
let queue: Queue;

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  db = await mongoose.createConnection(mongo.uri).asPromise();
  dataDir = await mkdtemp(path.join(tmpdir(), 'receipts-e2e-'));
  const config = loadWorkerConfig({
    NODE_ENV: 'test',
    MONGODB_URI: mongo.uri,
    REDIS_URL: redis.url,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WORKER_PORT: '0',
    WORKER_CONCURRENCY: '5',
    DATA_DIR: dataDir,
  });
  worker = await createWorkerApp(config);
  queue = new Queue(ORDER_QUEUE_NAMES.receipts, { connection: { url: redis.url } });
});

afterAll(async () => {
  await queue?.close();
  await worker?.close();
  await db?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
  await rm(dataDir, { recursive: true, force: true });
});

const receipts = () =>
  db.collection<{ orderId: mongoose.Types.ObjectId; number: number; fileKey: string }>('receipts');

async function paidOrders(count: number): Promise<string[]> {
  const orders = Array.from({ length: count }, (_, index) =>
    paidOrderFixture({ name: `קונה ${index + 1}` }),
  );
  await db.collection('orders').insertMany(orders);
  return orders.map((order) => order._id.toHexString());
}

async function waitForJob(jobId: string): Promise<unknown> {
  return until(
    `job ${jobId}`,
    async () => {
      const state = await queue.getJobState(jobId);
      if (state === 'failed')
        throw new Error(`job ${jobId} failed: ${(await queue.getJob(jobId))?.failedReason}`);
      if (state !== 'completed') return undefined;
      return (await queue.getJob(jobId))?.returnvalue as unknown;
    },
    60_000,
  );
}

describe('receipts queue (embedded MongoDB, real redis-server)', () => {
  it("issues a paid order's receipt PDF as number 1, and a retried job reuses it", async () => {
    const [orderId] = await paidOrders(1);
    await queue.add(ORDER_JOB_NAME, { orderId }, { jobId: 'outbox-first' });
    expect(await waitForJob('outbox-first')).toEqual({ orderId, number: 1, created: true });

    const stored = await receipts().findOne({ orderId: new mongoose.Types.ObjectId(orderId) });
    expect(stored).toMatchObject({
      number: 1,
      provider: 'local',
      status: 'issued',
      fileKey: 'receipts/1.pdf',
      totalAgorot: 32840,
      // 18 % (paid on 24 November 2026): 328.40 × 18/118 = 50.09.
      vatAgorot: 5009,
    });
    const file = path.join(dataDir, 'receipts', '1.pdf');
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    // pdftotext wraps the number in embedding marks; the name reads in logical order around them.
    expect(stdout.replace(/[\u202a-\u202e]/g, '')).toMatch(/לכבוד\s*:\s*קונה\s*1/);

    // The relay dispatching the same order again (another outbox row) issues nothing new.
    await queue.add(ORDER_JOB_NAME, { orderId }, { jobId: 'outbox-again' });
    expect(await waitForJob('outbox-again')).toEqual({ orderId, number: 1, created: false });
    expect(await receipts().countDocuments()).toBe(1);
  });

  it('numbers 50 orders processed five at a time 2..51 with no gap and no repeat', async () => {
    const orderIds = await paidOrders(50);
    await queue.addBulk(
      orderIds.map((orderId) => ({
        name: ORDER_JOB_NAME,
        data: { orderId },
        opts: { jobId: `outbox-${orderId}` },
      })),
    );
    await Promise.all(orderIds.map((orderId) => waitForJob(`outbox-${orderId}`)));
    const numbers = (await receipts().find().toArray())
      .map((receipt) => receipt.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 51 }, (_, index) => index + 1));
    expect(
      await db.collection('receipt_counters').findOne({ _id: 'invoice-receipt' as never }),
    ).toMatchObject({ seq: 51 });
  });

  it('a job that fails writing the PDF keeps its number for the retry: no gap, no repeat', async () => {
    // A file where the receipts folder should be: the local store cannot write (a real disk fault).
    const folder = path.join(dataDir, 'receipts');
    await rm(folder, { recursive: true, force: true });
    await writeFile(folder, 'not a folder');
    const [orderId] = await paidOrders(1);
    await queue.add(
      ORDER_JOB_NAME,
      { orderId },
      { jobId: 'outbox-disk-fault', attempts: 20, backoff: { type: 'fixed', delay: 300 } },
    );
    const failedOnce = await until('a failed try', async () => {
      const job = await queue.getJob('outbox-disk-fault');
      return job && job.attemptsMade >= 1 ? job : undefined;
    });
    expect(failedOnce.failedReason).toMatch(/EEXIST|ENOTDIR/);
    expect(
      await receipts().findOne({ orderId: new mongoose.Types.ObjectId(orderId) }),
    ).toMatchObject({ number: 52, status: 'issuing' });

    await rm(folder, { force: true });
    expect(await waitForJob('outbox-disk-fault')).toEqual({ orderId, number: 52, created: true });
    expect(
      await receipts().findOne({ orderId: new mongoose.Types.ObjectId(orderId) }),
    ).toMatchObject({ number: 52, status: 'issued', fileKey: 'receipts/52.pdf' });
    expect((await readFile(path.join(folder, '52.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('fails an unpaid order without retries and without using a number', async () => {
    const [orderId] = await paidOrders(1);
    await db
      .collection('orders')
      .updateOne(
        { _id: new mongoose.Types.ObjectId(orderId) },
        { $set: { status: 'pending_payment', paidAt: null } },
      );
    await queue.add(ORDER_JOB_NAME, { orderId }, { jobId: 'outbox-unpaid', attempts: 3 });
    const job = await until(
      'the unpaid order to fail',
      async () => {
        const failed = await queue.getJob('outbox-unpaid');
        return failed && (await failed.isFailed()) ? failed : undefined;
      },
      30_000,
    );
    // Failed with three attempts allowed: not retried, since retrying cannot make it paid.
    expect(job.failedReason).toMatch(/not paid/);
    expect(
      await db.collection('receipt_counters').findOne({ _id: 'invoice-receipt' as never }),
    ).toMatchObject({ seq: 52 });
  });
});
