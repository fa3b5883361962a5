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
import { until } from '@mechabrim/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Types } from 'mongoose';
import { startTestWorker } from './worker-app';

let ctx: CheckoutApi;
let worker: NestFastifyApplication;
let buyer: string;
let attempts = 0;

beforeAll(async () => {
  ctx = await startCheckoutApi();
  buyer = await registerBuyer(ctx.http, 'ledger.buyer@example.com');
  ({ app: worker } = await startTestWorker({ mongoUri: ctx.mongoUri, redisUrl: ctx.redis.url }));
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

describe('a paid order reaches the ledger, and a cancellation reverses it', () => {
  it('notify → outbox → queue → split: entries summing to the books, sales counted once', async () => {
    const before = await salesOf(ctx.books.available[0]);
    const orderId = await buy();
    await until('the split', async () =>
      (await ledgerOf(orderId)).length === 6 ? true : undefined,
    );
    const entries = await ledgerOf(orderId);
    expect(entries.reduce((sum, e) => sum + (e.amountAgorot as number), 0)).toBe(13430);
    expect(
      entries
        .filter((e) => e.party === 'community')
        .reduce((sum, e) => sum + (e.amountAgorot as number), 0),
    ).toBe(1343);
    expect(await salesOf(ctx.books.available[0])).toBe(before + 2);
    const order = await ctx.orders.findById(orderId).lean();
    expect(order?.splitAt).toBeInstanceOf(Date);
  });

  it('the buyer cancels before shipping: fee and refund, reversing entries, sales back', async () => {
    const orderId = await buy();
    await until('the split', async () =>
      (await ledgerOf(orderId)).length === 6 ? true : undefined,
    );
    const sold = await salesOf(ctx.books.available[1]);

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
    expect(res.body).toMatchObject({ fee: 7.47, refund: 141.83, reversedEntries: 6 });
    const entries = await ledgerOf(orderId);
    expect(entries).toHaveLength(12);
    expect(entries.reduce((sum, e) => sum + (e.amountAgorot as number), 0)).toBe(0);
    expect(await salesOf(ctx.books.available[1])).toBe(sold - 1);

    const again = await ctx.http.post<{ message: string }>(
      `/api/orders/${orderId}/cancel`,
      {},
      { token: buyer },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/לפני שנשלחה/);
    expect(await ledgerOf(orderId)).toHaveLength(12);
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
});
