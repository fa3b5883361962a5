// The paid order's money from end to end: the API's notify and outbox, BullMQ, this worker's
// split, and the API's cancellation reversing it. The API's own checkout harness starts MongoDB,
// Redis, the payment simulator and the API; it is the one place that knows how.
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import {
  BUYER,
  payInFrame,
  registerBuyer,
  startCheckoutApi,
  type CheckoutApi,
} from '../../api/test/checkout-fixture';
import { ORDER_JOB_NAME, ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import { until } from '@mechabrim/testing';
import { Queue } from 'bullmq';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Types } from 'mongoose';
import { paymentEnvOf } from './journey-fixture';
import { startTestWorker } from './worker-app';

let ctx: CheckoutApi;
let worker: NestFastifyApplication;
let buyer: string;
let attempts = 0;

beforeAll(async () => {
  ctx = await startCheckoutApi();
  buyer = await registerBuyer(ctx.http, 'ledger.buyer@example.com');
  ({ app: worker } = await startTestWorker(
    { mongoUri: ctx.mongoUri, redisUrl: ctx.redis.url },
    paymentEnvOf(ctx),
  ));
});

afterAll(async () => {
  await worker?.close();
  await ctx?.close();
});

/** Buys 2 × 39.90 and 1 × 54.50 with the approving card; answers the order id. */
async function buy(): Promise<string> {
  const created = await ctx.http.post<{
    order_id: string;
    payment_url: string;
    form_data: Record<string, string>;
  }>(
    '/api/payments/create',
    {
      items: [
        { id: String(ctx.books.available[0]), quantity: 2 },
        { id: String(ctx.books.available[1]), quantity: 1 },
      ],
      client: BUYER,
      shipping_method: 'standard',
      shipping_region: 'israel-centre',
    },
    { token: buyer, headers: { 'idempotency-key': `ledger-${Date.now()}-${(attempts += 1)}` } },
  );
  expect(created.status).toBe(201);
  await payInFrame(created.body.payment_url, created.body.form_data, {
    ccno: '4580458045804580',
  });
  return created.body.order_id;
}

const ledgerOf = (orderId: string) =>
  ctx.db
    .collection('ledger')
    .find({ orderId: new Types.ObjectId(orderId) })
    .toArray();
const salesOf = async (id: Types.ObjectId | undefined) =>
  ((await ctx.db.collection('books').findOne({ _id: id }))?.salesCount as number | undefined) ?? 0;
/** Waits for the book's `book-sales` count to reach `copies` (it follows the split by ~0.1 s). */
const salesReach = (id: Types.ObjectId | undefined, copies: number) =>
  until(`the book to count ${copies} copies`, async () =>
    (await salesOf(id)) === copies ? true : undefined,
  );

describe('a paid order reaches the ledger, and a cancellation reverses it', () => {
  it('notify → outbox → queue → split: entries summing to the charge, sales counted once', async () => {
    const before = await salesOf(ctx.books.available[0]);
    const orderId = await buy();
    await until('the split', async () =>
      (await ledgerOf(orderId)).length === 7 ? true : undefined,
    );
    const entries = await ledgerOf(orderId);
    // What the card was charged: the books (134.30) and the shipping (15), to the agora.
    expect(entries.reduce((sum, e) => sum + (e.amountAgorot as number), 0)).toBe(14930);
    expect(entries.filter((e) => e.kind === 'shipping')).toMatchObject([
      { party: 'print', lineIndex: 0, amountAgorot: 1500, quantity: 0, lineTotalAgorot: 0 },
    ]);
    expect(
      entries
        .filter((e) => e.party === 'community')
        .reduce((sum, e) => sum + (e.amountAgorot as number), 0),
    ).toBe(1343);
    await salesReach(ctx.books.available[0], before + 2);
    const order = await ctx.orders.findById(orderId).lean();
    expect(order?.splitAt).toBeInstanceOf(Date);
  });

  it('the buyer cancels before shipping: fee and refund, reversing entries, sales back', async () => {
    const before = await salesOf(ctx.books.available[1]);
    const orderId = await buy();
    await until('the split', async () =>
      (await ledgerOf(orderId)).length === 7 ? true : undefined,
    );
    await salesReach(ctx.books.available[1], before + 1);
    const sold = before + 1;

    const other = await registerBuyer(ctx.http, `ledger.other.${Date.now()}@example.com`);
    const stranger = await ctx.http.post(`/api/orders/${orderId}/cancel`, {}, { token: other });
    expect(stranger.status).toBe(404);

    const res = await ctx.http.post<{ fee: number; refund: number; reversedEntries: number }>(
      `/api/orders/${orderId}/cancel`,
      {},
      { token: buyer },
    );
    expect(res.status).toBe(200);
    // Paid 149.30 (books 134.30 + shipping 15): the fee is 5 %, 7.47; the rest is refunded.
    expect(res.body).toMatchObject({ fee: 7.47, refund: 141.83, reversedEntries: 7 });
    const entries = await ledgerOf(orderId);
    // Six sales and the shipping, their seven reversals, and the fee the platform keeps: the
    // charge less the refund, what the card keeps paying.
    expect(entries).toHaveLength(15);
    expect(entries.reduce((sum, e) => sum + (e.amountAgorot as number), 0)).toBe(14930 - 14183);
    expect(entries.filter((e) => e.kind === 'shipping-reversal')).toMatchObject([
      { party: 'print', lineIndex: 0, amountAgorot: -1500 },
    ]);
    expect(entries.filter((e) => e.kind === 'fee')).toMatchObject([
      { party: 'platform', lineIndex: 0, amountAgorot: 747, quantity: 0 },
    ]);
    // The cancellation queues the book's count, which takes the copy back.
    await salesReach(ctx.books.available[1], sold - 1);

    const again = await ctx.http.post<{ message: string }>(
      `/api/orders/${orderId}/cancel`,
      {},
      { token: buyer },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/לפני שנשלחה/);
    expect(await ledgerOf(orderId)).toHaveLength(15);
  });

  it('a shipped order cannot be cancelled, and bad ids are refused in Hebrew', async () => {
    const orderId = await buy();
    await ctx.orders.updateOne({ _id: orderId }, { $set: { status: 'shipped' } });
    expect(
      (await ctx.http.post(`/api/orders/${orderId}/cancel`, {}, { token: buyer })).status,
    ).toBe(409);
    const bad = await ctx.http.post<{ message: string }>(
      '/api/orders/nope/cancel',
      {},
      { token: buyer },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/[א-ת]/);
    expect((await ctx.http.post(`/api/orders/${orderId}/cancel`, {})).status).toBe(401);
  });

  it('splits and cancellations racing each other: every order ends split once, or netted to zero', async () => {
    // Twenty copies of a paid order, each split by a job while the buyer cancels every other
    // one at a random moment: before the split's entries, between its entries and its claim,
    // or after it.
    const model = ctx.orders.collection;
    const template = await model.findOne({ _id: new Types.ObjectId(await buy()) });
    await until('the template order split', async () =>
      (await ctx.orders.findById(template?._id).select({ splitAt: 1 }).lean())?.splitAt
        ? true
        : undefined,
    );
    const books = [ctx.books.available[0], ctx.books.available[1]];
    /** The book once its count has taken every copy in the ledger. */
    const countSettled = (book: Types.ObjectId | undefined) =>
      until('the book counted', async () => {
        const [sum] = await ctx.db
          .collection('ledger')
          .aggregate<{ copies: number }>([
            { $match: { bookId: book, party: 'author' } },
            { $group: { _id: null, copies: { $sum: '$quantity' } } },
          ])
          .toArray();
        const stored = await ctx.db.collection('books').findOne({ _id: book });
        return stored && stored.ledgerCopies === sum?.copies
          ? { salesCount: stored.salesCount as number, ledgerCopies: stored.ledgerCopies as number }
          : undefined;
      });
    const before = [await countSettled(books[0]), await countSettled(books[1])];
    const ORDERS = 20;
    const ids = Array.from({ length: ORDERS }, () => new Types.ObjectId());
    await model.insertMany(
      ids.map((_id) => ({
        ...template,
        _id,
        idempotencyKey: `race-${_id.toHexString()}`,
        status: 'paid',
        splitAt: null,
        statusHistory: [],
        // Never handed to print (the template's handoff, and any claim on it, is not theirs).
        print: null,
        refunds: [],
      })),
    );
    const queue = new Queue(ORDER_QUEUE_NAMES.orderSplits, {
      connection: { url: ctx.redis.url, maxRetriesPerRequest: null },
    });
    try {
      const cancelled = ids.filter((_, i) => i % 2 === 1);
      const answers = await Promise.all([
        queue.addBulk(
          ids.map((id, i) => ({
            name: ORDER_JOB_NAME,
            data: { orderId: id.toHexString(), paidAt: new Date().toISOString() },
            opts: { jobId: `race-${id.toHexString()}`, attempts: 5, delay: (i * 37) % 400 },
          })),
        ),
        ...cancelled.map(async (id, i) => {
          await new Promise((resolve) => setTimeout(resolve, (i * 53) % 500));
          return ctx.http.post(`/api/orders/${id.toHexString()}/cancel`, {}, { token: buyer });
        }),
      ]);
      for (const answer of answers.slice(1))
        expect((answer as { status: number }).status).toBe(200);
      await until(
        'every split job done',
        async () => {
          const counts = await queue.getJobCounts('waiting', 'active', 'delayed');
          return Object.values(counts).every((n) => n === 0) ? true : undefined;
        },
        30_000,
      );
      for (const id of ids) {
        const entries = await ledgerOf(id.toHexString());
        const sales = entries.filter((e) => e.kind === 'sale');
        const reversals = entries.filter((e) => e.kind === 'reversal');
        if (cancelled.some((c) => c.equals(id))) {
          // No entries, or every entry with its reversal; and the fee kept (5 % of 149.30).
          expect([id.toHexString(), sales.length]).toEqual([id.toHexString(), reversals.length]);
          expect([0, 6]).toContain(sales.length);
          expect(entries.reduce((sum, e) => sum + (e.amountAgorot as number), 0)).toBe(747);
        } else {
          expect([id.toHexString(), sales.length, reversals.length]).toEqual([
            id.toHexString(),
            6,
            0,
          ]);
          expect(sales.reduce((sum, e) => sum + (e.amountAgorot as number), 0)).toBe(13430);
          // The books and the shipping: the charge.
          expect(entries.reduce((sum, e) => sum + (e.amountAgorot as number), 0)).toBe(14930);
        }
      }
      // Each book's count ends at the copies the ledger holds, counted once.
      for (const [i, book] of books.entries()) {
        const after = await countSettled(book);
        expect(after.salesCount - (before[i]?.salesCount ?? 0)).toBe(
          after.ledgerCopies - (before[i]?.ledgerCopies ?? 0),
        );
      }
    } finally {
      await queue.close();
    }
  });
});
