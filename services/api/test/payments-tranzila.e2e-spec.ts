import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentCreateResponse } from '@mechabrim/contracts';
import { BUYER, registerBuyer, startCheckoutApi, type CheckoutApi } from './checkout-fixture';
import { expectError } from './http';
import { PaymentClaimsBackfill } from '../src/payments/payment-claims-backfill';

const TERMINAL = 'mechabrimtest';
const APP_KEY = 'recorded-app-key-0001';
const SECRET = 'recorded-secret-0001';
const TRANZILA_PW = 'terminal-pw-0001';
const THTK = 'Xk2vQ9recordedHandshakeToken7Lm';

interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/**
 * A local stand-in for Tranzila, answering with the shapes of its documentation: the handshake
 * (`/cgi-bin/tranzila71dt.cgi`, a form post of `supplier`, `TranzilaPW`, `sum`, `currency`,
 * `op=1`) answers plain `thtk=<token>` to the terminal's password; the transactions search answers
 * `error_code` 0 and the transactions found (`transaction_index`, `processor_response_code`,
 * `amount` in shekels, `currency_code`).
 */
async function startFakeTranzila() {
  const requests: RecordedRequest[] = [];
  const transactions = new Map<string, Record<string, unknown>>();
  let failing = false;
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const form = String(request.headers['content-type']).startsWith(
        'application/x-www-form-urlencoded',
      );
      const body: Record<string, unknown> = !raw
        ? {}
        : form
          ? Object.fromEntries(new URLSearchParams(raw))
          : (JSON.parse(raw) as Record<string, unknown>);
      requests.push({ path: request.url ?? '', headers: request.headers, body });
      const send = (status: number, answer: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      };
      if (failing) return send(502, { error: 'bad gateway' });
      if (request.url === '/cgi-bin/tranzila71dt.cgi' && request.method === 'POST') {
        const granted = body.TranzilaPW === TRANZILA_PW && body.supplier === TERMINAL;
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(granted && body.op === '1' ? `thtk=${THTK}` : 'Response=005');
        return;
      }
      if (request.url === '/v1/transactions') {
        const found = transactions.get(String(body.transaction_index));
        return send(200, { error_code: 0, message: 'Success', transactions: found ? [found] : [] });
      }
      return send(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    transactions,
    setFailing: (value: boolean) => {
      failing = value;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('payments with the Tranzila adapter (against a local fake)', () => {
  let fake: Awaited<ReturnType<typeof startFakeTranzila>>;
  let ctx: CheckoutApi;
  let buyer: string;
  let counter = 0;

  beforeAll(async () => {
    fake = await startFakeTranzila();
    ctx = await startCheckoutApi({
      PAYMENT_PROVIDER: 'tranzila',
      TRANZILA_TERMINAL: TERMINAL,
      TRANZILA_APP_KEY: APP_KEY,
      TRANZILA_SECRET: SECRET,
      TRANZILA_PW: TRANZILA_PW,
      TRANZILA_HANDSHAKE_URL: `${fake.url}/cgi-bin/tranzila71dt.cgi`,
      TRANZILA_HOSTED_URL: fake.url,
      TRANZILA_API_URL: fake.url,
    });
    buyer = await registerBuyer(ctx.http, 'tranzila.buyer@example.com');
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.stop();
  });

  const createOrder = async () => {
    const res = await ctx.http.post<PaymentCreateResponse>(
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
      { token: buyer, headers: { 'idempotency-key': `tranzila-${(counter += 1)}-attempt` } },
    );
    expect(res.status).toBe(201);
    return res.body;
  };

  const notify = (fields: Record<string, string>) =>
    fetch(`${ctx.api.baseUrl}/api/payments/notify/tranzila`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  /** Tranzila knows an approved transaction of the orders' sum, 149.30 ₪, under this index. */
  const approvedAtTranzila = (index: string) =>
    fake.transactions.set(index, {
      transaction_index: index,
      processor_response_code: '000',
      amount: 149.3,
      currency_code: 'ILS',
    });

  const notifyFields = (
    paymentRef: string,
    index: string,
    overrides: Record<string, string> = {},
  ) => ({
    Response: '000',
    index,
    ConfirmationCode: '0123456',
    sum: '149.30',
    currency: '1',
    payment_ref: paymentRef,
    ccno: '4580',
    ...overrides,
  });

  it("opens the hosted iframe with the handshake's amount lock and the attempt's reference, never the order id", async () => {
    const created = await createOrder();
    expect(created.payment_url).toBe(`${fake.url}/${TERMINAL}/iframenew.php`);
    expect(created.form_data).toMatchObject({
      sum: '149.30',
      currency: '1',
      cred_type: '1',
      tranmode: 'A',
      lang: 'il',
      thtk: THTK,
      new_process: '1',
      payment_ref: created.transaction_id,
      email: 'tranzila.buyer@example.com',
      phone: BUYER.phone,
      contact: 'דנה לוי',
    });
    expect(JSON.stringify(created.form_data)).not.toContain(created.order_id);
    const handshake = fake.requests.filter((r) => r.path === '/cgi-bin/tranzila71dt.cgi').at(-1);
    expect(handshake?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(handshake?.body).toEqual({
      supplier: TERMINAL,
      TranzilaPW: TRANZILA_PW,
      sum: '149.30',
      currency: '1',
      op: '1',
    });
  });

  it('confirms a notify through the transactions API under the signed X-tranzila-api-* headers', async () => {
    const created = await createOrder();
    fake.transactions.set('90000010', {
      transaction_index: 90000010,
      processor_response_code: '000',
      amount: 149.3,
      currency_code: 'ILS',
    });
    await notify(notifyFields(created.transaction_id, '90000010'));
    const confirm = fake.requests.filter((r) => r.path === '/v1/transactions').at(-1);
    const headers = confirm?.headers ?? {};
    const time = String(headers['x-tranzila-api-request-time']);
    const nonce = String(headers['x-tranzila-api-nonce']);
    expect(headers['x-tranzila-api-app-key']).toBe(APP_KEY);
    expect(nonce).toMatch(/^[A-Za-z0-9]{80}$/);
    expect(Math.abs(Number(time) - Date.now() / 1000)).toBeLessThan(60);
    expect(headers['x-tranzila-api-access-token']).toBe(
      createHmac('sha256', SECRET + time + nonce)
        .update(APP_KEY)
        .digest('hex'),
    );
  });

  it('pays an order only after the transactions API confirms the notify', async () => {
    const created = await createOrder();
    fake.transactions.set('90000001', {
      transaction_index: 90000001,
      processor_response_code: '000',
      amount: 149.3,
      currency_code: 'ILS',
    });
    const answer = await notify(notifyFields(created.transaction_id, '90000001'));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ outcome: 'paid' });
    const paid = await ctx.orders.findById(created.order_id).lean<Record<string, unknown>>();
    expect(paid).toMatchObject({
      status: 'paid',
      payment: { provider: 'tranzila', transactionId: '90000001', cardLast4: '4580' },
    });
    const confirm = fake.requests.filter((r) => r.path === '/v1/transactions').at(-1);
    expect(confirm?.body).toEqual({ terminal_name: TERMINAL, transaction_index: 90000001 });
    expect(await ctx.outbox.countDocuments({ 'payload.orderId': created.order_id })).toBe(4);
  });

  it("records a confirmed payment of another sum as foreign (unsigned, to refund); the attempt's own payment still pays", async () => {
    const created = await createOrder();
    fake.transactions.set('90000020', {
      transaction_index: '90000020',
      processor_response_code: '000',
      amount: 1,
      currency_code: 'ILS',
    });
    const foreign = await notify(notifyFields(created.transaction_id, '90000020', { sum: '1.00' }));
    expect(await foreign.json()).toMatchObject({ outcome: 'foreign' });
    const held = await ctx.orders
      .findById(created.order_id)
      .lean<{ status: string; payment: { notifyLog: Record<string, unknown>[] } }>();
    expect(held?.status).toBe('pending_payment');
    expect(held?.payment.notifyLog).toEqual([
      expect.objectContaining({
        outcome: 'foreign',
        transactionId: '90000020',
        amountAgorot: 100,
        result: '000',
        signature: 'unsigned',
        refund: expect.objectContaining({ state: 'needed', requestedAt: null, requestedBy: null }),
      }),
    ]);
    fake.transactions.set('90000021', {
      transaction_index: '90000021',
      processor_response_code: '000',
      amount: 149.3,
      currency_code: 'ILS',
    });
    const rightful = await notify(notifyFields(created.transaction_id, '90000021'));
    expect(await rightful.json()).toMatchObject({ outcome: 'paid' });
  });

  it("never lets one transaction pay twice: another attempt naming a paid order's transaction pays nothing", async () => {
    const first = await createOrder();
    const second = await createOrder();
    approvedAtTranzila('90000030');
    const paid = await notify(notifyFields(first.transaction_id, '90000030'));
    expect(await paid.json()).toMatchObject({ outcome: 'paid' });
    // The buyer posts the paid transaction's number again, naming the second order's attempt.
    const forged = await notify(notifyFields(second.transaction_id, '90000030'));
    expect(forged.status).toBe(200);
    expect(await forged.json()).toMatchObject({ outcome: 'foreign' });
    const unpaid = await ctx.orders
      .findById(second.order_id)
      .lean<{ status: string; paidAt: Date | null; payment: { notifyLog: unknown[] } }>();
    expect(unpaid).toMatchObject({ status: 'pending_payment', paidAt: null });
    // History only: the money pays the first order, so no refund of it is asked for.
    expect(unpaid?.payment.notifyLog).toEqual([
      expect.objectContaining({ outcome: 'foreign', transactionId: '90000030', refund: null }),
    ]);
    expect(await ctx.outbox.countDocuments({ 'payload.orderId': second.order_id })).toBe(0);
    expect(await ctx.outbox.countDocuments({ 'payload.orderId': first.order_id })).toBe(4);
    // Nor can it pay a donation of the same sum.
    const donation = await ctx.http.post<{ donation_ref: string }>(
      '/api/community/donations',
      { amount: 149.3, email: 'tranzila.giver@example.com' },
      { headers: { 'idempotency-key': `tranzila-${(counter += 1)}-donation` } },
    );
    expect(donation.status).toBe(201);
    const gift = await notify(notifyFields(donation.body.donation_ref, '90000030'));
    expect(await gift.json()).toMatchObject({ outcome: 'foreign' });
    const stored = await ctx.db
      .collection('community_donations')
      .findOne({ paymentRef: donation.body.donation_ref });
    expect(stored).toMatchObject({ state: 'pending', paidAt: null });
    expect(await ctx.db.collection('ledger').countDocuments({ kind: 'donation' })).toBe(0);
    // The second order's own payment still pays it.
    approvedAtTranzila('90000031');
    const rightful = await notify(notifyFields(second.transaction_id, '90000031'));
    expect(await rightful.json()).toMatchObject({ outcome: 'paid' });
  });

  it('claims the transactions paid before claims existed, once, as the API starts', async () => {
    const first = await createOrder();
    const second = await createOrder();
    approvedAtTranzila('90000040');
    expect(
      await (await notify(notifyFields(first.transaction_id, '90000040'))).json(),
    ).toMatchObject({ outcome: 'paid' });
    // As a database from before claims: the claim and the backfill's marker gone.
    const claims = ctx.db.collection('payment_transactions');
    await claims.deleteMany({ _id: { $in: ['tranzila:90000040', 'backfill:v1'] } } as never);
    const backfill = ctx.api.app.get(PaymentClaimsBackfill);
    expect(await backfill.run()).toBeGreaterThan(0);
    expect(await claims.findOne({ _id: 'tranzila:90000040' } as never)).toMatchObject({
      target: 'order',
      outcome: 'paid',
    });
    expect(await backfill.run()).toBe(0);
    const forged = await notify(notifyFields(second.transaction_id, '90000040'));
    expect(await forged.json()).toMatchObject({ outcome: 'foreign' });
    expect((await ctx.orders.findById(second.order_id).lean<{ status: string }>())?.status).toBe(
      'pending_payment',
    );
  });

  it('pays once when two attempts race with one transaction', async () => {
    const first = await createOrder();
    const second = await createOrder();
    approvedAtTranzila('90000032');
    const answers = await Promise.all(
      [first, second].map(async (order) =>
        (await notify(notifyFields(order.transaction_id, '90000032'))).json(),
      ),
    );
    expect(answers.map((a: { outcome: string }) => a.outcome).sort()).toEqual(['foreign', 'paid']);
    const statuses = await ctx.orders
      .find({ _id: { $in: [first.order_id, second.order_id] } })
      .lean<{ status: string }[]>();
    expect(statuses.map((o) => o.status).sort()).toEqual(['paid', 'pending_payment']);
  });

  it('does not pay for a notify the transactions API does not know (a forged notify)', async () => {
    const created = await createOrder();
    const answer = await notify(notifyFields(created.transaction_id, '90000099'));
    expect(await answer.json()).toMatchObject({ outcome: 'not_confirmed' });
    expect((await ctx.orders.findById(created.order_id).lean<{ status: string }>())?.status).toBe(
      'pending_payment',
    );
  });

  it('does not pay when the confirmed amount differs from the order', async () => {
    const created = await createOrder();
    fake.transactions.set('90000002', {
      transaction_index: '90000002',
      processor_response_code: '000',
      amount: 1,
      currency_code: 'ILS',
    });
    const answer = await notify(notifyFields(created.transaction_id, '90000002'));
    expect(await answer.json()).toMatchObject({ outcome: 'not_confirmed' });
    // Nothing moved: the order is still waiting for its payment and nothing was queued for it.
    const order = await ctx.orders.findById(created.order_id).lean<{ status: string }>();
    expect(order?.status).toBe('pending_payment');
    expect(await ctx.outbox.countDocuments({ 'payload.orderId': created.order_id })).toBe(0);
  });

  it('records a declined notify and leaves the order payable', async () => {
    const created = await createOrder();
    const answer = await notify(
      notifyFields(created.transaction_id, '90000003', { Response: '004' }),
    );
    expect(await answer.json()).toMatchObject({ outcome: 'declined' });
    const status = await ctx.http.get(`/api/payments/status/90000003`, { token: buyer });
    expect(status.body).toMatchObject({ status: 'failed', error_code: 'RESPONSE_004' });
  });

  it('answers 503 and changes nothing while Tranzila is unreachable; the retry pays', async () => {
    const created = await createOrder();
    fake.transactions.set('90000004', {
      transaction_index: '90000004',
      processor_response_code: '000',
      amount: '149.30',
      currency_code: '1',
    });
    fake.setFailing(true);
    try {
      const answer = await notify(notifyFields(created.transaction_id, '90000004'));
      expect(answer.status).toBe(503);
      expect((await ctx.orders.findById(created.order_id).lean<{ status: string }>())?.status).toBe(
        'pending_payment',
      );
    } finally {
      fake.setFailing(false);
    }
    const retry = await notify(notifyFields(created.transaction_id, '90000004'));
    expect(await retry.json()).toMatchObject({ outcome: 'paid' });
  });

  it('refuses a malformed or empty notify, and the route of a provider not configured', async () => {
    const created = await createOrder();
    const malformed = await notify({
      Response: '000',
      index: 'abc',
      payment_ref: created.transaction_id,
    });
    // The old shape, naming the order instead of the attempt, is refused too.
    const byOrderId = await notify({ ...notifyFields('', '90000005'), order_id: created.order_id });
    expect(byOrderId.status).toBe(400);
    expect(malformed.status).toBe(400);
    // A sum whose agorot pass the largest safe integer is no payment of ours.
    for (const sum of ['99999999999999', '9'.repeat(400)]) {
      const huge = await notify(notifyFields(created.transaction_id, '90000006', { sum }));
      expect(huge.status).toBe(400);
      expect(await huge.json()).toMatchObject({ message: expect.stringMatching(/[א-ת]/) });
    }
    expectError(await ctx.http.post('/api/payments/notify/tranzila', undefined), 400);
    const simulatorRoute = await fetch(`${ctx.api.baseUrl}/api/payments/notify/simulator`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(simulatorRoute.status).toBe(404);
  });

  it('answers 503 when the handshake gives no token, and opens no page without the lock', async () => {
    fake.setFailing(true);
    try {
      const res = await ctx.http.post<PaymentCreateResponse>(
        '/api/payments/create',
        {
          items: [{ id: String(ctx.books.available[0]), quantity: 1 }],
          client: BUYER,
          shipping_method: 'standard',
          shipping_region: 'israel-centre',
        },
        { token: buyer, headers: { 'idempotency-key': `tranzila-${(counter += 1)}-down` } },
      );
      expectError(res, 503);
    } finally {
      fake.setFailing(false);
    }
  });
});
