import { BOOK_QUEUE_NAMES, ORDER_JOB_NAME, ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import { registerCatalogueModels, type BookModel, type LedgerEntryModel } from '@mechabrim/db';
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
import { countBookSales } from '../src/book-sales/count-book-sales';
import { backfillLedgerCopies } from '../src/book-sales/ledger-copies-backfill';
import type { OrderSplitOutcome } from '../src/order-splits/order-splits.processor';
import { twoBookOrder } from './split-order-fixture';
import { startTestWorker } from './worker-app';

let mongo: TestMongo;
let redis: TestRedis;
let db: Connection;
let queue: Queue;
let events: QueueEvents;
let bookSales: Queue;
let worker: NestFastifyApplication | undefined;

const authorId = new Types.ObjectId();
const bookA = new Types.ObjectId();
const bookB = new Types.ObjectId();

let workerUrl = '';
const startWorker = async (env: Record<string, string> = {}) => {
  const started = await startTestWorker({ mongoUri: mongo.uri, redisUrl: redis.url }, env);
  workerUrl = started.url;
  return started.app;
};

/** A paid order of 134.30 ₪ in books (split-order-fixture.ts). */
const paidOrder = (status = 'paid', shippingAgorot?: number) =>
  twoBookOrder(db, { authorId, bookA, bookB }, status, shippingAgorot);

async function split(orderId: Types.ObjectId, jobId: string): Promise<OrderSplitOutcome> {
  const job = await queue.add(
    ORDER_JOB_NAME,
    { orderId: orderId.toHexString(), paidAt: '2026-11-20T10:00:00.000Z' },
    { jobId, attempts: 3 },
  );
  return (await job.waitUntilFinished(events, 20_000)) as OrderSplitOutcome;
}

const entriesOf = (orderId: Types.ObjectId) =>
  db
    .collection('ledger')
    .find({ orderId }, { projection: { _id: 0, lineIndex: 1, party: 1, kind: 1, amountAgorot: 1 } })
    .sort({ lineIndex: 1, party: 1 })
    .toArray();
/** The 'a copy was sold' mails the split put in the outbox for the order. */
const soldMailsOf = async (orderId: Types.ObjectId) =>
  (
    await db
      .collection('outbox')
      .find({
        type: 'mail',
        'payload.template': 'book-sold',
        'payload.orderId': orderId.toHexString(),
      })
      .sort({ 'payload.earningsAgorot': -1 })
      .toArray()
  ).map((row) => row.payload as Record<string, unknown>);
const salesOf = async (book: Types.ObjectId) =>
  ((await db.collection('books').findOne({ _id: book }))?.salesCount as number | undefined) ?? -1;
/** Waits for the book's `book-sales` count to reach `copies` (it follows the split by ~0.1 s). */
const salesReach = (book: Types.ObjectId, copies: number) =>
  until(`book ${book.toHexString()} to count ${copies} copies`, async () =>
    (await salesOf(book)) === copies ? true : undefined,
  );
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
  // Each book with the print partner's quote for a copy, as the API stores it at approval.
  for (const [id, title, printCost] of [
    [bookA, 'ספר א', 1500],
    [bookB, 'ספר ב', 1200],
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
      printCost: {
        agorot: printCost,
        quotedAt: new Date('2026-11-01T10:00:00Z'),
        podPackageId: '0583X0827.BW.STD.PB.060UW444.MXX',
        pages: 200,
      },
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
  queue = new Queue(ORDER_QUEUE_NAMES.orderSplits, { connection });
  events = new QueueEvents(ORDER_QUEUE_NAMES.orderSplits, { connection });
  bookSales = new Queue(BOOK_QUEUE_NAMES.bookSales, { connection });
  await events.waitUntilReady();
  worker = await startWorker();
});

afterAll(async () => {
  await worker?.close();
  await events?.close();
  await queue?.close();
  await bookSales?.close();
  await db?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
});

describe('order-splits: the paid order to the ledger', () => {
  it('writes each line’s author, community, platform and print shares (85/10/5 less print), summing to the line', async () => {
    const orderId = await paidOrder();
    await expect(split(orderId, `outbox-${orderId.toHexString()}`)).resolves.toEqual({
      outcome: 'split',
      entries: 8,
    });
    // 2 × 39.90 = 79.80: community 7.98, platform 3.99, print 2 × 15 (the book's quote), author
    // the rest, 67.83 − 30 = 37.83.
    // 54.50: community 5.45, platform 2.73 (2.725 rounded half up), print 12, author 46.32 − 12.
    expect(await entriesOf(orderId)).toEqual([
      { lineIndex: 0, party: 'author', kind: 'sale', amountAgorot: 3783 },
      { lineIndex: 0, party: 'community', kind: 'sale', amountAgorot: 798 },
      { lineIndex: 0, party: 'platform', kind: 'sale', amountAgorot: 399 },
      { lineIndex: 0, party: 'print', kind: 'sale', amountAgorot: 3000 },
      { lineIndex: 1, party: 'author', kind: 'sale', amountAgorot: 3432 },
      { lineIndex: 1, party: 'community', kind: 'sale', amountAgorot: 545 },
      { lineIndex: 1, party: 'platform', kind: 'sale', amountAgorot: 273 },
      { lineIndex: 1, party: 'print', kind: 'sale', amountAgorot: 1200 },
    ]);
    const community = (await entriesOf(orderId)).filter((e) => e.party === 'community');
    expect(community.reduce((sum, e) => sum + (e.amountAgorot as number), 0)).toBe(1343);
    // The books' counts follow the ledger.
    await salesReach(bookA, 2);
    await salesReach(bookB, 1);
    // The author hears of each line once, with the ledger's own share.
    expect(await soldMailsOf(orderId)).toEqual([
      expect.objectContaining({
        to: 'noa.levi@example.com',
        bookTitle: 'ספר א',
        quantity: 2,
        earningsAgorot: 3783,
      }),
      expect.objectContaining({ bookTitle: 'ספר ב', quantity: 1, earningsAgorot: 3432 }),
    ]);
  });

  it('a print charge differing from the quote adds a platform adjustment only, never touching the author', async () => {
    const orderId = await paidOrder('paid', 1500);
    await split(orderId, `outbox-${orderId.toHexString()}`);
    const sold = await entriesOf(orderId);
    // The buyer's 15 ₪ shipping is the print partner's, on the first line.
    expect(sold.filter((e) => e.kind === 'shipping')).toEqual([
      { lineIndex: 0, party: 'print', kind: 'shipping', amountAgorot: 1500 },
    ]);
    // The partner charged 32 ₪ for line 0's two copies (30 quoted) and 11.50 for line 1 (12).
    await db.collection('orders').updateOne(
      { _id: orderId },
      {
        $set: {
          print: {
            provider: 'simulator',
            handoffKey: `mechabrim-order-${orderId.toHexString()}`,
            jobId: '9001',
            charge: {
              lines: [3200, 1150],
              shippingAgorot: 1900,
              totalAgorot: 6250,
              currency: 'ILS',
              at: new Date('2026-11-20T11:00:00Z'),
            },
          },
        },
      },
    );
    await expect(split(orderId, `print-charge-${orderId.toHexString()}`)).resolves.toEqual({
      outcome: 'already-split',
    });
    const adjustments = (await entriesOf(orderId)).filter((e) => e.kind === 'adjustment');
    expect(adjustments).toEqual([
      { lineIndex: 0, party: 'platform', kind: 'adjustment', amountAgorot: -200 },
      { lineIndex: 0, party: 'print', kind: 'adjustment', amountAgorot: 200 },
      { lineIndex: 1, party: 'platform', kind: 'adjustment', amountAgorot: 50 },
      { lineIndex: 1, party: 'print', kind: 'adjustment', amountAgorot: -50 },
    ]);
    // The partner's shipping, 19 ₪, is 4 ₪ more than the buyer paid: the platform's.
    expect((await entriesOf(orderId)).filter((e) => e.kind === 'shipping-adjustment')).toEqual([
      { lineIndex: 0, party: 'platform', kind: 'shipping-adjustment', amountAgorot: -400 },
      { lineIndex: 0, party: 'print', kind: 'shipping-adjustment', amountAgorot: 400 },
    ]);
    // The sale entries are as they were; each line's books still add up to its total, and the
    // order's entries to what the card was charged.
    expect(
      (await entriesOf(orderId)).filter(
        (e) => e.kind !== 'adjustment' && !e.kind.startsWith('shipping-'),
      ),
    ).toEqual(sold);
    const lineSum = async (line: number) =>
      (await entriesOf(orderId))
        .filter((e) => e.lineIndex === line && !e.kind.startsWith('shipping'))
        .reduce((sum, e) => sum + (e.amountAgorot as number), 0);
    expect(await lineSum(0)).toBe(7980);
    expect(await lineSum(1)).toBe(5450);
    const all = await entriesOf(orderId);
    expect(all.reduce((sum, e) => sum + (e.amountAgorot as number), 0)).toBe(13430 + 1500);
    expect(
      all
        .filter((e) => e.party === 'print')
        .reduce((sum, e) => sum + (e.amountAgorot as number), 0),
    ).toBe(6250);
    // Again: nothing more.
    await split(orderId, `print-charge-again-${orderId.toHexString()}`);
    expect(await entriesOf(orderId)).toHaveLength(all.length);
  });

  it('a charge known before the split is adjusted in the same write', async () => {
    const orderId = await paidOrder();
    await db.collection('orders').updateOne(
      { _id: orderId },
      {
        $set: {
          print: {
            provider: 'simulator',
            handoffKey: `mechabrim-order-${orderId.toHexString()}`,
            jobId: '9002',
            charge: {
              lines: [3000, 1300],
              shippingAgorot: 1900,
              totalAgorot: 6200,
              currency: 'ILS',
              at: new Date('2026-11-20T11:00:00Z'),
            },
          },
        },
      },
    );
    await expect(split(orderId, `print-charge-${orderId.toHexString()}`)).resolves.toEqual({
      outcome: 'split',
      entries: 12,
    });
    expect((await entriesOf(orderId)).filter((e) => e.kind === 'adjustment')).toEqual([
      { lineIndex: 1, party: 'platform', kind: 'adjustment', amountAgorot: -100 },
      { lineIndex: 1, party: 'print', kind: 'adjustment', amountAgorot: 100 },
    ]);
    // The buyer paid no shipping (no shipping entry): the partner's 19 ₪ are the platform's.
    expect((await entriesOf(orderId)).filter((e) => e.kind.startsWith('shipping'))).toEqual([
      { lineIndex: 0, party: 'platform', kind: 'shipping-adjustment', amountAgorot: -1900 },
      { lineIndex: 0, party: 'print', kind: 'shipping-adjustment', amountAgorot: 1900 },
    ]);
  });

  it('a second delivery of the same order (another job id, a retry) moves nothing', async () => {
    const orderId = await paidOrder();
    await countsDone();
    const before = { a: await salesOf(bookA), b: await salesOf(bookB) };
    await split(orderId, `outbox-first-${orderId.toHexString()}`);
    await expect(split(orderId, `outbox-again-${orderId.toHexString()}`)).resolves.toEqual({
      outcome: 'already-split',
    });
    expect(await entriesOf(orderId)).toHaveLength(8);
    expect(await soldMailsOf(orderId)).toHaveLength(2);
    await salesReach(bookA, before.a + 2);
    await salesReach(bookB, before.b + 1);
    await countsDone();
    expect(await salesOf(bookA)).toBe(before.a + 2);
  });

  it('splits jobs that arrive together in shared writes, each job with its own outcome', async () => {
    await countsDone();
    const before = { a: await salesOf(bookA), b: await salesOf(bookB) };
    const [first, second, cancelled, broken] = [
      await paidOrder(),
      await paidOrder(),
      await paidOrder('cancelled'),
      await paidOrder(),
    ] as const;
    // An order whose ledger already holds one of its entries (but is not marked split): a split
    // that stopped after part of its insert. Its other entries are written, the one there kept.
    await db.collection('ledger').insertOne({
      orderId: broken,
      lineIndex: 0,
      party: 'author',
      kind: 'sale',
      amountAgorot: 3783,
      bookId: bookA,
      authorId,
      quantity: 2,
      lineTotalAgorot: 7980,
      policy: 'community-first',
      occurredAt: new Date('2026-11-20T10:00:00Z'),
      createdAt: new Date(),
    });
    const deliveries: Array<[Types.ObjectId, string]> = [
      [first, 'a'],
      [first, 'b'], // a second delivery of the same order, at the same time
      [second, 'a'],
      [cancelled, 'a'],
      [broken, 'a'],
    ];
    const jobs = await queue.addBulk(
      deliveries.map(([orderId, copy]) => ({
        name: ORDER_JOB_NAME,
        data: { orderId: orderId.toHexString(), paidAt: '2026-11-20T10:00:00.000Z' },
        opts: { jobId: `together-${copy}-${orderId.toHexString()}`, attempts: 3 },
      })),
    );
    const outcomes = (await Promise.all(
      jobs.map((job) => job.waitUntilFinished(events, 20_000)),
    )) as OrderSplitOutcome[];
    expect(outcomes.slice(0, 2)).toEqual(
      expect.arrayContaining([{ outcome: 'split', entries: 8 }, { outcome: 'already-split' }]),
    );
    expect(outcomes.slice(2)).toEqual([
      { outcome: 'split', entries: 8 },
      { outcome: 'not-sold', status: 'cancelled' },
      { outcome: 'split', entries: 8 },
    ]);
    expect(await entriesOf(first)).toHaveLength(8);
    expect(await entriesOf(second)).toHaveLength(8);
    expect(await entriesOf(cancelled)).toEqual([]);
    expect(await entriesOf(broken)).toHaveLength(8);
    expect(await soldMailsOf(first)).toHaveLength(2);
    expect(await soldMailsOf(second)).toHaveLength(2);
    expect(await soldMailsOf(broken)).toHaveLength(2);
    // Three orders' copies, each counted once.
    await salesReach(bookA, before.a + 6);
    await salesReach(bookB, before.b + 3);
  });

  it('reverses the entries of an order cancelled after a split wrote them and before its claim', async () => {
    // A split wrote the order's entries and stopped (a crash) before its claim; the buyer then
    // cancelled, and the cancellation found no `splitAt`, so it reversed nothing.
    const orderId = await paidOrder();
    await split(orderId, `outbox-${orderId.toHexString()}`);
    await countsDone();
    const before = { a: await salesOf(bookA), b: await salesOf(bookB) };
    const stopped = await paidOrder();
    const stored = await db.collection('ledger').find({ orderId }).toArray();
    await db
      .collection('ledger')
      .insertMany(stored.map(({ _id, ...entry }) => ({ ...entry, orderId: stopped })));
    await db.collection('orders').updateOne({ _id: stopped }, { $set: { status: 'cancelled' } });
    await expect(split(stopped, `outbox-${stopped.toHexString()}`)).resolves.toEqual({
      outcome: 'not-sold',
      status: 'cancelled',
    });
    const entries = await entriesOf(stopped);
    expect(entries.filter((e) => e.kind === 'sale')).toHaveLength(8);
    expect(entries.filter((e) => e.kind === 'reversal')).toHaveLength(8);
    expect(entries.reduce((sum, e) => sum + (e.amountAgorot as number), 0)).toBe(0);
    expect(await soldMailsOf(stopped)).toEqual([]);
    // A second run finds the reversal there and writes nothing.
    await split(stopped, `outbox-again-${stopped.toHexString()}`);
    expect(await entriesOf(stopped)).toHaveLength(16);
    await countsDone();
    expect(await salesOf(bookA)).toBe(before.a);
    expect(await salesOf(bookB)).toBe(before.b);
  });

  it('sends the mails of an order claimed before a crash took its split, once', async () => {
    const orderId = await paidOrder();
    await split(orderId, `outbox-${orderId.toHexString()}`);
    // As if the split had stopped after its claim: its mails never reached the outbox.
    await db.collection('outbox').deleteMany({ 'payload.orderId': orderId.toHexString() });
    await expect(split(orderId, `outbox-retry-${orderId.toHexString()}`)).resolves.toEqual({
      outcome: 'already-split',
    });
    await split(orderId, `outbox-retry-again-${orderId.toHexString()}`);
    expect(await soldMailsOf(orderId)).toHaveLength(2);
    expect(await entriesOf(orderId)).toHaveLength(8);
  });

  it('leaves an order that is not paid (or no longer) alone', async () => {
    const orderId = await paidOrder('cancelled');
    await expect(split(orderId, `outbox-${orderId.toHexString()}`)).resolves.toEqual({
      outcome: 'not-sold',
      status: 'cancelled',
    });
    expect(await entriesOf(orderId)).toEqual([]);
  });

  it('fails a malformed or unknown-order job at once, without retries', async () => {
    const job = await queue.add(
      ORDER_JOB_NAME,
      { orderId: 'nope' },
      { jobId: 'bad-1', attempts: 5 },
    );
    await expect(job.waitUntilFinished(events, 20_000)).rejects.toThrow(
      /invalid order-splits payload/,
    );
    const missing = await queue.add(
      ORDER_JOB_NAME,
      { orderId: new Types.ObjectId().toHexString(), paidAt: '2026-11-20T10:00:00.000Z' },
      { jobId: 'missing-1', attempts: 5 },
    );
    await expect(missing.waitUntilFinished(events, 20_000)).rejects.toThrow(/does not exist/);
    expect((await queue.getJob('missing-1'))?.attemptsMade).toBe(1);
  });

  it('splits by the configured policy: compensation gives a printed book 60/25/15', async () => {
    await worker?.close();
    worker = await startWorker({ SPLIT_POLICY: 'compensation' });
    const orderId = await paidOrder();
    await split(orderId, `outbox-${orderId.toHexString()}`);
    const first = (await entriesOf(orderId)).filter((e) => e.lineIndex === 0);
    // 79.80: community 15 % = 11.97, platform 25 % = 19.95, author 47.88; print comes out of the
    // platform's share, as far as it goes (the 30 ₪ of print is more than its 19.95).
    expect(first.map((e) => [e.party, e.amountAgorot])).toEqual([
      ['author', 4788],
      ['community', 1197],
      ['platform', 0],
      ['print', 1995],
    ]);
  });

  it('reports every queue on /health: depth, failures and the oldest waiting job', async () => {
    const printJobs = new Queue(ORDER_QUEUE_NAMES.printJobs, {
      connection: { url: redis.url, maxRetriesPerRequest: null },
    });
    try {
      // The print queue is paused, so its processor leaves the job waiting; health says how long.
      await printJobs.pause();
      await printJobs.add(ORDER_JOB_NAME, { orderId: new Types.ObjectId().toHexString() });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await fetch(`${workerUrl}/health`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        queues: Record<string, { waiting: number; failed: number; oldestWaitingMs: number }>;
      };
      expect(Object.keys(body.queues).sort()).toEqual(
        [
          'book-sales',
          'book-uploads',
          'client-logs',
          'follow-digests',
          'mail',
          'order-splits',
          'payout-runs',
          'payout-statements',
          'print-jobs',
          'receipts',
          'refunds',
        ].sort(),
      );
      expect(body.queues['order-splits']).toMatchObject({ waiting: 0, failed: 2 });
      expect(body.queues['print-jobs']?.waiting).toBe(1);
      expect(body.queues['print-jobs']?.oldestWaitingMs).toBeGreaterThanOrEqual(50);
    } finally {
      await printJobs.resume();
      await printJobs.obliterate({ force: true });
      await printJobs.close();
    }
  });
});

describe('book-sales: a book’s count follows the ledger', () => {
  it('adds what the ledger gained since the last count, and a cancellation between counts is not taken twice', async () => {
    const Book = db.model('Book') as unknown as BookModel;
    const book = new Types.ObjectId();
    // 10 copies sold before the ledger (the demo's earlier sales), none counted from it yet.
    await db.collection('books').insertOne({
      _id: book,
      title: 'ספר ג',
      author: authorId,
      category: 'רומן',
      price: 50,
      salesCount: 10,
      ledgerCopies: 0,
    });
    const entry = (orderId: Types.ObjectId, quantity: number, kind = 'sale') => ({
      orderId,
      lineIndex: 0,
      party: 'author',
      kind,
      amountAgorot: 1000 * quantity,
      bookId: book,
      authorId,
      quantity,
      lineTotalAgorot: 1200 * quantity,
      policy: 'community-first',
      occurredAt: new Date(),
      createdAt: new Date(),
    });
    const [one, two] = [new Types.ObjectId(), new Types.ObjectId()];
    await db.collection('ledger').insertMany([entry(one, 3), entry(two, 2)]);
    const ledger = db.model('LedgerEntry') as unknown as LedgerEntryModel;
    await expect(countBookSales(Book, ledger, book)).resolves.toEqual({
      outcome: 'counted',
      ledgerCopies: 5,
      added: 5,
    });
    expect(await salesOf(book)).toBe(15);
    // A cancellation of order two: its reversal; the count takes the copies back.
    await db.collection('ledger').insertOne(entry(two, -2, 'reversal'));
    await expect(countBookSales(Book, ledger, book)).resolves.toEqual({
      outcome: 'counted',
      ledgerCopies: 3,
      added: -2,
    });
    expect(await salesOf(book)).toBe(13);
    // Two counts at once add the new copies once.
    await db.collection('ledger').insertOne(entry(new Types.ObjectId(), 4));
    await Promise.all([countBookSales(Book, ledger, book), countBookSales(Book, ledger, book)]);
    expect(await salesOf(book)).toBe(17);
    await expect(countBookSales(Book, ledger, new Types.ObjectId())).resolves.toEqual({
      outcome: 'no-book',
    });
  });

  it('gives books stored before ledgerCopies existed their ledger copies, once, before any count', async () => {
    const Book = db.model('Book') as unknown as BookModel;
    const ledger = db.model('LedgerEntry') as unknown as LedgerEntryModel;
    const [old, unsold] = [new Types.ObjectId(), new Types.ObjectId()];
    const stored = { author: authorId, category: 'רומן', price: 50 };
    // The earlier split raised salesCount with each sale it wrote: 7 of old's 9 are ledger copies.
    await db.collection('books').insertMany([
      { _id: old, title: 'ספר ישן', salesCount: 9, ...stored },
      { _id: unsold, title: 'ספר שלא נמכר', salesCount: 0, ...stored },
    ]);
    await db.collection('ledger').insertOne({
      orderId: new Types.ObjectId(),
      lineIndex: 0,
      party: 'author',
      kind: 'sale',
      amountAgorot: 7000,
      bookId: old,
      authorId,
      quantity: 7,
      lineTotalAgorot: 8000,
      policy: 'community-first',
      occurredAt: new Date(),
      createdAt: new Date(),
    });
    expect(await backfillLedgerCopies(Book, ledger)).toBeGreaterThanOrEqual(2);
    const ledgerCopiesOf = async (id: Types.ObjectId) =>
      (await db.collection('books').findOne({ _id: id }))?.ledgerCopies as number | undefined;
    expect(await ledgerCopiesOf(old)).toBe(7);
    expect(await ledgerCopiesOf(unsold)).toBe(0);
    // Its first count adds nothing: the copies were counted when they sold.
    await expect(countBookSales(Book, ledger, old)).resolves.toMatchObject({ added: 0 });
    expect(await salesOf(old)).toBe(9);
    await expect(backfillLedgerCopies(Book, ledger)).resolves.toBe(0);
  });
});
