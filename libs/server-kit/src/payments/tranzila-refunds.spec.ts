import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  startPaymentSimulator,
  type PaymentSimulator,
  type SimulatedTransaction,
} from '@mechabrim/payment-simulator';
import type { PaymentProviderSettings } from '../env/payment-provider-env';
import { paymentRefundsFrom } from './payment-refunds';
import { RefundUnavailableError, type RefundRequest } from './refund-port';
import { TranzilaRefunds } from './tranzila-refunds';

const SECRET = 'refunds-spec-simulator-secret';

/** A loopback HTTP server answering each request with `answer`; records what it was sent. */
async function startServer(
  answer: (body: string) => { status: number; body: string } | null,
): Promise<{
  url: string;
  requests: { path: string; headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}> {
  const requests: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push({ path: request.url ?? '', headers: request.headers, body });
      const reply = answer(body);
      if (!reply) return; // never answers
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('refunds through the payment simulator (the same Tranzila adapter)', () => {
  let simulator: PaymentSimulator;
  let shop: Awaited<ReturnType<typeof startServer>>;
  let settings: PaymentProviderSettings;

  beforeAll(async () => {
    shop = await startServer(() => ({ status: 200, body: '{}' }));
    simulator = await startPaymentSimulator({ secret: SECRET });
    settings = {
      provider: 'simulator',
      simulator: { url: simulator.url, secret: SECRET },
      tranzila: { terminal: '', appKey: '', secret: '', apiUrl: 'https://api.tranzila.com' },
    };
  });
  afterAll(async () => {
    await simulator?.stop();
    await shop?.close();
  });

  /** An approved payment of 114.80 ₪ on the simulator's hosted page, as a buyer makes it. */
  async function approvedPayment(): Promise<SimulatedTransaction> {
    const handshake = await fetch(`${simulator.url}/cgi-bin/tranzila71dt.cgi`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        supplier: 'mechabrim',
        TranzilaPW: SECRET,
        sum: '114.80',
        currency: '1',
        op: '1',
      }),
    });
    const thtk = new URLSearchParams(await handshake.text()).get('thtk') ?? '';
    const paid = await fetch(`${simulator.url}/mechabrim/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        sum: '114.80',
        currency: '1',
        payment_ref: 'R'.repeat(22),
        thtk,
        success_url_address: 'http://shop.test/payment/iframe/success',
        fail_url_address: 'http://shop.test/payment/iframe/failed',
        notify_url_address: `${shop.url}/api/payments/notify/simulator`,
        ccno: '4580458045804580',
        expdate: '1299',
        mycvv: '123',
        myid: '123456782',
      }),
      redirect: 'manual',
    });
    const index = new URL(paid.headers.get('location') ?? '').searchParams.get('transaction_id');
    return transaction(index ?? '');
  }

  async function transaction(index: string): Promise<SimulatedTransaction> {
    return (await (await fetch(`${simulator.url}/transactions/${index}`)).json()) as never;
  }

  const requestFor = (payment: SimulatedTransaction, ref: string, amountAgorot: number) =>
    ({
      ref,
      originalTransactionId: payment.index,
      confirmationCode: payment.ConfirmationCode,
      amountAgorot,
      description: 'ביטול הזמנה M-1001',
    }) satisfies RefundRequest;

  it('credits the card once: a retry with the same ref answers the same credit', async () => {
    const refunds = paymentRefundsFrom(settings);
    expect(refunds.provider).toBe('simulator');
    const payment = await approvedPayment();

    const outcome = await refunds.refund(requestFor(payment, 'refund-1', 11_480));
    expect(outcome).toEqual({
      kind: 'refunded',
      transactionId: simulator.refunds.at(-1)?.transaction_id,
    });
    expect(simulator.refunds.at(-1)).toMatchObject({
      reference_txn_id: payment.index,
      sum: '114.80',
      DCdisable: 'refund-1',
    });
    const count = simulator.refunds.length;
    expect(await refunds.refund(requestFor(payment, 'refund-1', 11_480))).toEqual(outcome);
    expect(simulator.refunds).toHaveLength(count);
    expect((await transaction(payment.index)).refunded_sum).toBe('114.80');
  });

  it('is declined with the provider’s code for more than is left of the payment', async () => {
    const refunds = paymentRefundsFrom(settings);
    const payment = await approvedPayment();
    expect(await refunds.refund(requestFor(payment, 'refund-2a', 10_000))).toMatchObject({
      kind: 'refunded',
    });
    expect(await refunds.refund(requestFor(payment, 'refund-2b', 1_481))).toEqual({
      kind: 'declined',
      code: '20109',
      message: 'Credit amount greater than original transaction',
    });
    expect((await transaction(payment.index)).refunded_sum).toBe('100.00');
  });

  it('is unavailable while the provider answers 503, and credits when asked again', async () => {
    const refunds = paymentRefundsFrom(settings);
    const payment = await approvedPayment();
    simulator.failNextRefunds(1);
    await expect(refunds.refund(requestFor(payment, 'refund-3', 500))).rejects.toBeInstanceOf(
      RefundUnavailableError,
    );
    expect((await transaction(payment.index)).refunded_sum).toBe('0.00');
    expect(await refunds.refund(requestFor(payment, 'refund-3', 500))).toMatchObject({
      kind: 'refunded',
    });
  });

  it('is declined when its secret is not the simulator’s', async () => {
    const refunds = paymentRefundsFrom({
      ...settings,
      simulator: { url: simulator.url, secret: 'not-the-simulator-secret' },
    });
    const payment = await approvedPayment();
    expect(await refunds.refund(requestFor(payment, 'refund-4', 500))).toEqual({
      kind: 'declined',
      code: '401',
      message: 'Authentication failed',
    });
    expect((await transaction(payment.index)).refunded_sum).toBe('0.00');
  });

  it('declines a request that can never be sent, without calling the provider', async () => {
    const refunds = paymentRefundsFrom(settings);
    const payment = await approvedPayment();
    const count = simulator.refunds.length;
    for (const request of [
      requestFor(payment, 'refund 5', 500),
      requestFor(payment, 'refund-5', 0),
      requestFor(payment, 'refund-5', 12.5),
      { ...requestFor(payment, 'refund-5', 500), originalTransactionId: 'abc' },
    ]) {
      expect(await refunds.refund(request)).toMatchObject({
        kind: 'declined',
        code: 'INVALID_REQUEST',
      });
    }
    expect(simulator.refunds).toHaveLength(count);
  });
});

describe('TranzilaRefunds against Tranzila’s API', () => {
  const request: RefundRequest = {
    ref: 'rf_7Qk2mX9pLw3vN8sT4yZa',
    originalTransactionId: '46215',
    confirmationCode: '0123456',
    amountAgorot: 11_480,
    description: 'ביטול הזמנה M-1001',
  };
  const NOW = new Date('2026-11-23T10:00:00Z');

  it('posts a credit referencing the payment, signed with the terminal’s API keys', async () => {
    const tranzila = await startServer(() => ({
      status: 200,
      body: JSON.stringify({
        error_code: 0,
        message: 'Success',
        transaction_result: { processor_response_code: '000', transaction_id: 46301 },
      }),
    }));
    try {
      const refunds = paymentRefundsFrom({
        provider: 'tranzila',
        simulator: { url: 'http://127.0.0.1:1', secret: SECRET },
        tranzila: {
          terminal: 'shop',
          appKey: 'app-key',
          secret: 'api-secret',
          apiUrl: tranzila.url,
        },
      });
      expect(refunds.provider).toBe('tranzila');
      expect(await refunds.refund(request)).toEqual({ kind: 'refunded', transactionId: '46301' });
      const [sent] = tranzila.requests;
      expect(sent?.path).toBe('/v1/transaction/credit_card/create');
      expect(JSON.parse(sent?.body ?? '')).toEqual({
        terminal_name: 'shop',
        txn_type: 'credit',
        reference_txn_id: 46215,
        authorization_number: '0123456',
        txn_currency_code: 'ILS',
        DCdisable: 'rf_7Qk2mX9pLw3vN8sT4yZa',
        items: [
          {
            name: 'ביטול הזמנה M-1001',
            unit_price: 114.8,
            units_number: 1,
            type: 'I',
            price_type: 'G',
            currency_code: 'ILS',
          },
        ],
      });
      const headers = sent?.headers ?? {};
      const time = String(headers['x-tranzila-api-request-time']);
      const nonce = String(headers['x-tranzila-api-nonce']);
      expect(headers['x-tranzila-api-app-key']).toBe('app-key');
      expect(headers['x-tranzila-api-access-token']).toBe(
        createHmac('sha256', `api-secret${time}${nonce}`).update('app-key').digest('hex'),
      );
    } finally {
      await tranzila.close();
    }
  });

  it.each([
    [
      'another response code',
      200,
      {
        error_code: 0,
        message: 'Declined',
        transaction_result: { processor_response_code: '033' },
      },
      { kind: 'declined', code: '033', message: 'Declined' },
    ],
    [
      'an application error',
      200,
      { error_code: 20109, message: 'Credit amount greater than original transaction' },
      {
        kind: 'declined',
        code: '20109',
        message: 'Credit amount greater than original transaction',
      },
    ],
    [
      'an error with a 4xx status',
      403,
      { error_code: 403, message: 'Forbidden' },
      { kind: 'declined', code: '403', message: 'Forbidden' },
    ],
  ])('reads %s as declined', async (_case, status, answer, outcome) => {
    const tranzila = await startServer(() => ({ status, body: JSON.stringify(answer) }));
    try {
      const refunds = new TranzilaRefunds({
        provider: 'tranzila',
        terminal: 'shop',
        appKey: 'k',
        secret: 's',
        apiUrl: tranzila.url,
        now: () => NOW,
      });
      expect(await refunds.refund({ ...request, confirmationCode: null })).toEqual(outcome);
      expect(JSON.parse(tranzila.requests[0]?.body ?? '{}')).not.toHaveProperty(
        'authorization_number',
      );
    } finally {
      await tranzila.close();
    }
  });

  it.each([
    ['a 5xx', () => ({ status: 502, body: '<html>Bad gateway</html>' })],
    ['an unreadable 200', () => ({ status: 200, body: 'OK' })],
    [
      'an approval without a transaction number',
      () => ({
        status: 200,
        body: JSON.stringify({
          error_code: 0,
          transaction_result: { processor_response_code: '000' },
        }),
      }),
    ],
    ['no answer before the deadline', () => null],
  ])('is unavailable on %s (the ref makes asking again safe)', async (_case, answer) => {
    const tranzila = await startServer(answer);
    try {
      const refunds = new TranzilaRefunds({
        provider: 'tranzila',
        terminal: 'shop',
        appKey: 'k',
        secret: 's',
        apiUrl: tranzila.url,
        timeoutMs: 300,
      });
      await expect(refunds.refund(request)).rejects.toBeInstanceOf(RefundUnavailableError);
    } finally {
      await tranzila.close();
    }
  });

  it('is unavailable when the provider cannot be reached', async () => {
    const closed = await startServer(() => null);
    await closed.close();
    const refunds = new TranzilaRefunds({
      provider: 'tranzila',
      terminal: 'shop',
      appKey: 'k',
      secret: 's',
      apiUrl: closed.url,
    });
    await expect(refunds.refund(request)).rejects.toThrow(RefundUnavailableError);
  });
});
