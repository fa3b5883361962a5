import type { PaymentCreateResponse } from '@mechabrim/contracts';
import { until } from '@mechabrim/testing';
import { Types } from 'mongoose';
// The cross-service journey (API → outbox → queues → worker → API) needs the real API; its own
// harness is the one place that knows how to start it with a catalogue and the payment simulator.
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import {
  BUYER,
  payInFrame,
  registerBuyer,
  type CheckoutApi,
} from '../../api/test/checkout-fixture';
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { freshIp } from '../../api/test/http';
import { hashPassword } from '@mechabrim/db';
import type { PrintSimulator } from '@mechabrim/print-simulator';
import { startJourney, type Journey } from './journey-fixture';

let journey: Journey;
let ctx: CheckoutApi;
let printer: PrintSimulator;
let paidOrderId = '';
let buyer: string;
let otherBuyer: string;

beforeAll(async () => {
  journey = await startJourney('journey', 300);
  ({ ctx, printer } = journey);
  buyer = await registerBuyer(ctx.http, 'journey.buyer@example.com');
  otherBuyer = await registerBuyer(ctx.http, 'journey.other@example.com');
});

afterAll(async () => {
  await journey?.close();
});

describe('a paid order gets its receipt and confirmation mail', () => {
  it('pays, the worker issues receipt 1 and one mail, and the buyer downloads the PDF', async () => {
    const created = await ctx.http.post<PaymentCreateResponse>(
      '/api/payments/create',
      {
        items: [{ id: String(ctx.books.available[0]), quantity: 2 }],
        client: BUYER,
        shipping_method: 'standard',
        shipping_region: 'israel-centre',
      },
      { token: buyer, headers: { 'idempotency-key': 'journey-attempt-1' } },
    );
    expect(created.status).toBe(201);
    const orderId = created.body.order_id;
    paidOrderId = orderId;
    await payInFrame(created.body.payment_url, created.body.form_data, {
      ccno: '4580 4580 4580 4580',
    });

    const receipts = ctx.db.collection('receipts');
    const mails = ctx.db.collection('mail_outbox');
    await until(
      'the receipt and the mail',
      async () =>
        (await receipts.countDocuments({ status: 'issued' })) === 1 &&
        (await mails.countDocuments({ status: 'sent', template: 'order-confirmation' })) === 1
          ? true
          : undefined,
      60_000,
    );
    expect(await receipts.findOne()).toMatchObject({ number: 1, fileKey: 'receipts/1.pdf' });
    expect(await mails.findOne({ template: 'order-confirmation' })).toMatchObject({
      template: 'order-confirmation',
      // The account's address; the checkout form's e-mail is the delivery contact only.
      to: 'journey.buyer@example.com',
    });

    const mine = await ctx.http.get<{ orders: { _id: string; receiptUrl: string | null }[] }>(
      '/api/orders/mine',
      {
        token: buyer,
      },
    );
    const order = mine.body.orders.find((o) => o._id === orderId);
    expect(order?.receiptUrl).toBe(`/api/orders/${orderId}/receipt`);

    const pdf = await fetch(`${ctx.api.baseUrl}/api/orders/${orderId}/receipt`, {
      headers: { authorization: `Bearer ${buyer}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Someone else's order is not found, as is an order without a receipt; a bad id is a 400.
    const stranger = await ctx.http.get<{ message: string }>(`/api/orders/${orderId}/receipt`, {
      token: otherBuyer,
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toMatch(/[\u0590-\u05ff]/);
    expect(
      (await ctx.http.get(`/api/orders/${'0'.repeat(24)}/receipt`, { token: buyer })).status,
    ).toBe(404);
    expect((await ctx.http.get('/api/orders/not-an-id/receipt', { token: buyer })).status).toBe(
      400,
    );
    expect((await ctx.http.get(`/api/orders/${orderId}/receipt`)).status).toBe(401);

    // An admin may open any order's receipt.
    await ctx.db.collection('users').insertOne({
      name: 'מנהלת',
      email: 'journey.admin@example.com',
      passwordHash: await hashPassword('Sefer#2024'),
      role: 'admin',
    });
    const admin = await ctx.http.post<{ token: string }>(
      '/api/auth/login',
      { email: 'journey.admin@example.com', password: 'Sefer#2024' },
      { ip: freshIp() },
    );
    expect(admin.status).toBe(200);
    const asAdmin = await fetch(`${ctx.api.baseUrl}/api/orders/${orderId}/receipt`, {
      headers: { authorization: `Bearer ${admin.body.token}` },
    });
    expect(asAdmin.status).toBe(200);
    await asAdmin.arrayBuffer();

    // A receipt Morning issued redirects to Morning's copy.
    await receipts.updateOne(
      { number: 1 },
      {
        $set: {
          provider: 'morning',
          fileKey: null,
          documentUrl: 'https://morning.example/doc.pdf',
        },
      },
    );
    const redirected = await fetch(`${ctx.api.baseUrl}/api/orders/${orderId}/receipt`, {
      headers: { authorization: `Bearer ${buyer}` },
      redirect: 'manual',
    });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('https://morning.example/doc.pdf');
  });
});

describe('the paid order is printed on demand and shipped', () => {
  it('goes to the printer once, comes back shipped and delivered, with its tracking number on /orders and in a mail', async () => {
    expect(paidOrderId).not.toBe('');
    const orders = ctx.db.collection('orders');
    const mails = ctx.db.collection('mail_outbox');
    await until(
      'the order delivered and the shipping mail sent',
      async () => {
        const order = await orders.findOne({ _id: new Types.ObjectId(paidOrderId) });
        const shippingMails = await mails.countDocuments({
          template: 'shipping-update',
          status: 'sent',
        });
        return order?.status === 'delivered' && shippingMails === 1 ? order : undefined;
      },
      60_000,
    );
    const printed = [...printer.jobs.values()].filter((job) => job.external_id === paidOrderId);
    expect(printed).toHaveLength(1);
    expect(printed[0]?.request.line_items[0]?.quantity).toBe(2);

    const mine = await ctx.http.get<{
      orders: {
        _id: string;
        status: string;
        timeline: { status: string }[];
        tracking: { number: string }[];
      }[];
    }>('/api/orders/mine', { token: buyer });
    const order = mine.body.orders.find((o) => o._id === paidOrderId);
    expect(order?.status).toBe('delivered');
    expect(order?.timeline.map((step) => step.status)).toEqual([
      'pending_payment',
      'paid',
      'processing',
      'shipped',
      'delivered',
    ]);
    const tracking = printed[0]?.line_items[0]?.status.messages?.tracking_id;
    expect(order?.tracking.map((parcel) => parcel.number)).toEqual([tracking]);
    expect(await mails.findOne({ template: 'shipping-update' })).toMatchObject({
      to: 'journey.buyer@example.com',
    });
  });
});
