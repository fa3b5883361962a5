import type { PaymentCreateResponse } from '@mechabrim/contracts';
import { until } from '@mechabrim/testing';
import {
  BUYER,
  payInFrame,
  registerBuyer,
  startCheckoutApi,
  type CheckoutApi,
} from './checkout-fixture';

describe('the outbox relay after a paid notify', () => {
  let ctx: CheckoutApi;
  let buyer: string;
  beforeAll(async () => {
    // The poll would first run after a minute: whatever is queued sooner was sent by the notify.
    ctx = await startCheckoutApi({ OUTBOX_POLL_INTERVAL_MS: '60000' });
    buyer = await registerBuyer(ctx.http, 'nudge.buyer@example.com');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("hands a paid order's follow-up work to the queues at once, not at the next poll", async () => {
    const created = await ctx.http.post<PaymentCreateResponse>(
      '/api/payments/create',
      {
        items: [{ id: String(ctx.books.available[0]), quantity: 1 }],
        client: BUYER,
        shipping_method: 'standard',
        shipping_region: 'israel-centre',
      },
      { token: buyer, headers: { 'idempotency-key': 'nudge-attempt-1' } },
    );
    expect(created.status).toBe(201);
    await payInFrame(created.body.payment_url, created.body.form_data, {
      ccno: '4580458045804580',
    });
    const orderId = created.body.order_id;
    await until(
      'the outbox rows dispatched',
      async () =>
        (await ctx.outbox.countDocuments({
          'payload.orderId': orderId,
          status: { $ne: 'dispatched' },
        })) === 0 || undefined,
      10_000,
    );
    expect(await ctx.outbox.countDocuments({ 'payload.orderId': orderId })).toBe(4);
    const splitJobs = await ctx.queues['order-splits'].getJobs(['waiting', 'active', 'completed']);
    expect(splitJobs.map((job) => (job.data as { orderId: string }).orderId)).toEqual([orderId]);
  });
});
