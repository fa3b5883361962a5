import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIMULATOR_SIGNATURE_HEADER, simulatorNotifySchema } from '@mechabrim/contracts';
import { signNotify } from './notifier';
import { startPaymentSimulator } from './server';
import type { PaymentSimulator, SimulatedTransaction } from './types';

const SECRET = 'simulator-spec-secret';
const PAYMENT_REF = 'AbCdEfGhIjKlMnOpQrSt-_';
const APPROVED = '4580458045804580';

describe('payment simulator over HTTP', () => {
  let simulator: PaymentSimulator;
  let shop: Server;
  let shopUrl: string;
  const received: { body: string; signature: string | undefined }[] = [];
  /** Answers the shop's notify endpoint gives next (then 200). */
  const shopAnswers: number[] = [];

  beforeAll(async () => {
    shop = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const signature = request.headers[SIMULATOR_SIGNATURE_HEADER];
        received.push({ body, signature: typeof signature === 'string' ? signature : undefined });
        response.writeHead(shopAnswers.shift() ?? 200, { 'content-type': 'application/json' });
        response.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    simulator = await startPaymentSimulator({
      secret: SECRET,
      now: () => new Date('2026-11-23T12:00:00Z'),
      notifyRetryDelaysMs: [50, 100],
    });
  });
  afterAll(async () => {
    await simulator?.stop();
    await new Promise<void>((resolve) => shop.close(() => resolve()));
  });

  /** The amount lock, asked as the shop's server asks it: the terminal, its password, the sum. */
  const handshake = async (sum = '114.80', password = SECRET, supplier = 'mechabrim') => {
    const answer = await fetch(`${simulator.url}/cgi-bin/tranzila71dt.cgi`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ supplier, TranzilaPW: password, sum, currency: '1', op: '1' }),
    });
    return { status: answer.status, thtk: new URLSearchParams(await answer.text()).get('thtk') };
  };

  const orderForm = (thtk: string, overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      sum: '114.80',
      currency: '1',
      payment_ref: PAYMENT_REF,
      thtk,
      new_process: '1',
      pdesc: 'הזמנה בחנות מחברים',
      success_url_address: 'http://shop.test/payment/iframe/success',
      fail_url_address: 'http://shop.test/payment/iframe/failed',
      notify_url_address: `${shopUrl}/api/payments/notify/simulator`,
      ...overrides,
    });

  const submit = (form: URLSearchParams, card: Record<string, string>) =>
    fetch(`${simulator.url}/mechabrim/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([...form, ...Object.entries(card)]),
      redirect: 'manual',
    });

  const pay = async (card: Record<string, string>) =>
    submit(orderForm((await handshake()).thtk ?? ''), card);

  const card = { ccno: APPROVED, expdate: '0830', mycvv: '123', myid: '123456782' };

  it('gives an amount lock only to the terminal password, as plain `thtk=` text', async () => {
    const granted = await handshake();
    expect(granted.status).toBe(200);
    expect(granted.thtk).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await handshake('114.80', 'not-the-password')).status).toBe(403);
    expect((await handshake('a lot')).status).toBe(400);
  });

  it('refuses the page and the card submit without a token, with a forged one or for another sum', async () => {
    received.length = 0;
    const page = (form: URLSearchParams) =>
      fetch(`${simulator.url}/mechabrim/iframenew.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
    const withoutToken = orderForm('');
    withoutToken.delete('thtk');
    expect((await page(withoutToken)).status).toBe(403);
    expect((await submit(withoutToken, card)).status).toBe(403);
    expect((await submit(orderForm('forged-token-0000'), card)).status).toBe(403);
    const { thtk } = await handshake('114.80');
    const cheaper = orderForm(thtk ?? '', { sum: '1.00' });
    const refused = await page(cheaper);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('הסכום שונה מהסכום שננעל');
    expect((await submit(cheaper, card)).status).toBe(403);
    // Another terminal's token does not open this one's page.
    const other = await handshake('114.80', SECRET, 'another-terminal');
    expect((await submit(orderForm(other.thtk ?? ''), card)).status).toBe(403);
    expect(received).toHaveLength(0);
    // The same sum written another way is the same sum.
    expect((await page(orderForm(thtk ?? '', { sum: '114.8' }))).status).toBe(200);
  });

  it('charges a token once: a second approved submit with it is refused', async () => {
    const { thtk } = await handshake();
    const form = orderForm(thtk ?? '');
    const declined = await submit(form, { ...card, ccno: '4000000000000002' });
    expect(new URL(declined.headers.get('location') ?? '').pathname).toBe('/payment/iframe/failed');
    expect((await submit(form, card)).status).toBe(303);
    const again = await submit(form, card);
    expect(again.status).toBe(403);
    expect(await again.text()).toContain('כבר שולמה');
  });

  it('serves a Hebrew right-to-left card form with Tranzila field names and the test cards', async () => {
    const page = await fetch(`${simulator.url}/mechabrim/iframenew.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: orderForm((await handshake()).thtk ?? ''),
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="he" dir="rtl">');
    for (const field of ['ccno', 'expdate', 'mycvv', 'myid']) {
      expect(html).toContain(`name="${field}"`);
      expect(html).toContain(`<label for="${field}">`);
    }
    expect(html).toContain('<button type="submit">');
    expect(html).toContain('4580 4580 4580 4580');
    expect(html).toContain(`name="payment_ref" value="${PAYMENT_REF}"`);
  });

  it('refuses to open the form without the order fields', async () => {
    const page = await fetch(`${simulator.url}/mechabrim/iframenew.php?sum=10`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('חסרים פרטי העסקה');
  });

  it('approves the approved card: signed notify, then a redirect to the success page', async () => {
    received.length = 0;
    const answer = await pay({
      ccno: '4580 4580 4580 4580',
      expdate: '0830',
      mycvv: '123',
      myid: '123456782',
    });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.pathname).toBe('/payment/iframe/success');
    expect(location.searchParams.get('order_id')).toBeNull();
    expect(location.searchParams.get('payment_ref')).toBeNull();
    expect(location.searchParams.get('amount')).toBe('114.80');
    expect(location.searchParams.get('currency')).toBe('ILS');
    const index = location.searchParams.get('transaction_id') ?? '';
    expect(index).toMatch(/^\d{8}$/);

    expect(received).toHaveLength(1);
    const [notify] = received;
    expect(notify?.signature).toBe(signNotify(notify?.body ?? '', SECRET));
    const parsed = simulatorNotifySchema.parse(JSON.parse(notify?.body ?? '{}'));
    expect(parsed).toMatchObject({
      Response: '000',
      index,
      sum: '114.80',
      payment_ref: PAYMENT_REF,
      ccno_last4: '4580',
    });
    expect(notify?.body).not.toContain('45804580');

    const transaction = await fetch(`${simulator.url}/transactions/${index}`);
    expect(await transaction.json()).toMatchObject({
      index,
      payment_ref: PAYMENT_REF,
      Response: '000',
    });
  });

  it('declines a declined card and redirects to the failure page with its code', async () => {
    received.length = 0;
    const answer = await pay({
      ccno: '4000000000000002',
      expdate: '0830',
      mycvv: '123',
      myid: '123456782',
    });
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.pathname).toBe('/payment/iframe/failed');
    expect(location.searchParams.get('error_code')).toBe('DECLINED');
    expect(location.searchParams.get('error_message')).toBe('הכרטיס נדחה על ידי הבנק');
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({
      Response: '004',
      error_code: 'DECLINED',
    });
  });

  it('answers an approved number with a past expiry as EXPIRED_CARD', async () => {
    const answer = await pay({
      ccno: '4580458045804580',
      expdate: '0120',
      mycvv: '123',
      myid: '123456782',
    });
    expect(new URL(answer.headers.get('location') ?? '').searchParams.get('error_code')).toBe(
      'EXPIRED_CARD',
    );
  });

  it('shows the form again with Hebrew errors for a bad expiry, CVV or ID, and notifies nothing', async () => {
    received.length = 0;
    const answer = await pay({
      ccno: '4580458045804580',
      expdate: '13/30',
      mycvv: '1',
      myid: '123456789',
    });
    expect(answer.status).toBe(422);
    const html = await answer.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('MMYY');
    expect(html).toContain('תעודת הזהות');
    expect(received).toHaveLength(0);
  });

  it('sends the notify again while the shop answers 5xx, the same signed body each time', async () => {
    received.length = 0;
    shopAnswers.push(503, 502);
    const answer = await pay({ ccno: APPROVED, expdate: '0830', mycvv: '123', myid: '123456782' });
    expect(answer.status).toBe(303);
    for (let i = 0; i < 50 && received.length < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    expect(received[2]?.signature).toBe(signNotify(received[0]?.body ?? '', SECRET));
    // The shop has the third request; the simulator records its answer once the response is read.
    for (let i = 0; i < 50 && simulator.notifies.at(-1)?.status !== 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(simulator.notifies.at(-1)).toMatchObject({ status: 200, attempts: 3 });
  });

  it('does not send again a notify the shop refused (4xx)', async () => {
    received.length = 0;
    shopAnswers.push(401);
    await pay({ ccno: APPROVED, expdate: '0830', mycvv: '123', myid: '123456782' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(1);
  });

  describe('credits (refunds) on its Tranzila-shaped API', () => {
    const NOW = new Date('2026-11-23T12:00:00Z');
    const NONCE = 'ab'.repeat(40);

    /** Tranzila's API headers, computed here as its guide documents them. */
    const apiHeaders = (options: { secret?: string; appKey?: string; at?: Date } = {}) => {
      const appKey = options.appKey ?? 'mechabrim';
      const time = String(Math.floor((options.at ?? NOW).getTime() / 1000));
      return {
        'content-type': 'application/json',
        'X-tranzila-api-app-key': appKey,
        'X-tranzila-api-request-time': time,
        'X-tranzila-api-nonce': NONCE,
        'X-tranzila-api-access-token': createHmac(
          'sha256',
          (options.secret ?? SECRET) + time + NONCE,
        )
          .update(appKey)
          .digest('hex'),
      };
    };

    const creditBody = (reference: string, shekels: number, overrides: object = {}) => ({
      terminal_name: 'mechabrim',
      txn_type: 'credit',
      reference_txn_id: Number(reference),
      txn_currency_code: 'ILS',
      items: [
        {
          name: 'ביטול הזמנה',
          unit_price: shekels,
          units_number: 1,
          type: 'I',
          price_type: 'G',
          currency_code: 'ILS',
        },
      ],
      ...overrides,
    });

    const credit = async (body: object, headers: Record<string, string> = apiHeaders()) => {
      const answer = await fetch(`${simulator.url}/v1/transaction/credit_card/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };

    /** An approved payment of 114.80 ₪: its transaction number and confirmation code. */
    const approvedPayment = async () => {
      const answer = await pay(card);
      const index = new URL(answer.headers.get('location') ?? '').searchParams.get(
        'transaction_id',
      );
      const found = (await (
        await fetch(`${simulator.url}/transactions/${index}`)
      ).json()) as SimulatedTransaction;
      return { index: found.index, confirmation: found.ConfirmationCode };
    };

    const refundedSum = async (index: string) =>
      (
        (await (
          await fetch(`${simulator.url}/transactions/${index}`)
        ).json()) as SimulatedTransaction
      ).refunded_sum;

    it('gives back part of a payment, then the rest, and refuses more than the original', async () => {
      const { index, confirmation } = await approvedPayment();
      expect(await refundedSum(index)).toBe('0.00');
      const before = simulator.refunds.length;

      const first = await credit(
        creditBody(index, 30, { authorization_number: confirmation, DCdisable: 'refund-a-1' }),
      );
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        error_code: 0,
        transaction_result: { processor_response_code: '000', txn_type: 'credit', amount: 30 },
      });
      const creditIndex = String(
        (first.body.transaction_result as { transaction_id: number }).transaction_id,
      );
      expect(creditIndex).toMatch(/^\d{8}$/);
      expect(creditIndex).not.toBe(index);
      expect(await refundedSum(index)).toBe('30.00');

      expect(
        (await credit(creditBody(index, 84.8, { DCdisable: 'refund-a-2' }))).body,
      ).toMatchObject({ error_code: 0 });
      expect(await refundedSum(index)).toBe('114.80');
      const above = await credit(creditBody(index, 0.01, { DCdisable: 'refund-a-3' }));
      expect(above.body).toEqual({
        error_code: 20109,
        message: 'Credit amount greater than original transaction',
      });
      expect(await refundedSum(index)).toBe('114.80');
      expect(simulator.refunds.slice(before)).toEqual([
        {
          transaction_id: creditIndex,
          reference_txn_id: index,
          sum: '30.00',
          DCdisable: 'refund-a-1',
          created_at: NOW.toISOString(),
        },
        expect.objectContaining({ reference_txn_id: index, sum: '84.80', DCdisable: 'refund-a-2' }),
      ]);
    });

    it('credits once per DCdisable value: a repeat answers the first credit and gives nothing more', async () => {
      const { index } = await approvedPayment();
      const first = await credit(creditBody(index, 10, { DCdisable: 'refund-b-1' }));
      const count = simulator.refunds.length;
      const again = await credit(creditBody(index, 10, { DCdisable: 'refund-b-1' }));
      expect(again).toEqual(first);
      expect(simulator.refunds).toHaveLength(count);
      expect(await refundedSum(index)).toBe('10.00');
    });

    it('refuses a request not signed with its secret and app key, or signed long ago', async () => {
      const { index } = await approvedPayment();
      const count = simulator.refunds.length;
      for (const headers of [
        apiHeaders({ secret: 'another-secret-entirely' }),
        apiHeaders({ appKey: 'another-app' }),
        apiHeaders({ at: new Date(NOW.getTime() - 3_600_000) }),
        { 'content-type': 'application/json' },
      ]) {
        const answer = await credit(creditBody(index, 1), headers);
        expect(answer).toEqual({
          status: 401,
          body: { error_code: 401, message: 'Authentication failed' },
        });
      }
      expect(simulator.refunds).toHaveLength(count);
      expect(await refundedSum(index)).toBe('0.00');
    });

    it('credits only an approved payment of its terminal, with its authorization number', async () => {
      const { index } = await approvedPayment();
      const declined = await pay({ ...card, ccno: '4000000000000002' });
      const declinedIndex =
        new URL(declined.headers.get('location') ?? '').searchParams.get('transaction_id') ?? '';
      const codeOf = async (body: object) => (await credit(body)).body.error_code;
      expect(await codeOf(creditBody('12345', 1))).toBe(90003);
      expect(await codeOf(creditBody(declinedIndex, 1))).toBe(90003);
      expect(await codeOf(creditBody(index, 1, { authorization_number: '0000001' }))).toBe(90004);
      expect(await codeOf(creditBody(index, 1, { terminal_name: 'other' }))).toBe(90001);
      expect(await codeOf(creditBody(index, 1, { txn_type: 'debit' }))).toBe(90002);
      expect(await codeOf(creditBody(index, 1, { txn_currency_code: 'USD' }))).toBe(90005);
      expect((await credit(creditBody(index, -5))).status).toBe(400);
      expect(await refundedSum(index)).toBe('0.00');
    });

    it('answers 503 to the next failNextRefunds(n) credits, crediting nothing, then credits again', async () => {
      const { index } = await approvedPayment();
      simulator.failNextRefunds(2);
      for (const attempt of [1, 2]) {
        const answer = await credit(creditBody(index, 5, { DCdisable: 'refund-c-1' }));
        expect({ attempt, status: answer.status }).toEqual({ attempt, status: 503 });
      }
      expect(await refundedSum(index)).toBe('0.00');
      expect((await credit(creditBody(index, 5, { DCdisable: 'refund-c-1' }))).status).toBe(200);
      expect(await refundedSum(index)).toBe('5.00');
    });
  });
});
