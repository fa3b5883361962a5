// The order split's side effects (ARCHITECTURE.md decision 16): its authors' mails and its books'
// sales counts are outbox rows it hands to BullMQ itself — no API relay runs here — and a row
// handed over twice (a retry after a stop, the API's relay meeting it too) sends and counts once.
import {
  BOOK_QUEUE_NAMES,
  ORDER_JOB_NAME,
  ORDER_QUEUE_NAMES,
  outboxJob,
  outboxJobId,
} from '@mechabrim/contracts';
import { registerCatalogueModels } from '@mechabrim/db';
import {
  startTestMongo,
  startTestRedis,
  until,
  type TestMongo,
  type TestRedis,
} from '@mechabrim/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue, QueueEvents } from 'bullmq';
import mongoose, { Types, type Connection } from 'mongoose';
import { bookSoldOutboxId } from '../src/order-splits/order-split';
import { bookSalesOutboxId } from '../src/order-splits/split-effects';
import type { OrderSplitOutcome } from '../src/order-splits/split-types';
import { twoBookOrder } from './split-order-fixture';
import { startTestWorker } from './worker-app';

let mongo: TestMongo;
let redis: TestRedis;
let db: Connection;
let splits: Queue;
let events: QueueEvents;
let bookSales: Queue;
let mail: Queue;
let worker: NestFastifyApplication | undefined;

const authorId = new Types.ObjectId();
const [bookA, bookB] = [new Types.ObjectId(), new Types.ObjectId()];

/** A paid order: 2 copies of book A and 1 of book B (split-order-fixture.ts). */
const paidOrder = () => twoBookOrder(db, { authorId, bookA, bookB });

async function split(orderId: Types.ObjectId, jobId: string): Promise<OrderSplitOutcome> {
  const job = await splits.add(
    ORDER_JOB_NAME,
    { orderId: orderId.toHexString(), paidAt: '2026-11-20T10:00:00.000Z' },
    { jobId, attempts: 3 },
  );
  return (await job.waitUntilFinished(events, 20_000)) as OrderSplitOutcome;
}

/** The ids of every outbox row the order's split writes: a mail per line, a count per book. */
const rowIdsOf = (orderId: Types.ObjectId) => ({
  mails: [bookSoldOutboxId(orderId, 0), bookSoldOutboxId(orderId, 1)],
  counts: [bookSalesOutboxId(orderId, bookA), bookSalesOutboxId(orderId, bookB)],
});
const rowsOf = (ids: Types.ObjectId[]) =>
  db
    .collection('outbox')
    .find({ _id: { $in: ids } })
    .toArray();
const salesOf = async (book: Types.ObjectId) =>
  ((await db.collection('books').findOne({ _id: book }))?.salesCount as number | undefined) ?? -1;
const sentMailsOf = (orderId: Types.ObjectId) =>
  db
    .collection('mail_outbox')
    .countDocuments({ template: 'book-sold', orderId: orderId.toHexString() });
/** Waits until no count of a book is waiting or running. */
const countsDone = () =>
  until('the sales counts to finish', async () => {
    const counts = await bookSales.getJobCounts('waiting', 'delayed', 'active');
    return Object.values(counts).every((n) => n === 0) ? true : undefined;
  });

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  db = await mongoose.createConnection(mongo.uri).asPromise();
  registerCatalogueModels(db);
  await db.model('Book').syncIndexes();
  await db.model('LedgerEntry').syncIndexes();
  for (const [id, title] of [
    [bookA, 'ספר א'],
    [bookB, 'ספר ב'],
  ] as const) {
    await db.collection('books').insertOne({
      _id: id,
      title,
      author: authorId,
      authorName: 'נועה לוי',
      category: 'רומן',
      price: 50,
      isAvailable: true,
      salesCount: 0,
      ledgerCopies: 0,
    });
  }
  await db.collection('users').insertOne({
    _id: authorId,
    name: 'נועה לוי',
    email: 'noa.levi@example.com',
    role: 'author',
    passwordHash: 'not-used-here',
  });
  const connection = { url: redis.url, maxRetriesPerRequest: null };
  splits = new Queue(ORDER_QUEUE_NAMES.orderSplits, { connection });
  events = new QueueEvents(ORDER_QUEUE_NAMES.orderSplits, { connection });
  bookSales = new Queue(BOOK_QUEUE_NAMES.bookSales, { connection });
  mail = new Queue(ORDER_QUEUE_NAMES.mail, { connection });
  await events.waitUntilReady();
  worker = (await startTestWorker({ mongoUri: mongo.uri, redisUrl: redis.url })).app;
});

afterAll(async () => {
  await worker?.close();
  await events?.close();
  await Promise.all([splits?.close(), bookSales?.close(), mail?.close()]);
  await db?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
});

describe('order-splits: its mails and counts go one way, through the outbox', () => {
  it('writes a mail per line and a count per book as outbox rows and hands them over itself', async () => {
    const orderId = await paidOrder();
    await expect(split(orderId, `effects-${orderId.toHexString()}`)).resolves.toEqual({
      outcome: 'split',
      entries: 6,
    });
    const ids = rowIdsOf(orderId);
    const rows = await rowsOf([...ids.mails, ...ids.counts]);
    expect(rows.map((row) => [row.type, row.status]).sort()).toEqual([
      ['book-sales', 'dispatched'],
      ['book-sales', 'dispatched'],
      ['mail', 'dispatched'],
      ['mail', 'dispatched'],
    ]);
    expect(rows.filter((row) => row.type === 'book-sales').map((row) => row.payload)).toEqual(
      expect.arrayContaining([{ bookId: bookA.toHexString() }, { bookId: bookB.toHexString() }]),
    );
    // The mail jobs carry their rows' ids, as the API's relay would have made them.
    for (const id of ids.mails) {
      expect(await mail.getJob(outboxJobId(id.toHexString()))).toBeDefined();
    }
    await until('both authors’ mails to be sent', async () =>
      (await sentMailsOf(orderId)) === 2 ? true : undefined,
    );
    await until('the books to count the copies', async () =>
      (await salesOf(bookA)) === 2 && (await salesOf(bookB)) === 1 ? true : undefined,
    );
  });

  it('a run stopped before handing its rows over has its retry hand them over, and nothing is sent or counted twice', async () => {
    await countsDone();
    const before = { a: await salesOf(bookA), b: await salesOf(bookB) };
    const orderId = await paidOrder();
    await split(orderId, `effects-${orderId.toHexString()}`);
    await until('both authors’ mails to be sent', async () =>
      (await sentMailsOf(orderId)) === 2 ? true : undefined,
    );
    await countsDone();
    const ids = rowIdsOf(orderId);
    const all = [...ids.mails, ...ids.counts];
    // As if the run had stopped after writing its rows: none handed over.
    await db
      .collection('outbox')
      .updateMany({ _id: { $in: all } }, { $set: { status: 'pending', dispatchedAt: null } });
    await expect(split(orderId, `effects-retry-${orderId.toHexString()}`)).resolves.toEqual({
      outcome: 'already-split',
    });
    expect((await rowsOf(all)).map((row) => row.status)).toEqual(Array(4).fill('dispatched'));
    // The API's relay meeting the same count rows once more.
    const again = (await rowsOf(ids.counts)).flatMap((row) => {
      const built = outboxJob(
        { id: String(row._id), type: 'book-sales', payload: row.payload },
        { salesCountDelayMs: 0 },
      );
      return built.ok ? [built.job] : [];
    });
    expect(again).toHaveLength(2);
    await bookSales.addBulk(again);
    await countsDone();
    expect(await salesOf(bookA)).toBe(before.a + 2);
    expect(await salesOf(bookB)).toBe(before.b + 1);
    expect(await sentMailsOf(orderId)).toBe(2);
    expect(await db.collection('ledger').countDocuments({ orderId })).toBe(6);
  });
});
