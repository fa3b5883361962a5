import { createHmac } from 'node:crypto';
import { SIMULATOR_SIGNATURE_HEADER, type PaymentCreateResponse } from '@mechabrim/contracts';
import { Types } from 'mongoose';
import { until } from '@mechabrim/testing';
import { createTestApi } from './test-api';
import { OrderExpirySweep } from '../src/payments/order-expiry.service';
import { OutboxRelay, outboxJobId } from '../src/payments/outbox-relay.service';
import {
  BUYER,
  payInFrame,
  registerBuyer,
  SHOP_URL,
  SIMULATOR_SECRET,
  startCheckoutApi,
  type CheckoutApi,
} from './checkout-fixture';
import { expectError } from './http';

const APPROVED = '4580 4580 4580 4580';

/** The fields of a stored order these tests read. */
interface StoredOrderView {
  status: string;
  expiresAt: Date;
  updatedAt: Date;
  books: { priceAgorot: number }[];
  shipping: { method: string; priceAgorot: number };
  payment: { notifyLog: unknown[]; amountAgorot: number | null };
  statusHistory: { status: string; at: Date }[];
  user: { name: string };
}

/** Waits until `probe` holds (real servers: a relay poll, a reconnect). */
const eventually = (what: string, probe: () => Promise<boolean>, timeoutMs = 20_000) =>
  until(what, async () => ((await probe()) ? true : undefined), timeoutMs);

const allDispatched = (ctx: CheckoutApi, orderId: string) => async () =>
  (await ctx.outbox.countDocuments({ 'payload.orderId': orderId, status: 'dispatched' })) === 4;

describe('payments: create, simulator, notify, outbox', () => {
  let ctx: CheckoutApi;
  let buyer: string;
  let otherBuyer: string;
  let keyCounter = 0;
  const freshKey = () => `checkout-attempt-${Date.now().toString(36)}-${(keyCounter += 1)}`;

  beforeAll(async () => {
    ctx = await startCheckoutApi();
    buyer = await registerBuyer(ctx.http, 'buyer.one@example.com');
    otherBuyer = await registerBuyer(ctx.http, 'buyer.two@example.com');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const createRequest = (overrides: Record<string, unknown> = {}) => ({
    items: [
      { id: String(ctx.books.available[0]), quantity: 2 },
      { id: String(ctx.books.available[1]), quantity: 1 },
    ],
    client: BUYER,
    shipping_method: 'standard',
    shipping_region: 'israel-centre',
    ...overrides,
  });

  const create = (body: unknown, key: string = freshKey(), token = buyer) =>
    ctx.http.post<PaymentCreateResponse>('/api/payments/create', body, {
      token,
      headers: { 'idempotency-key': key },
    });

  const order = (id: string) => ctx.orders.findById(id).lean<StoredOrderView>();

  it('prices the order from the database, ignoring prices and amounts the client sends', async () => {
    const tampered = createRequest({
      amount: 1,
      currency: 'USD',
      items: [
        { id: String(ctx.books.available[0]), quantity: 2, price: 0.01, total: 0.02, type: 'I' },
        { id: String(ctx.books.available[1]), quantity: 1, price: 0.01, total: 0.01 },
      ],
    });
    const res = await create(tampered);
    expect(res.status).toBe(201);
    // 2 × 39.90 + 54.50 = 134.30; standard shipping 15 (not over 150, 3 copies); donation 13.43.
    expect(res.body.totals).toEqual({
      subtotal: 134.3,
      shipping: 15,
      donation: 13.43,
      total: 149.3,
      currency: 'ILS',
    });
    expect(res.body.payment_url).toBe(`${ctx.simulator.url}/mechabrim/iframenew.php`);
    expect(res.body.form_data).toMatchObject({
      sum: '149.30',
      currency: '1',
      lang: 'il',
      payment_ref: res.body.transaction_id,
      thtk: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      new_process: '1',
      success_url_address: `${SHOP_URL}/payment/iframe/success`,
      fail_url_address: `${SHOP_URL}/payment/iframe/failed`,
      notify_url_address: `${ctx.api.baseUrl}/api/payments/notify/simulator`,
    });
    const stored = await order(res.body.order_id);
    expect(stored).toMatchObject({
      status: 'pending_payment',
      totalAmountAgorot: 13430,
      donationAmountAgorot: 1343,
      amountDueAgorot: 14930,
      shipping: { method: 'standard', region: 'israel-centre', priceAgorot: 1500 },
    });
    expect(stored?.books.map((l) => l.priceAgorot)).toEqual([3990, 5450]);
    // The hosted page is opened for a random payment attempt, never with the order's id.
    expect(res.body.transaction_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.body.form_data).not.toHaveProperty('order_id');
    expect(JSON.stringify(res.body.form_data)).not.toContain(res.body.order_id);
    expect(res.body.payment_url).not.toContain(res.body.order_id);
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it('applies the free-shipping rule of libs/money (over 150 ₪ ships standard free)', async () => {
    const res = await create(
      createRequest({ items: [{ id: String(ctx.books.available[2]), quantity: 2 }] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.totals).toMatchObject({ subtotal: 240, shipping: 0, total: 240, donation: 24 });
  });

  it('ships a VIP club member free by every domestic method, read from the account, never the request', async () => {
    const vipEmail = 'vip.buyer@example.com';
    const vip = await registerBuyer(ctx.http, vipEmail);
    const nextDay = createRequest({ shipping_method: 'next-day', isVip: true, is_vip: true });
    // Not yet a member: claiming it in the request changes nothing.
    const before = await create(nextDay, freshKey(), vip);
    expect(before.status).toBe(201);
    expect(before.body.totals).toMatchObject({ subtotal: 134.3, shipping: 35, total: 169.3 });

    await ctx.orders.db
      .collection('users')
      .updateOne({ email: vipEmail }, { $set: { isVip: true } });
    const me = await ctx.http.get<{ isVip?: boolean }>('/api/auth/profile', {
      token: vip,
    });
    expect(me.body.isVip).toBe(true);
    const after = await create(nextDay, freshKey(), vip);
    expect(after.status).toBe(201);
    expect(after.body.totals).toMatchObject({ subtotal: 134.3, shipping: 0, total: 134.3 });
    const stored = await order(after.body.order_id);
    expect(stored?.shipping).toMatchObject({ method: 'next-day', priceAgorot: 0 });
  });

  it('makes one order for a retried or double-clicked create with the same key', async () => {
    const key = freshKey();
    const [first, second] = await Promise.all([
      create(createRequest(), key),
      create(createRequest(), key),
    ]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.order_id).toBe(first.body.order_id);
    const third = await ctx.http.post<PaymentCreateResponse>(
      '/api/payments/create',
      { ...createRequest(), idempotency_key: key },
      { token: buyer },
    );
    expect(third.body.order_id).toBe(first.body.order_id);
    expect(await ctx.orders.countDocuments({ idempotencyKey: key })).toBe(1);
  });

  it("keeps every page it opened for an order: past the most, none is opened, and the first page's payment still pays", async () => {
    const key = freshKey();
    const first = await create(createRequest(), key);
    expect(first.status).toBe(201);
    for (let opened = 1; opened < 20; opened += 1) {
      expect((await create(createRequest(), key)).status).toBe(201);
    }
    const tooMany = expectError(await create(createRequest(), key), 429);
    expect(tooMany.message).toMatch(/[\u0590-\u05FF]/);
    const stored = await ctx.orders
      .findById(first.body.order_id)
      .lean<{ payment: { attempts: { ref: string }[] } }>();
    expect(stored?.payment.attempts).toHaveLength(20);
    expect(stored?.payment.attempts[0]?.ref).toBe(first.body.transaction_id);
    await payInFrame(first.body.payment_url, first.body.form_data, { ccno: APPROVED });
    expect((await order(first.body.order_id))?.status).toBe('paid');
  });

  it('refuses the same key with another cart', async () => {
    const key = freshKey();
    expect((await create(createRequest(), key)).status).toBe(201);
    const other = createRequest({ items: [{ id: String(ctx.books.available[2]), quantity: 1 }] });
    expectError(await create(other, key), 409);
  });

  it('refuses an unavailable book, naming it in Hebrew', async () => {
    const res = await create(
      createRequest({
        items: [
          { id: String(ctx.books.available[0]), quantity: 1 },
          { id: String(ctx.books.withdrawn), quantity: 1 },
        ],
      }),
    );
    const body = expectError(res, 409);
    expect(body.message).toContain('ספר שירד מהמדף');
    expect(body.message).not.toContain('הגשר על הירקון');
  });

  it('validates the buyer and the request in Hebrew, never a 500', async () => {
    const badBuyer = await create(
      createRequest({ client: { ...BUYER, phone: '03-1234567', zip: '123' } }),
    );
    const body = expectError(badBuyer, 400);
    expect(body.message).toContain('נייד');
    expect(body.message).toContain('מיקוד');
    expectError(await create(createRequest({ items: [] })), 400);
    expectError(
      await create(createRequest({ items: [{ id: String(ctx.books.available[0]), quantity: 0 }] })),
      400,
    );
    expectError(await create(createRequest({ shipping_method: 'teleport' })), 400);
    // Next day does not reach the north.
    expectError(
      await create(createRequest({ shipping_method: 'next-day', shipping_region: 'israel-other' })),
      400,
    );
    expectError(await create(createRequest(), 'bad key!'), 400);
    expectError(await ctx.http.post('/api/payments/create', createRequest()), 401);
    // The longest names the form takes make an order (the order keeps them joined, 121 characters).
    const longest = { ...BUYER, first_name: 'א'.repeat(60), last_name: 'ב'.repeat(60) };
    const named = await create(createRequest({ client: longest }));
    expect(named.status).toBe(201);
    expect((await order(named.body.order_id))?.user.name).toHaveLength(121);
    const tooLong = await create(
      createRequest({ client: { ...longest, last_name: 'ב'.repeat(61) } }),
    );
    expectError(tooLong, 400);
  });

  it('approved card: signed notify, order paid, outbox rows, one BullMQ job per follow-up', async () => {
    const created = await create(createRequest());
    const redirect = await payInFrame(created.body.payment_url, created.body.form_data, {
      ccno: APPROVED,
    });
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${SHOP_URL}/payment/iframe/success`);
    const transactionId = redirect.searchParams.get('transaction_id') ?? '';
    expect(redirect.toString()).not.toContain(created.body.order_id);

    const paid = await order(created.body.order_id);
    expect(paid).toMatchObject({
      status: 'paid',
      payment: {
        provider: 'simulator',
        transactionId,
        amountAgorot: 14930,
        currency: 'ILS',
        cardLast4: '4580',
      },
    });
    expect(JSON.stringify(paid)).not.toContain('4580458045804580');

    const rows = await ctx.outbox
      .find({ 'payload.orderId': created.body.order_id })
      .lean<{ _id: { toHexString(): string }; type: string }[]>();
    expect(rows.map((r) => r.type).sort()).toEqual([
      'mail',
      'order-splits',
      'print-jobs',
      'receipts',
    ]);
    await eventually('the outbox dispatched', allDispatched(ctx, created.body.order_id));
    for (const row of rows) {
      const job = await ctx.queues[row.type as 'mail'].getJob(outboxJobId(row._id.toHexString()));
      expect(job?.data).toMatchObject({ orderId: created.body.order_id });
    }

    const status = await ctx.http.get(`/api/payments/status/${transactionId}`, { token: buyer });
    expect(status.body).toMatchObject({
      success: true,
      status: 'completed',
      error: null,
      order_id: created.body.order_id,
      amount: 149.3,
      currency: 'ILS',
      // The success page's next steps follow the method.
      shipping: { method: 'standard', region: 'israel-centre' },
    });
    // The create answer's transaction_id (the payment attempt's reference) finds it too.
    const byOrder = await ctx.http.get(`/api/payments/status/${created.body.transaction_id}`, {
      token: buyer,
    });
    expect(byOrder.body).toMatchObject({ status: 'completed' });
  });

  it('a retried create after payment is refused, not a second order', async () => {
    const key = freshKey();
    const created = await create(createRequest(), key);
    await payInFrame(created.body.payment_url, created.body.form_data, { ccno: APPROVED });
    expectError(await create(createRequest(), key), 409);
  });

  it('declined card: not paid, the status says why, another card can still pay', async () => {
    const created = await create(createRequest());
    const redirect = await payInFrame(created.body.payment_url, created.body.form_data, {
      ccno: '4000000000000002',
    });
    expect(redirect.pathname).toBe('/payment/iframe/failed');
    expect(redirect.searchParams.get('error_code')).toBe('DECLINED');
    const declined = await order(created.body.order_id);
    expect(declined?.status).toBe('pending_payment');
    expect(await ctx.outbox.countDocuments({ 'payload.orderId': created.body.order_id })).toBe(0);
    const status = await ctx.http.get(
      `/api/payments/status/${redirect.searchParams.get('transaction_id')}`,
      { token: buyer },
    );
    expect(status.body).toMatchObject({
      success: false,
      status: 'failed',
      error_code: 'DECLINED',
      error: 'הכרטיס נדחה על ידי הבנק',
    });

    await payInFrame(created.body.payment_url, created.body.form_data, { ccno: APPROVED });
    expect((await order(created.body.order_id))?.status).toBe('paid');
  });

  it('a declined attempt that the buyer then pays anew is not listed among their orders; the paid one is', async () => {
    const declined = await create(createRequest());
    await payInFrame(declined.body.payment_url, declined.body.form_data, {
      ccno: '4000000000000002',
    });
    const abandoned = await create(createRequest());
    const paid = await create(createRequest());
    await payInFrame(paid.body.payment_url, paid.body.form_data, { ccno: APPROVED });
    expect((await order(declined.body.order_id))?.status).toBe('pending_payment');

    const mine = await ctx.http.get<{ orders: { _id: string; status: string }[]; total: number }>(
      '/api/orders/mine?limit=50',
      { token: buyer },
    );
    expect(mine.status).toBe(200);
    const ids = mine.body.orders.map((o) => o._id);
    expect(ids).toContain(paid.body.order_id);
    expect(ids).not.toContain(declined.body.order_id);
    expect(ids).not.toContain(abandoned.body.order_id);
    expect(mine.body.orders.filter((o) => o.status === 'pending_payment')).toEqual([]);
    expect(mine.body.total).toBe(mine.body.orders.length);
  });

  it('a card failing Luhn is INVALID_CARD and pays nothing', async () => {
    const created = await create(createRequest());
    const redirect = await payInFrame(created.body.payment_url, created.body.form_data, {
      ccno: '4580458045804581',
    });
    expect(redirect.searchParams.get('error_code')).toBe('INVALID_CARD');
    expect((await order(created.body.order_id))?.status).toBe('pending_payment');
  });

  const signedNotify = (fields: Record<string, string>, secret = SIMULATOR_SECRET) => {
    const body = JSON.stringify(fields);
    return {
      body,
      headers: {
        [SIMULATOR_SIGNATURE_HEADER]: createHmac('sha256', secret).update(body).digest('hex'),
      },
    };
  };

  const notifyFields = (paymentRef: string, sum: string) => ({
    payment_ref: paymentRef,
    Response: '000',
    index: '12345678',
    ConfirmationCode: '1234567',
    sum,
    currency: '1',
    ccno_last4: '4580',
    notified_at: new Date().toISOString(),
  });

  it('rejects a forged signature and changes nothing', async () => {
    const created = await create(createRequest());
    const forged = signedNotify(
      notifyFields(created.body.transaction_id, '149.30'),
      'not-the-secret-at-all',
    );
    const res = await ctx.http.post('/api/payments/notify/simulator', forged.body, {
      headers: forged.headers,
    });
    expectError(res, 401);
    const unsigned = await ctx.http.post('/api/payments/notify/simulator', forged.body);
    expectError(unsigned, 401);
    const after = await order(created.body.order_id);
    expect(after?.status).toBe('pending_payment');
    expect(after?.payment.notifyLog).toHaveLength(0);
  });

  it('refuses an authentic notify the provider never confirmed (no such transaction)', async () => {
    const created = await create(createRequest());
    const made = signedNotify(notifyFields(created.body.transaction_id, '149.30'));
    const res = await ctx.http.post<{ outcome: string }>(
      '/api/payments/notify/simulator',
      made.body,
      {
        headers: made.headers,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('not_confirmed');
    expect((await order(created.body.order_id))?.status).toBe('pending_payment');
  });

  it('a replayed notify changes nothing', async () => {
    const created = await create(createRequest());
    await payInFrame(created.body.payment_url, created.body.form_data, { ccno: APPROVED });
    const first = ctx.simulator.notifies.at(-1);
    if (!first) throw new Error('the simulator sent no notify');
    const before = await order(created.body.order_id);
    const replay = await fetch(`${ctx.api.baseUrl}/api/payments/notify/simulator`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIMULATOR_SIGNATURE_HEADER]: createHmac('sha256', SIMULATOR_SECRET)
          .update(first.body)
          .digest('hex'),
      },
      body: first.body,
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: 'replay' });
    const after = await order(created.body.order_id);
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    expect(after?.payment.notifyLog).toHaveLength(1);
    expect(await ctx.outbox.countDocuments({ 'payload.orderId': created.body.order_id })).toBe(4);
  });

  it('the hosted page refuses a sum other than the locked one; the order stays payable', async () => {
    const created = await create(createRequest());
    // A buyer editing the hosted page's hidden sum: the amount lock refuses it.
    await expect(
      payInFrame(
        created.body.payment_url,
        { ...created.body.form_data, sum: '1.00' },
        {
          ccno: APPROVED,
        },
      ),
    ).rejects.toThrow(/403/);
    const untouched = await order(created.body.order_id);
    expect(untouched?.status).toBe('pending_payment');
    expect(untouched?.payment.notifyLog).toHaveLength(0);
    await payInFrame(created.body.payment_url, created.body.form_data, { ccno: APPROVED });
    expect((await order(created.body.order_id))?.status).toBe('paid');
  });

  it("another user's payment status and orders answer 404 / are not listed", async () => {
    const created = await create(createRequest());
    const redirect = await payInFrame(created.body.payment_url, created.body.form_data, {
      ccno: APPROVED,
    });
    const transactionId = redirect.searchParams.get('transaction_id') ?? '';
    expectError(
      await ctx.http.get(`/api/payments/status/${transactionId}`, { token: otherBuyer }),
      404,
    );
    expectError(
      await ctx.http.get(`/api/payments/status/${created.body.order_id}`, { token: otherBuyer }),
      404,
    );
    expectError(await ctx.http.get(`/api/payments/status/${transactionId}`), 401);
    const theirs = await ctx.http.get<{ orders: { _id: string }[]; total: number }>(
      '/api/orders/mine',
      { token: otherBuyer },
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.orders.map((o) => o._id)).not.toContain(created.body.order_id);
  });

  it("lists the buyer's own orders newest first, paged", async () => {
    const page1 = await ctx.http.get<{
      orders: { _id: string; createdAt: string; status: string; total: number; lines: unknown[] }[];
      total: number;
      hasMore: boolean;
      page: number;
      limit: number;
    }>('/api/orders/mine?limit=3', { token: buyer });
    expect(page1.status).toBe(200);
    expect(page1.body.orders).toHaveLength(3);
    expect(page1.body.total).toBeGreaterThan(3);
    expect(page1.body.hasMore).toBe(true);
    const dates = page1.body.orders.map((o) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await ctx.http.get<{ orders: { _id: string }[] }>(
      '/api/orders/mine?limit=3&page=2',
      {
        token: buyer,
      },
    );
    const firstIds = new Set(page1.body.orders.map((o) => o._id));
    expect(page2.body.orders.some((o) => firstIds.has(o._id))).toBe(false);
    const paid = (
      await ctx.http.get<{
        orders: { status: string; shipping: unknown; lines: unknown[]; timeline: unknown[] }[];
      }>('/api/orders/mine?limit=50', { token: buyer })
    ).body.orders.find((o) => o.status === 'paid');
    expect(paid).toMatchObject({
      shipping: { method: 'standard', region: 'israel-centre', price: 15 },
      lines: [
        { title: 'הגשר על הירקון', unitPrice: 39.9, quantity: 2, lineTotal: 79.8 },
        { title: 'שירים מן המרפסת', unitPrice: 54.5, quantity: 1, lineTotal: 54.5 },
      ],
      timeline: [
        { status: 'pending_payment', at: expect.any(String) },
        { status: 'paid', at: expect.any(String) },
      ],
    });
    expectError(await ctx.http.get('/api/orders/mine?limit=500', { token: buyer }), 400);
    expectError(await ctx.http.get('/api/orders/mine'), 401);
  });

  it('expires a pending order past its time; a later approved notify goes to review', async () => {
    const created = await create(createRequest());
    await ctx.orders.updateOne(
      { _id: created.body.order_id },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const beforeSweep = await ctx.http.get(`/api/payments/status/${created.body.order_id}`, {
      token: buyer,
    });
    expect(beforeSweep.body).toMatchObject({ status: 'expired' });
    const sweep = ctx.api.app.get(OrderExpirySweep);
    expect(await sweep.expireOverdue()).toBeGreaterThanOrEqual(1);
    expect((await order(created.body.order_id))?.status).toBe('expired');
    await payInFrame(created.body.payment_url, created.body.form_data, { ccno: APPROVED });
    const held = await order(created.body.order_id);
    expect(held?.status).toBe('payment_review');
    expect(held?.statusHistory.map((step) => step.status)).toEqual([
      'pending_payment',
      'expired',
      'payment_review',
    ]);
  });

  it('Redis down while a notify arrives: the order is paid, and the jobs go out once Redis is back', async () => {
    const created = await create(createRequest());
    await ctx.redis.stop();
    try {
      await payInFrame(created.body.payment_url, created.body.form_data, { ccno: APPROVED });
      expect((await order(created.body.order_id))?.status).toBe('paid');
      const relay = ctx.api.app.get(OutboxRelay);
      expect(await relay.dispatchPending()).toBe(0);
      expect(
        await ctx.outbox.countDocuments({
          'payload.orderId': created.body.order_id,
          status: 'pending',
        }),
      ).toBe(4);
    } finally {
      await ctx.redis.start();
    }
    await eventually(
      'the outbox dispatched after Redis is back',
      allDispatched(ctx, created.body.order_id),
    );
    // A row dispatched again (a relay that died before marking it) still makes one job.
    await ctx.outbox.updateMany(
      { 'payload.orderId': created.body.order_id },
      { $set: { status: 'pending' } },
    );
    await eventually('the outbox dispatched again', allDispatched(ctx, created.body.order_id));
    // One job in each queue of a paid order's follow-up work (a refund has none until cancelled).
    for (const [name, queue] of Object.entries(ctx.queues)) {
      if (name === 'refunds') continue;
      const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
      expect(jobs.filter((job) => job.data.orderId === created.body.order_id)).toHaveLength(1);
    }
  });

  it('two API processes on one database dispatch each outbox row exactly once', async () => {
    const second = await createTestApi({
      mongoUri: ctx.mongoUri,
      redisUrl: ctx.redis.url,
      env: ctx.apiEnv,
    });
    try {
      const orderIds = Array.from({ length: 40 }, () => new Types.ObjectId().toHexString());
      await ctx.outbox.insertMany(
        orderIds.map((orderId) => ({ type: 'print-jobs', payload: { orderId } })),
      );
      // Both relays poll on their own timers; these calls make them race on the same rows.
      await Promise.all([
        ctx.api.app.get(OutboxRelay).dispatchPending(),
        second.app.get(OutboxRelay).dispatchPending(),
      ]);
      const mine = { 'payload.orderId': { $in: orderIds } };
      await eventually(
        'both relays dispatched the rows',
        async () => (await ctx.outbox.countDocuments({ ...mine, status: 'dispatched' })) === 40,
      );
      // Each row was claimed once: a second claim would have counted a second attempt.
      expect(await ctx.outbox.countDocuments({ ...mine, attempts: { $ne: 1 } })).toBe(0);
      const jobs = await ctx.queues['print-jobs'].getJobs(['waiting', 'delayed', 'active']);
      const ours = jobs.filter((job) => orderIds.includes(job.data.orderId));
      expect(ours).toHaveLength(40);
      expect(new Set(ours.map((job) => job.data.orderId)).size).toBe(40);
    } finally {
      await second.close();
    }
  });

  it('sets aside an outbox row whose payload can never be a job, without blocking the next', async () => {
    const good = new Types.ObjectId().toHexString();
    const [bad] = await ctx.outbox.insertMany([
      { type: 'receipts', payload: { orderId: 'not-an-order-id' }, createdAt: new Date(0) },
      { type: 'receipts', payload: { orderId: good } },
    ]);
    await eventually(
      'the valid row dispatched',
      async () =>
        (await ctx.outbox.countDocuments({ 'payload.orderId': good, status: 'dispatched' })) === 1,
    );
    const setAside = await ctx.outbox
      .findById(bad?._id)
      .lean<{ status: string; lastError: string }>();
    expect(setAside?.status).toBe('failed');
    expect(setAside?.lastError).toBeTruthy();
  });
});
