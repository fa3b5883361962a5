// `POST /api/print/callback` against the real API, the embedded MongoDB and a real redis-server:
// signed callbacks move an order forward only, keep every parcel, queue one shipping mail per new
// parcel; duplicate, concurrent and out-of-order callbacks leave the right final status. Last, the
// local print simulator drives a real order to delivered through the real API.
import { createHmac } from 'node:crypto';
import {
  buyerOrderStatusHe,
  PRINT_SIGNATURE_HEADER,
  PRINT_WEBHOOK_TOPIC,
  type BuyerOrdersPage,
} from '@mechabrim/contracts';
import { startPrintSimulator, TOKEN_PATH } from '@mechabrim/print-simulator';
import {
  startTestMongo,
  startTestRedis,
  until,
  type TestMongo,
  type TestRedis,
} from '@mechabrim/testing';
import mongoose, { Types, type Connection } from 'mongoose';
import { registerUser } from './catalogue-fixture';
import { client, expectError } from './http';
import { createTestApi, type TestApi } from './test-api';

const SECRET = 'print-callback-e2e-secret';

let mongo: TestMongo;
let redis: TestRedis;
let api: TestApi;
let db: Connection;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  api = await createTestApi({
    mongoUri: mongo.uri,
    redisUrl: redis.url,
    env: { PRINT_API_SECRET: SECRET },
  });
  http = client(api.baseUrl);
  db = await mongoose.createConnection(mongo.uri).asPromise();
}, 60_000);

afterAll(async () => {
  await api?.close();
  await db?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
});

/** A paid order; `print` null: no handoff recorded yet (the callback came first). */
async function paidOrder(
  status = 'processing',
  print?: object | null,
  fields: object = {},
): Promise<string> {
  const _id = new Types.ObjectId();
  await db.collection('orders').insertOne({
    _id,
    user: { name: 'דנה לוי', email: 'dana@example.com', userId: new Types.ObjectId() },
    shippingAddress: { street: 'הרצל 1', city: 'תל אביב' },
    books: [
      {
        book: { _id: new Types.ObjectId(), title: 'ספר', author: new Types.ObjectId() },
        quantity: 1,
        priceAgorot: 5000,
      },
    ],
    totalAmountAgorot: 5000,
    donationAmountAgorot: 500,
    status,
    statusHistory: [{ status, at: new Date() }],
    print:
      print !== undefined
        ? print
        : {
            provider: 'simulator',
            handoffKey: `mechabrim-order-${String(_id)}`,
            jobId: '7001',
            attempts: 1,
            parcels: [],
            providerStatus: 'CREATED',
            providerStatusAt: new Date(Date.now() - 60_000),
            needsAttention: null,
          },
    createdAt: new Date(),
    updatedAt: new Date(),
    ...fields,
  });
  return _id.toHexString();
}

/** A webhook body as Lulu sends it; `parcels` ship the first lines with these tracking ids. */
function webhook(orderId: string, status: string, parcels: string[] = [], extra: object = {}) {
  return JSON.stringify({
    topic: PRINT_WEBHOOK_TOPIC,
    data: {
      id: 7001,
      external_id: orderId,
      status: { name: status, messages: {}, changed: new Date().toISOString(), ...extra },
      line_items: ['a', 'b'].map((line, index) => ({
        id: index + 1,
        external_id: `${orderId}-${line}`,
        status: parcels[index]
          ? {
              name: 'SHIPPED',
              messages: {
                tracking_id: parcels[index],
                tracking_urls: [`https://track.example/${parcels[index]}`],
                carrier_name: 'דואר ישראל',
              },
            }
          : { name: status },
      })),
    },
  });
}

const sign = (body: string, secret = SECRET) =>
  createHmac('sha256', secret).update(body).digest('hex');
const send = (body: string, signature = sign(body)) =>
  http.post('/api/print/callback', body, { headers: { [PRINT_SIGNATURE_HEADER]: signature } });
const orderOf = (orderId: string) =>
  db.collection('orders').findOne({ _id: new Types.ObjectId(orderId) });
const mailsFor = (orderId: string) =>
  db
    .collection('outbox')
    .find({ type: 'mail', 'payload.orderId': orderId, 'payload.template': 'shipping-update' })
    .sort({ createdAt: 1 })
    .toArray();
const mailTemplatesFor = async (orderId: string) =>
  (
    await db
      .collection('outbox')
      .find({ type: 'mail', 'payload.orderId': orderId })
      .sort({ createdAt: 1 })
      .toArray()
  ).map((row) => row.payload.template as string);
const statuses = (order: Record<string, unknown> | null) =>
  (order?.statusHistory as { status: string }[] | undefined)?.map((step) => step.status);

describe('POST /api/print/callback', () => {
  it('refuses a forged, unsigned or re-serialised callback with a Hebrew 401, changing nothing', async () => {
    const orderId = await paidOrder();
    const body = webhook(orderId, 'SHIPPED', ['RR1IL']);
    expectError(await send(body, sign(body, 'not-the-secret')), 401);
    expectError(await http.post('/api/print/callback', body), 401);
    expectError(await send(JSON.stringify(JSON.parse(body), null, 2), sign(body)), 401);
    const order = await orderOf(orderId);
    expect(order?.status).toBe('processing');
    expect(order?.print.parcels).toEqual([]);
    expect(await mailsFor(orderId)).toHaveLength(0);
  });

  it('answers 400 in Hebrew to a signed body that is not a print-job callback', async () => {
    for (const body of ['not json', JSON.stringify({ topic: 'OTHER', data: {} })])
      expectError(await send(body), 400);
  });

  it('walks an order to delivered, keeping both parcels and mailing each new one', async () => {
    const orderId = await paidOrder('paid');
    const steps: [string, string[]][] = [
      ['CREATED', []],
      ['IN_PRODUCTION', []],
      ['SHIPPED', ['RR1IL']],
      ['SHIPPED', ['RR1IL', 'RR2IL']],
      ['DELIVERED', ['RR1IL', 'RR2IL']],
    ];
    const outcomes: string[] = [];
    for (const [status, parcels] of steps) {
      const answer = await send(webhook(orderId, status, parcels));
      expect(answer.status).toBe(200);
      outcomes.push((answer.body as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual(['moved', 'unchanged', 'moved', 'unchanged', 'moved']);
    const order = await orderOf(orderId);
    expect(order?.status).toBe('delivered');
    expect(statuses(order)).toEqual(['paid', 'processing', 'shipped', 'delivered']);
    expect(order?.print.parcels).toEqual([
      { trackingNumber: 'RR1IL', carrier: 'דואר ישראל', url: 'https://track.example/RR1IL' },
      { trackingNumber: 'RR2IL', carrier: 'דואר ישראל', url: 'https://track.example/RR2IL' },
    ]);
    expect(order?.print.providerStatus).toBe('DELIVERED');
    const mails = await mailsFor(orderId);
    expect(mails.map((row) => row.payload.trackingNumbers)).toEqual([
      ['RR1IL'],
      ['RR1IL', 'RR2IL'],
    ]);
    expect(mails[0]?.payload).toMatchObject({ to: 'dana@example.com', carrier: 'דואר ישראל' });
  });

  it('a self-pickup order reads ready for pickup, then picked up: one ready mail, no tracking shown', async () => {
    const buyer = await registerUser(http, 'pickup.buyer@example.com');
    const orderId = await paidOrder('paid', undefined, {
      user: {
        name: 'דנה לוי',
        email: 'pickup.buyer@example.com',
        userId: new Types.ObjectId(buyer.id),
      },
      shipping: {
        method: 'pickup',
        region: 'israel-centre',
        priceAgorot: 0,
        listPriceAgorot: 0,
        freeBecause: 'pickup',
      },
    });
    const mine = async () => {
      const answer = await http.get<BuyerOrdersPage>('/api/orders/mine', { token: buyer.token });
      expect(answer.status).toBe(200);
      const order = answer.body.orders.find((candidate) => candidate._id === orderId);
      if (!order) throw new Error('the pickup order is not among the buyer orders');
      return order;
    };

    expect((await send(webhook(orderId, 'IN_PRODUCTION'))).status).toBe(200);
    // The partner says SHIPPED twice, naming its parcel to the branch, then a second parcel.
    for (const parcels of [['RR7IL'], ['RR7IL'], ['RR7IL', 'RR8IL']])
      expect((await send(webhook(orderId, 'SHIPPED', parcels))).status).toBe(200);
    let order = await mine();
    expect(order.status).toBe('shipped');
    expect(buyerOrderStatusHe(order.status, order.shipping?.method)).toBe(
      'מוכנה לאיסוף בסניף תל אביב',
    );
    expect(order.tracking).toEqual([]);
    expect(await mailTemplatesFor(orderId)).toEqual(['ready-for-pickup']);
    const [ready] = await db
      .collection('outbox')
      .find({ type: 'mail', 'payload.orderId': orderId })
      .toArray();
    expect(ready?.payload).toEqual({
      template: 'ready-for-pickup',
      to: 'pickup.buyer@example.com',
      orderId,
    });

    expect((await send(webhook(orderId, 'DELIVERED', ['RR7IL', 'RR8IL']))).status).toBe(200);
    order = await mine();
    expect(order.status).toBe('delivered');
    expect(buyerOrderStatusHe(order.status, order.shipping?.method)).toBe('נאספה');
    expect(order.tracking).toEqual([]);
    expect(await mailTemplatesFor(orderId)).toEqual(['ready-for-pickup']);
    // Admins still see the partner's parcels.
    expect((await orderOf(orderId))?.print.parcels).toHaveLength(2);
  });

  it('out of order and repeated callbacks end at the furthest status, never back', async () => {
    const orderId = await paidOrder();
    const sequence: [string, string[]][] = [
      ['DELIVERED', ['RR9IL']],
      ['SHIPPED', ['RR9IL']],
      ['IN_PRODUCTION', []],
      ['DELIVERED', ['RR9IL']],
      ['CREATED', []],
    ];
    for (const [status, parcels] of sequence)
      expect((await send(webhook(orderId, status, parcels))).status).toBe(200);
    const order = await orderOf(orderId);
    expect(order?.status).toBe('delivered');
    expect(statuses(order)).toEqual(['processing', 'delivered']);
    expect(order?.print.parcels.map((p: { trackingNumber: string }) => p.trackingNumber)).toEqual([
      'RR9IL',
    ]);
    expect(await mailsFor(orderId)).toHaveLength(1);
  });

  it('the same callback ten times at once moves the order once and mails once', async () => {
    const orderId = await paidOrder();
    const body = webhook(orderId, 'SHIPPED', ['RR5IL', 'RR6IL']);
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(body)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const order = await orderOf(orderId);
    expect(order?.status).toBe('shipped');
    expect(statuses(order)).toEqual(['processing', 'shipped']);
    expect(order?.print.parcels).toHaveLength(2);
    expect(await mailsFor(orderId)).toHaveLength(1);
  });

  it('a rejected job leaves the status and shows the reason to admins', async () => {
    const orderId = await paidOrder();
    const answer = await send(
      webhook(orderId, 'REJECTED', [], { messages: { error: 'Interior file is corrupt' } }),
    );
    expect(answer.body).toMatchObject({ outcome: 'needs_attention', status: 'processing' });
    const order = await orderOf(orderId);
    expect(order?.status).toBe('processing');
    expect(order?.print.needsAttention.reason).toBe(
      'בית הדפוס עצר את ההדפסה (REJECTED): Interior file is corrupt',
    );
    // A late IN_PRODUCTION for the same job does not hide it.
    await send(webhook(orderId, 'IN_PRODUCTION'));
    expect((await orderOf(orderId))?.print.needsAttention).not.toBeNull();
  });

  it('a SHIPPED callback for a cancelled order changes nothing for the buyer and asks an admin', async () => {
    const orderId = await paidOrder('cancelled');
    const before = await orderOf(orderId);
    const answer = await send(webhook(orderId, 'SHIPPED', ['RR7IL', 'RR8IL']));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      received: true,
      outcome: 'ignored_cancelled',
      status: 'cancelled',
    });
    const order = await orderOf(orderId);
    expect(order?.status).toBe('cancelled');
    expect(order?.statusHistory).toEqual(before?.statusHistory);
    expect(order?.print.parcels).toEqual([]);
    expect(await mailsFor(orderId)).toHaveLength(0);
    expect(await db.collection('outbox').countDocuments({ 'payload.orderId': orderId })).toBe(0);
    expect(order?.print.afterCancellation).toEqual([
      { at: expect.any(Date), partnerStatus: 'SHIPPED', jobId: '7001' },
    ]);
    expect(order?.print.needsAttention.reason).toBe(
      'ההזמנה בוטלה, אבל בית הדפוס דיווח שהיא נשלחה (SHIPPED). יש לבדוק מול בית הדפוס מה נעשה בעותקים.',
    );
  });

  it('keeps the cancellation’s own CANCELED callback for admins without asking them, at most 20', async () => {
    const orderId = await paidOrder('cancelled');
    for (let i = 0; i < 22; i += 1)
      expect((await send(webhook(orderId, i === 21 ? 'CANCELED' : 'CREATED'))).body).toMatchObject({
        outcome: 'ignored_cancelled',
      });
    const order = await orderOf(orderId);
    expect(order?.status).toBe('cancelled');
    expect(order?.print.needsAttention).toBeNull();
    const kept = order?.print.afterCancellation as { partnerStatus: string }[];
    expect(kept).toHaveLength(20);
    expect(kept.at(-1)?.partnerStatus).toBe('CANCELED');
  });

  it('records a callback for an order cancelled before its handoff was recorded', async () => {
    const orderId = await paidOrder('cancelled', null);
    expect((await send(webhook(orderId, 'IN_PRODUCTION'))).body).toMatchObject({
      outcome: 'ignored_cancelled',
    });
    const order = await orderOf(orderId);
    expect(order?.status).toBe('cancelled');
    expect(order?.print).toMatchObject({
      jobId: '7001',
      parcels: [],
      afterCancellation: [{ partnerStatus: 'IN_PRODUCTION', jobId: '7001' }],
      needsAttention: { reason: expect.stringContaining('(IN_PRODUCTION)') },
    });
  });

  it('answers 200 for an order that is not ours', async () => {
    const stranger = await send(webhook(new Types.ObjectId().toHexString(), 'SHIPPED'));
    expect(stranger.status).toBe(200);
    expect(stranger.body).toMatchObject({ outcome: 'unknown_order' });
  });
});

describe('GET /api/print/attention', () => {
  it('shows admins, and only admins, each order whose printing needs them, with the reason', async () => {
    const rejected = await paidOrder();
    await send(webhook(rejected, 'REJECTED', [], { messages: { error: 'Cover too narrow' } }));
    const shippedAnyway = await paidOrder('cancelled');
    await send(webhook(shippedAnyway, 'DELIVERED', ['RR3IL']));
    const reader = await registerUser(http, 'reader.print@example.com');
    expectError(await http.get('/api/print/attention', { token: reader.token }), 403);
    expectError(await http.get('/api/print/attention'), 401);
    const admin = await registerUser(http, 'admin.print@example.com');
    await db
      .collection('users')
      .updateOne({ _id: new Types.ObjectId(admin.id) }, { $set: { role: 'admin' } });
    const answer = await http.get<{ orders: { orderId: string; reason: string }[] }>(
      '/api/print/attention',
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.orders.find((order) => order.orderId === rejected)).toMatchObject({
      status: 'processing',
      jobId: '7001',
      providerStatus: 'REJECTED',
      reason: 'בית הדפוס עצר את ההדפסה (REJECTED): Cover too narrow',
    });
    expect(answer.body.orders.find((order) => order.orderId === shippedAnyway)).toMatchObject({
      status: 'cancelled',
      providerStatus: 'DELIVERED',
      reason:
        'ההזמנה בוטלה, אבל בית הדפוס דיווח שהיא נמסרה (DELIVERED). יש לבדוק מול בית הדפוס מה נעשה בעותקים.',
    });
    expect(answer.body.orders.every((order) => order.reason.length > 0)).toBe(true);
  });
});

describe('the print simulator calling the real API', () => {
  it('takes a print job and drives the order to delivered in two parcels', async () => {
    const simulator = await startPrintSimulator({
      clientKey: 'key',
      clientSecret: SECRET,
      webhookUrl: `${api.baseUrl}/api/print/callback`,
      stepMs: 50,
    });
    try {
      const orderId = await paidOrder('paid', null);
      const token = (await (
        await fetch(`${simulator.url}${TOKEN_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `grant_type=client_credentials&client_id=key&client_secret=${SECRET}`,
        })
      ).json()) as { access_token: string };
      const line = (n: number) => ({
        external_id: `${orderId}-${n}`,
        title: `ספר ${n}`,
        quantity: 1,
        printable_normalization: {
          pod_package_id: '0583X0827.BW.STD.PB.060UW444.MXX',
          cover: { source_url: 'https://files.example/c.pdf' },
          interior: { source_url: 'https://files.example/i.pdf' },
        },
      });
      const created = await fetch(`${simulator.url}/print-jobs/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token.access_token}`,
          'content-type': 'application/json',
          'idempotency-key': `mechabrim-order-${orderId}`,
        },
        body: JSON.stringify({
          external_id: orderId,
          contact_email: 'print@mechabrim.example',
          shipping_level: 'MAIL',
          shipping_address: {
            name: 'דנה',
            street1: 'הרצל 1',
            city: 'תל אביב',
            postcode: '6100001',
            country_code: 'IL',
            phone_number: '050',
          },
          line_items: [line(1), line(2)],
        }),
      });
      expect(created.status).toBe(201);
      const order = await until('delivered', async () => {
        const found = await orderOf(orderId);
        return found?.status === 'delivered' ? found : undefined;
      });
      expect(statuses(order)).toEqual(['paid', 'processing', 'shipped', 'delivered']);
      expect(order.print.parcels).toHaveLength(2);
      expect(order.print.jobId).toBe(String([...simulator.jobs.keys()][0]));
      // The order reads 'delivered' once the API has written the last webhook, which may be
      // before the simulator has read the API's answer to it: wait for every answer first.
      await until('every webhook answered', async () =>
        simulator.webhooks.every((hook) => hook.httpStatus !== null) ? true : undefined,
      );
      expect(simulator.webhooks.map((hook) => hook.httpStatus)).toEqual(
        simulator.webhooks.map(() => 200),
      );
    } finally {
      await simulator.stop();
    }
  });
});
