// Issue 11 §7: Redis stops while orders are paid and starts again — every paid order's follow-up
// work (its split in the ledger, its receipt, its mails, its print job) is done exactly once.
// Real parts throughout: the API with the payment simulator, the worker, the print simulator, a
// real redis-server stopped and started again on the same port, the embedded MongoDB.
import type { PaymentCreateResponse } from '@mechabrim/contracts';
import { until } from '@mechabrim/testing';
import { Types } from 'mongoose';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the API's checkout harness (journey-fixture.ts)
import {
  BUYER,
  payInFrame,
  registerBuyer,
  type CheckoutApi,
} from '../../api/test/checkout-fixture';
import type { PrintSimulator } from '@mechabrim/print-simulator';
import { startJourney, type Journey } from './journey-fixture';

const APPROVED = '4580 4580 4580 4580';
const PARTIES_PER_LINE = 3;

let journey: Journey;
let ctx: CheckoutApi;
let printer: PrintSimulator;
let buyer: string;

beforeAll(async () => {
  journey = await startJourney('outage', 200);
  ({ ctx, printer } = journey);
  buyer = await registerBuyer(ctx.http, 'outage.buyer@example.com');
});

afterAll(async () => {
  await journey?.close();
});

it('orders paid while Redis is down are split, receipted, mailed and printed once each after it is back', async () => {
  const [first, second, third] = ctx.books.available.map(String);
  // Three orders of one, two and three lines, created while everything is up.
  const baskets = [[first], [first, second], [first, second, third]];
  const created: PaymentCreateResponse[] = [];
  for (const [index, basket] of baskets.entries()) {
    const response = await ctx.http.post<PaymentCreateResponse>(
      '/api/payments/create',
      {
        items: basket.map((id) => ({ id, quantity: 1 + index })),
        client: BUYER,
        shipping_method: 'standard',
        shipping_region: 'israel-centre',
      },
      { token: buyer, headers: { 'idempotency-key': `outage-attempt-${index}` } },
    );
    expect(response.status).toBe(201);
    created.push(response.body);
  }
  const orderIds = created.map((order) => order.order_id);
  const objectIds = orderIds.map((id) => new Types.ObjectId(id));
  const lines = baskets.reduce((sum, basket) => sum + basket.length, 0);

  await ctx.redis.stop();
  try {
    // The provider's notifies arrive while the queues are unreachable: the orders are paid and
    // their follow-up work waits in the outbox.
    for (const order of created) {
      await payInFrame(order.payment_url, order.form_data, { ccno: APPROVED });
    }
    expect(await ctx.orders.countDocuments({ _id: { $in: objectIds }, status: 'paid' })).toBe(3);
    expect(await ctx.db.collection('ledger').countDocuments({ orderId: { $in: objectIds } })).toBe(
      0,
    );
  } finally {
    await ctx.redis.start();
  }

  const ledger = ctx.db.collection('ledger');
  const receipts = ctx.db.collection('receipts');
  const mails = ctx.db.collection('mail_outbox');
  const orders = ctx.db.collection('orders');
  let seen = {};
  const done = async () => {
    const [entries, issued, confirmations, soldMails, shipped] = await Promise.all([
      ledger.countDocuments({ orderId: { $in: objectIds }, kind: 'sale' }),
      receipts.countDocuments({ status: 'issued' }),
      mails.countDocuments({ template: 'order-confirmation', status: 'sent' }),
      mails.countDocuments({ template: 'book-sold', status: 'sent' }),
      orders.countDocuments({ _id: { $in: objectIds }, status: { $in: ['shipped', 'delivered'] } }),
    ]);
    seen = { entries, issued, confirmations, soldMails, shipped };
    return entries === lines * PARTIES_PER_LINE &&
      issued === 3 &&
      confirmations === 3 &&
      soldMails === lines &&
      shipped === 3
      ? true
      : undefined;
  };
  await until('every order split, receipted, mailed and shipped', done, 120_000).catch(
    (error: unknown) => {
      throw new Error(`${String(error)}; last seen ${JSON.stringify(seen)}`);
    },
  );

  // The relay hands every row out again (as one that died before marking them would): no job
  // does its work a second time.
  await ctx.outbox.updateMany(
    { 'payload.orderId': { $in: orderIds } },
    { $set: { status: 'pending' } },
  );
  await until(
    'the outbox dispatched again',
    async () =>
      (await ctx.outbox.countDocuments({
        'payload.orderId': { $in: orderIds },
        status: 'pending',
      })) === 0
        ? true
        : undefined,
    30_000,
  );
  // Give the worker time to run whatever it was handed, then count everything once more.
  await new Promise((resolve) => setTimeout(resolve, 3_000));

  expect(await ledger.countDocuments({ orderId: { $in: objectIds }, kind: 'sale' })).toBe(
    lines * PARTIES_PER_LINE,
  );
  // Each order's entries (its books, its shipping and the partner's charge) sum to its charge.
  for (const id of objectIds) {
    const [order, [sum]] = await Promise.all([
      orders.findOne({ _id: id }),
      ledger
        .aggregate<{ total: number }>([
          { $match: { orderId: id } },
          { $group: { _id: null, total: { $sum: '$amountAgorot' } } },
        ])
        .toArray(),
    ]);
    expect([id.toHexString(), sum?.total]).toEqual([id.toHexString(), order?.['amountDueAgorot']]);
  }
  const duplicates = await ledger
    .aggregate([
      { $match: { orderId: { $in: objectIds } } },
      {
        $group: {
          _id: { o: '$orderId', l: '$lineIndex', p: '$party', k: '$kind' },
          n: { $sum: 1 },
        },
      },
      { $match: { n: { $gt: 1 } } },
    ])
    .toArray();
  expect(duplicates).toEqual([]);
  const numbers = (await receipts.find({}).toArray()).map((receipt) => receipt['number']);
  expect(numbers.sort()).toEqual([1, 2, 3]);
  expect(await mails.countDocuments({ template: 'order-confirmation' })).toBe(3);
  // One 'a copy of your book was sold' mail per line (book) of each order.
  expect(await mails.countDocuments({ template: 'book-sold' })).toBe(lines);
  for (const orderId of orderIds) {
    expect([...printer.jobs.values()].filter((job) => job.external_id === orderId)).toHaveLength(1);
  }
  // Each book's sales count follows the ledger: copies sold across the three orders.
  const books = ctx.db.collection('books');
  const sold = async (id: string | undefined) =>
    (await books.findOne({ _id: new Types.ObjectId(id) }))?.['salesCount'] as number;
  await until('the books to count their copies', async () =>
    (await sold(first)) === 1 + 2 + 3 && (await sold(second)) === 2 + 3 && (await sold(third)) === 3
      ? true
      : undefined,
  );
}, 240_000);
