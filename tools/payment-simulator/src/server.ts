import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TRANZILA_HANDSHAKE_PATH } from '@mechabrim/contracts';
import { CREATE_TRANSACTION_PATH, createCreditDesk } from './credits';
import { HostedPage } from './hosted-page';
import { readBody, send } from './http';
import { Notifier } from './notifier';
import { agorotOf } from './order-fields';
import { messagePage, PAGE_HE } from './page';
import type { PaymentSimulator, PaymentSimulatorOptions, SimulatedTransaction } from './types';

const HOSTED_PAGE = /^\/([A-Za-z0-9_-]{1,40})\/iframenew\.php$/;
const CARD_SUBMIT = /^\/([A-Za-z0-9_-]{1,40})\/pay$/;
const TRANSACTION = /^\/transactions\/(\d{1,20})$/;
/** The simulator's terminal, as the API names it in the hosted page's path and in its API calls. */
const SIMULATOR_TERMINAL = 'mechabrim';

interface Routes {
  transactions: ReadonlyMap<string, SimulatedTransaction>;
  credits: ReturnType<typeof createCreditDesk>;
  page: HostedPage;
}

async function handle(
  { transactions, credits, page }: Routes,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://simulator.local');
  const method = request.method ?? 'GET';
  if (url.pathname === '/health' && method === 'GET') {
    return send(response, 200, JSON.stringify({ status: 'ok' }), 'application/json');
  }
  const transaction = TRANSACTION.exec(url.pathname);
  if (transaction?.[1] && method === 'GET') {
    const found = transactions.get(transaction[1]);
    return found
      ? send(response, 200, JSON.stringify(found), 'application/json')
      : send(response, 404, JSON.stringify({ error: 'not found' }), 'application/json');
  }
  if (url.pathname === CREATE_TRANSACTION_PATH && method === 'POST') {
    const answer = credits.credit(request.headers, await readBody(request));
    return send(response, answer.status, JSON.stringify(answer.body), 'application/json');
  }
  if (url.pathname === TRANZILA_HANDSHAKE_PATH && (method === 'GET' || method === 'POST')) {
    const params =
      method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
    return page.handshake(params, response);
  }
  const hosted = HOSTED_PAGE.exec(url.pathname);
  if (hosted?.[1] && (method === 'GET' || method === 'POST')) {
    const params =
      method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
    return page.show(hosted[1], params, response);
  }
  const submit = CARD_SUBMIT.exec(url.pathname);
  if (submit?.[1] && method === 'POST') {
    return page.submitCard(submit[1], new URLSearchParams(await readBody(request)), response);
  }
  return send(response, 404, messagePage(PAGE_HE.notFound));
}

/**
 * The local payment provider (ARCHITECTURE.md decision 5): Tranzila's handshake at
 * `/cgi-bin/tranzila71dt.cgi` (asked server-side with the terminal's password, it answers
 * `thtk=<token>` bound to the terminal and the sum), a hosted card form at
 * `/{terminal}/iframenew.php` taking Tranzila's fields — refused without a token, or for a sum
 * other than the token's — a signed server-to-server notify to the shop's `notify_url_address`,
 * then a redirect of the frame to `success_url_address` or `fail_url_address` with the return
 * parameters of spec §3. `GET /transactions/{index}` answers what was decided, as the provider's
 * transactions API does for the shop's confirmation, with what credits gave back (`refunded_sum`).
 * `POST /v1/transaction/credit_card/create` takes Tranzila's credit (refund) transactions for the
 * terminal `mechabrim` (see credits.ts).
 */ export async function startPaymentSimulator(
  options: PaymentSimulatorOptions,
): Promise<PaymentSimulator> {
  const now = options.now ?? (() => new Date());
  const transactions = new Map<string, SimulatedTransaction>();
  /** A transaction number no payment or credit has. */
  const newIndex = () => {
    let index: string;
    do index = String(randomInt(10_000_000, 99_999_999));
    while (transactions.has(index) || credits.refunds.some((r) => r.transaction_id === index));
    return index;
  };
  const credits = createCreditDesk({
    terminal: SIMULATOR_TERMINAL,
    appKey: options.apiAppKey ?? 'mechabrim',
    secret: options.secret,
    now,
    findPayment: (index) => transactions.get(index),
    newIndex,
    agorotOf,
  });
  const notifier = new Notifier({
    secret: options.secret,
    timeoutMs: options.notifyTimeoutMs ?? 5000,
    retryDelaysMs: options.notifyRetryDelaysMs ?? [1000, 5000, 15000],
  });
  const page = new HostedPage({
    terminalPassword: options.terminalPassword ?? options.secret,
    now,
    transactions,
    newIndex,
    notifier,
  });
  const routes: Routes = { transactions, credits, page };
  const server: Server = createServer((request, response) => {
    handle(routes, request, response).catch(() => {
      if (!response.headersSent) send(response, 400, messagePage(PAGE_HE.errors.missingOrder));
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    notifies: notifier.notifies,
    refunds: credits.refunds,
    failNextRefunds: (count) => credits.failNext(count),
    stop: () =>
      new Promise<void>((resolve) => {
        notifier.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
