import { createHmac } from 'node:crypto';
import {
  SIMULATOR_SIGNATURE_HEADER,
  type PaymentCreateResponse,
  type UnappliedPayment,
  type UnappliedPaymentsAnswer,
} from '@mechabrim/contracts';
import {
  BUYER,
  payInFrame,
  registerBuyer,
  SIMULATOR_SECRET,
  startCheckoutApi,
  type CheckoutApi,
} from './checkout-fixture';
import { expectError } from './http';

const APPROVED = '4580 4580 4580 4580';
const CARD = { ccno: '4580458045804580', expdate: '1230', mycvv: '123', myid: '123456782' };

/** The fields of a stored order these tests read. */
interface StoredOrderView {
  status: string;
  user: { email: string };
  shippingAddress: { email: string | null };
  payment: {
    transactionId: string | null;
    attempts: { ref: string; amountAgorot: number }[];
    notifyLog: {
      outcome: string;
      transactionId: string;
      amountAgorot: number;
      result: string;
      signature: string;
      attemptRef: string;
      refund: { state: string } | null;
    }[];
  };
}

describe('a payment nobody else can freeze', () => {
  let ctx: CheckoutApi;
  let buyer: string;
  let stranger: string;
  let admin: string;
  let keys = 0;
  const key = () => `freeze-attempt-${Date.now().toString(36)}-${(keys += 1)}`;

  beforeAll(async () => {
    ctx = await startCheckoutApi();
    buyer = await registerBuyer(ctx.http, 'rightful.buyer@example.com');
    stranger = await registerBuyer(ctx.http, 'stranger@example.com');
    admin = await registerBuyer(ctx.http, 'payments.admin@example.com');
    // The role is read from the account on every request.
    await ctx.db
      .collection('users')
      .updateOne({ email: 'payments.admin@example.com' }, { $set: { role: 'admin' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const create = (token: string, items: { id: string; quantity: number }[], idem = key()) =>
    ctx.http.post<PaymentCreateResponse>(
      '/api/payments/create',
      { items, client: BUYER, shipping_method: 'standard', shipping_region: 'israel-centre' },
      { token, headers: { 'idempotency-key': idem } },
    );
  const twoBooks = () => [
    { id: String(ctx.books.available[0]), quantity: 2 },
    { id: String(ctx.books.available[1]), quantity: 1 },
  ];
  const order = (id: string) => ctx.orders.findById(id).lean<StoredOrderView>();

  /** The simulator's card submit, posted straight at it as a stranger's script would. */
  const postCard = (form: Record<string, string>) =>
    fetch(`${ctx.simulator.url}/mechabrim/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, ...CARD }),
      redirect: 'manual',
    });

  it('opens the hosted page for a random attempt: neither its address nor its fields name the order', async () => {
    const created = await create(buyer, twoBooks());
    expect(created.status).toBe(201);
    const {
      order_id: orderId,
      transaction_id: ref,
      payment_url: url,
      form_data: form,
    } = created.body;
    expect(ref).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(form.payment_ref).toBe(ref);
    expect(url).not.toContain(orderId);
    expect(Object.values(form).join('&')).not.toContain(orderId);
    expect(form).not.toHaveProperty('order_id');
    const stored = await order(orderId);
    expect(stored?.payment.attempts).toEqual([
      expect.objectContaining({ ref, amountAgorot: 14930 }),
    ]);
    // The buyer's redirect back names the transaction only.
    const redirect = await payInFrame(url, form, { ccno: APPROVED });
    expect(redirect.toString()).not.toContain(orderId);
    expect(redirect.toString()).not.toContain(ref);
  });

  it('refuses a payment without a handshake token, with a forged one, or by order id', async () => {
    const created = await create(buyer, twoBooks());
    const { thtk: _token, ...withoutToken } = created.body.form_data;
    const refused = await postCard(withoutToken);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('אסימון נעילת סכום');
    expect((await postCard({ ...withoutToken, thtk: 'made-up-token-1234' })).status).toBe(403);
    // The old way in: the order's (sequential, guessable) id and a sum of one's own choosing.
    const { payment_ref: _ref, ...byOrder } = created.body.form_data;
    const guessed = await postCard({ ...byOrder, order_id: created.body.order_id, sum: '1.00' });
    expect(guessed.status).toBe(400);
    // Nor can a stranger get a token of their own: the handshake wants the terminal's password.
    const handshake = await fetch(`${ctx.simulator.url}/cgi-bin/tranzila71dt.cgi`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ supplier: 'mechabrim', sum: '1.00', currency: '1', op: '1' }),
    });
    expect(handshake.status).toBe(403);
    const stored = await order(created.body.order_id);
    expect(stored?.status).toBe('pending_payment');
    expect(stored?.payment.notifyLog).toEqual([]);
    expect(
      ctx.simulator.notifies.filter((n) => n.body.includes(created.body.transaction_id)),
    ).toEqual([]);
  });

  it("a stranger's payment with the buyer's reference and a wrong sum is foreign; the buyer's correct payment then pays", async () => {
    const rightful = await create(buyer, twoBooks());
    const ref = rightful.body.transaction_id;
    // Even holding the buyer's reference, the buyer's token locks the buyer's sum.
    const wrongSum = await postCard({ ...rightful.body.form_data, sum: '1.00' });
    expect(wrongSum.status).toBe(403);
    // A stranger's own valid lock (for their own cheaper order), aimed at the buyer's reference.
    const theirs = await create(stranger, [{ id: String(ctx.books.available[0]), quantity: 1 }]);
    expect(theirs.body.form_data.sum).not.toBe(rightful.body.form_data.sum);
    const aimed = await payInFrame(
      theirs.body.payment_url,
      { ...theirs.body.form_data, payment_ref: ref },
      { ccno: APPROVED },
    );
    const foreignTransaction = aimed.searchParams.get('transaction_id') ?? '';
    const frozen = await order(rightful.body.order_id);
    expect(frozen?.status).toBe('pending_payment');
    expect(frozen?.payment.notifyLog).toEqual([
      expect.objectContaining({
        outcome: 'foreign',
        transactionId: foreignTransaction,
        amountAgorot: 5490,
        result: '000',
        signature: 'valid',
        attemptRef: ref,
        refund: expect.objectContaining({ state: 'needed' }),
      }),
    ]);
    // The stranger's own order is untouched by it.
    expect((await order(theirs.body.order_id))?.status).toBe('pending_payment');

    const paid = await payInFrame(rightful.body.payment_url, rightful.body.form_data, {
      ccno: APPROVED,
    });
    const stored = await order(rightful.body.order_id);
    expect(stored?.status).toBe('paid');
    expect(stored?.payment.transactionId).toBe(paid.searchParams.get('transaction_id'));
    expect(stored?.payment.notifyLog.map((entry) => entry.outcome)).toEqual(['foreign', 'paid']);
    expect(await ctx.outbox.countDocuments({ 'payload.orderId': rightful.body.order_id })).toBe(4);
    const status = await ctx.http.get(`/api/payments/status/${ref}`, { token: buyer });
    expect(status.body).toMatchObject({ status: 'completed', order_id: rightful.body.order_id });
    // The reference tells the stranger nothing.
    expectError(await ctx.http.get(`/api/payments/status/${ref}`, { token: stranger }), 404);
  });

  it('records a replayed notify once and moves no money twice; a second payment of a paid order is foreign', async () => {
    const idem = key();
    const first = await create(buyer, twoBooks(), idem);
    // The buyer's second tab: the same checkout, another attempt of the same order.
    const second = await create(buyer, twoBooks(), idem);
    expect(second.body.order_id).toBe(first.body.order_id);
    expect(second.body.transaction_id).not.toBe(first.body.transaction_id);
    await payInFrame(first.body.payment_url, first.body.form_data, { ccno: APPROVED });
    const notify = ctx.simulator.notifies.at(-1);
    if (!notify) throw new Error('the simulator sent no notify');
    const replay = () =>
      fetch(`${ctx.api.baseUrl}/api/payments/notify/simulator`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIMULATOR_SIGNATURE_HEADER]: createHmac('sha256', SIMULATOR_SECRET)
            .update(notify.body)
            .digest('hex'),
        },
        body: notify.body,
      });
    const answers = await Promise.all([replay(), replay(), replay()]);
    for (const answer of answers) expect(await answer.json()).toMatchObject({ outcome: 'replay' });

    await payInFrame(second.body.payment_url, second.body.form_data, { ccno: APPROVED });
    const stored = await order(first.body.order_id);
    expect(stored?.status).toBe('paid');
    expect(stored?.payment.notifyLog.map((entry) => [entry.outcome, entry.attemptRef])).toEqual([
      ['paid', first.body.transaction_id],
      ['foreign', second.body.transaction_id],
    ]);
    expect(await ctx.outbox.countDocuments({ 'payload.orderId': first.body.order_id })).toBe(4);
  });

  it("lists foreign payments for admins and records an admin's refund request once", async () => {
    const listed = await ctx.http.get<UnappliedPaymentsAnswer>(
      '/api/admin/payments/unapplied?refund=needed',
      { token: admin },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.payments.length).toBeGreaterThanOrEqual(2);
    const [newest] = listed.body.payments;
    if (!newest) throw new Error('no unapplied payment listed');
    expect(newest).toMatchObject({
      order_status: 'paid',
      outcome: 'foreign',
      amount: 149.3,
      currency: 'ILS',
      signature: 'valid',
      refund: { state: 'needed', requested_at: null, requested_by: null },
    });
    expect(listed.body.payments.map((p) => p.amount)).toContain(54.9);

    const path = `/api/admin/payments/unapplied/${newest.order_id}/${newest.transaction_id}/refund`;
    expectError(await ctx.http.post(path, {}, { token: buyer }), 403);
    expectError(await ctx.http.get('/api/admin/payments/unapplied', { token: stranger }), 403);
    expectError(await ctx.http.post(path, {}), 401);
    const requested = await ctx.http.post<UnappliedPayment>(path, {}, { token: admin });
    expect(requested.status).toBe(200);
    expect(requested.body.refund).toMatchObject({
      state: 'requested',
      requested_at: expect.any(String),
      requested_by: expect.stringMatching(/^[a-f\d]{24}$/),
    });
    const again = await ctx.http.post<UnappliedPayment>(path, {}, { token: admin });
    expect(again.body.refund).toEqual(requested.body.refund);
    // Queued for the worker once, with the request, however often it is asked.
    expect(
      await ctx.outbox.countDocuments({
        type: 'refunds',
        'payload.unappliedTransactionId': newest.transaction_id,
      }),
    ).toBe(1);
    const stillNeeded = await ctx.http.get<UnappliedPaymentsAnswer>(
      '/api/admin/payments/unapplied?refund=needed',
      { token: admin },
    );
    expect(stillNeeded.body.payments.map((p) => p.transaction_id)).not.toContain(
      newest.transaction_id,
    );
    // The paid transaction is no refund to make; an unknown one is not found; bad ids are 400.
    const paid = await order(newest.order_id);
    expectError(
      await ctx.http.post(
        `/api/admin/payments/unapplied/${newest.order_id}/${paid?.payment.transactionId}/refund`,
        {},
        { token: admin },
      ),
      404,
    );
    expectError(
      await ctx.http.post(
        `/api/admin/payments/unapplied/${newest.order_id}/not-a-transaction!/refund`,
        {},
        { token: admin },
      ),
      400,
    );
    expectError(
      await ctx.http.get('/api/admin/payments/unapplied?refund=maybe', { token: admin }),
      400,
    );
  });

  it("sends the order's mail to the account's address; the form's e-mail is the delivery contact", async () => {
    const created = await create(buyer, twoBooks());
    await payInFrame(created.body.payment_url, created.body.form_data, { ccno: APPROVED });
    const stored = await order(created.body.order_id);
    expect(stored?.user.email).toBe('rightful.buyer@example.com');
    expect(stored?.shippingAddress.email).toBe(BUYER.email);
    const mail = await ctx.outbox
      .findOne({ type: 'mail', 'payload.orderId': created.body.order_id })
      .lean<{ payload: { to: string } }>();
    expect(mail?.payload.to).toBe('rightful.buyer@example.com');
    expect(created.body.form_data.email).toBe('rightful.buyer@example.com');
  });
});
