// The relay as the order split's safety net (ARCHITECTURE.md decision 16): a `book-sales` row the
// split wrote and could not hand over goes to the book-sales queue, deduplicated per book.
import { BOOK_QUEUE_NAMES, bookSalesDeduplication } from '@mechabrim/contracts';
import { Queue } from 'bullmq';
import { Types } from 'mongoose';
import { OutboxRelay } from '../src/payments/outbox-relay.service';
import { startCheckoutApi, type CheckoutApi } from './checkout-fixture';

describe('the outbox relay and the order split’s sales counts', () => {
  let ctx: CheckoutApi;
  let bookSales: Queue;
  beforeAll(async () => {
    // No poll during the test: each dispatch below is the test's own.
    ctx = await startCheckoutApi({ OUTBOX_POLL_INTERVAL_MS: '60000' });
    bookSales = new Queue(BOOK_QUEUE_NAMES.bookSales, {
      connection: { url: ctx.redis.url, maxRetriesPerRequest: null },
    });
  });
  afterAll(async () => {
    await bookSales?.close();
    await ctx?.close();
  });

  it('queues a pending book-sales row as the book’s count, once however many rows name the book', async () => {
    const bookId = new Types.ObjectId().toHexString();
    const rows = [new Types.ObjectId(), new Types.ObjectId()];
    await ctx.outbox.insertMany(
      rows.map((_id) => ({ _id, type: 'book-sales', payload: { bookId }, createdAt: new Date() })),
    );
    await expect(ctx.api.app.get(OutboxRelay).dispatchPending()).resolves.toBe(2);
    expect(await ctx.outbox.countDocuments({ _id: { $in: rows }, status: 'dispatched' })).toBe(2);
    const jobs = await bookSales.getJobs(['waiting', 'active', 'delayed', 'completed']);
    expect(jobs.filter((job) => (job.data as { bookId: string }).bookId === bookId)).toHaveLength(
      1,
    );
    expect(await bookSales.getDeduplicationJobId(bookSalesDeduplication(bookId).id)).toBeTruthy();
  });

  it('sets aside a book-sales row whose payload can never be a count', async () => {
    const _id = new Types.ObjectId();
    await ctx.outbox.create({
      _id,
      type: 'book-sales',
      payload: { bookId: 'not-a-book' },
      createdAt: new Date(),
    });
    await ctx.api.app.get(OutboxRelay).dispatchPending();
    expect(await ctx.outbox.findById(_id).lean()).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/bookId/) as unknown,
    });
  });
});
