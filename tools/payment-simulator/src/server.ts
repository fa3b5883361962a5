import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SIMULATOR_SIGNATURE_HEADER,
  TRANZILA_HANDSHAKE_PATH,
  type PaymentFailureCode,
  type SimulatorNotify,
} from '@mechabrim/contracts';
import {
  cardDigits,
  decideCard,
  isExpired,
  isValidIsraeliId,
  parseExpiry,
  RESPONSE_CODES,
  type CardDecision,
} from './cards';
import { cardFormPage, messagePage, ORDER_FIELDS, PAGE_HE, type OrderFields } from './page';
import { CREATE_TRANSACTION_PATH, createCreditDesk, type SimulatedRefund } from './credits';

export interface PaymentSimulatorOptions {
  /** Shared with the API: signs every notify (HMAC-SHA256 of the raw body, hex). */
  secret: string;
  /**
   * The terminal's password (`TranzilaPW`) the handshake must be asked with; the notify secret
   * when not given (the API sends that).
   */
  terminalPassword?: string;
  /**
   * The app key of its Tranzila-shaped API (`X-tranzila-api-app-key`), `mechabrim` unless given;
   * the API's requests are signed with `secret`.
   */
  apiAppKey?: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** How long the card submit waits for the shop's notify endpoint before redirecting anyway. */
  notifyTimeoutMs?: number;
  /**
   * When the shop's notify endpoint is unreachable or answers 5xx, the notify is sent again after
   * each of these delays (as providers retry theirs). A 2xx or 4xx answer ends the retries.
   */
  notifyRetryDelaysMs?: readonly number[];
  /** Clock for expiry checks (tests). */
  now?: () => Date;
}

/** A payment the simulator decided, as its transactions endpoint answers it. */
export interface SimulatedTransaction {
  index: string;
  payment_ref: string;
  Response: string;
  ConfirmationCode: string;
  sum: string;
  currency: string;
  /** Shekels given back by credits so far (`0.00`). */
  refunded_sum: string;
}

export interface PaymentSimulator {
  /** `http://host:port` */
  url: string;
  port: number;
  /** Every notify it sent, newest last (tests read what reached the shop). */
  notifies: ReadonlyArray<{ body: string; status: number | null; attempts: number }>;
  /** Every credit (refund) it made, newest last. */
  refunds: ReadonlyArray<SimulatedRefund>;
  /** The next `count` credit requests answer HTTP 503 and credit nothing (an outage). */
  failNextRefunds(count: number): void;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
const HOSTED_PAGE = /^\/([A-Za-z0-9_-]{1,40})\/iframenew\.php$/;
const CARD_SUBMIT = /^\/([A-Za-z0-9_-]{1,40})\/pay$/;
const TRANSACTION = /^\/transactions\/(\d{1,20})$/;
/** The simulator's terminal, as the API names it in the hosted page's path and in its API calls. */
const SIMULATOR_TERMINAL = 'mechabrim';

/** An amount lock the handshake gave: the terminal and the sum (in agorot) it is bound to. */
interface AmountLock {
  terminal: string;
  sumAgorot: number;
  /** An approved payment used it: the page will not charge it again. */
  used: boolean;
}

const SUM = /^\d{1,7}(\.\d{1,2})?$/;
const TERMINAL = /^[A-Za-z0-9_-]{1,40}$/;

/** A sum field (`114.80`, `114.8`, `114`) in agorot, or null when it is not one. */
function agorotOf(sum: string | undefined): number | null {
  if (!sum || !SUM.test(sum)) return null;
  const [whole = '0', fraction = ''] = sum.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function samePassword(given: string, expected: string): boolean {
  const a = createHmac('sha256', 'compare').update(given).digest();
  const b = createHmac('sha256', 'compare').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** HMAC-SHA256 (hex) of a notify's raw body, as the simulator signs it and the API checks it. */
export function signNotify(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: string, type = 'text/html') {
  response.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(body);
}

function orderFields(params: URLSearchParams): OrderFields {
  const fields: OrderFields = {};
  for (const name of ORDER_FIELDS) {
    const value = params.get(name);
    if (value !== null) fields[name] = value;
  }
  return fields;
}

const isHttpUrl = (value: string | undefined): value is string => {
  if (!value) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The order fields a payment needs, or null when the hosted page was opened without them. */
function completeOrder(fields: OrderFields) {
  const { sum, payment_ref, success_url_address, fail_url_address, notify_url_address } = fields;
  if (agorotOf(sum) === null || !sum || !payment_ref || !/^[A-Za-z0-9_-]{22}$/.test(payment_ref))
    return null;
  if (!isHttpUrl(success_url_address) || !isHttpUrl(fail_url_address)) return null;
  if (!isHttpUrl(notify_url_address)) return null;
  return {
    sum,
    paymentRef: payment_ref,
    currency: fields.currency ?? '1',
    successUrl: success_url_address,
    failUrl: fail_url_address,
    notifyUrl: notify_url_address,
  };
}

function withQuery(base: string, query: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
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
 */
export async function startPaymentSimulator(
  options: PaymentSimulatorOptions,
): Promise<PaymentSimulator> {
  const now = options.now ?? (() => new Date());
  const notifyTimeoutMs = options.notifyTimeoutMs ?? 5000;
  const transactions = new Map<string, SimulatedTransaction>();
  const locks = new Map<string, AmountLock>();
  const terminalPassword = options.terminalPassword ?? options.secret;
  const notifies: { body: string; status: number | null; attempts: number }[] = [];
  const retryDelays = options.notifyRetryDelaysMs ?? [1000, 5000, 15000];
  const retryTimers = new Set<NodeJS.Timeout>();
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

  /** One delivery attempt; true when the shop took it or refused it for good (2xx or 4xx). */
  async function postNotify(url: string, record: { body: string; status: number | null }) {
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIMULATOR_SIGNATURE_HEADER]: signNotify(record.body, options.secret),
        },
        body: record.body,
        signal: AbortSignal.timeout(notifyTimeoutMs),
      });
      record.status = answer.status;
      await answer.arrayBuffer();
      return answer.status < 500;
    } catch {
      return false;
    }
  }

  async function deliverNotify(url: string, notify: SimulatorNotify): Promise<void> {
    const record = { body: JSON.stringify(notify), status: null as number | null, attempts: 1 };
    notifies.push(record);
    if (await postNotify(url, record)) return;
    // The shop did not take it: send it again in the background. Until one arrives, the shop's
    // result page asks its own status endpoint, and an order never notified expires.
    const retry = (attempt: number) => {
      const delay = retryDelays[attempt];
      if (delay === undefined) return;
      const timer = setTimeout(() => {
        retryTimers.delete(timer);
        record.attempts += 1;
        void postNotify(url, record).then((done) => {
          if (!done) retry(attempt + 1);
        });
      }, delay);
      timer.unref();
      retryTimers.add(timer);
    };
    retry(0);
  }

  /** `tranzila71dt.cgi` with `op=1`: a token bound to the terminal and the sum, as plain text. */
  function handshake(params: URLSearchParams, response: ServerResponse) {
    const supplier = params.get('supplier') ?? '';
    const sumAgorot = agorotOf(params.get('sum') ?? undefined);
    if (params.get('op') !== '1' || !TERMINAL.test(supplier) || sumAgorot === null) {
      return send(response, 400, 'error=bad handshake request', 'text/plain');
    }
    if (!samePassword(params.get('TranzilaPW') ?? '', terminalPassword)) {
      return send(response, 403, 'error=bad terminal password', 'text/plain');
    }
    const token = randomBytes(24).toString('base64url');
    locks.set(token, { terminal: supplier, sumAgorot, used: false });
    return send(response, 200, new URLSearchParams({ thtk: token }).toString(), 'text/plain');
  }

  /** Why the page refuses these fields for this terminal, or null when the lock holds. */
  function lockProblem(terminal: string, fields: OrderFields): string | null {
    if (!fields.thtk) return PAGE_HE.errors.noToken;
    const lock = locks.get(fields.thtk);
    if (!lock || lock.terminal !== terminal) return PAGE_HE.errors.badToken;
    if (agorotOf(fields.sum) !== lock.sumAgorot) return PAGE_HE.errors.sumMismatch;
    if (lock.used) return PAGE_HE.errors.tokenUsed;
    return null;
  }

  async function submitCard(terminal: string, params: URLSearchParams, response: ServerResponse) {
    const fields = orderFields(params);
    const order = completeOrder(fields);
    if (!order) return send(response, 400, messagePage(PAGE_HE.errors.missingOrder));
    const refused = lockProblem(terminal, fields);
    if (refused) return send(response, 403, messagePage(refused));
    const problems: string[] = [];
    const expiry = parseExpiry(params.get('expdate') ?? '');
    if (!expiry) problems.push(PAGE_HE.errors.expiry);
    if (!/^\d{3,4}$/.test((params.get('mycvv') ?? '').trim())) problems.push(PAGE_HE.errors.cvv);
    if (!isValidIsraeliId(params.get('myid') ?? '')) problems.push(PAGE_HE.errors.id);
    if (problems.length || !expiry) {
      return send(response, 422, cardFormPage(`/${terminal}/pay`, fields, problems));
    }
    const digits = cardDigits(params.get('ccno') ?? '');
    let decision: CardDecision = decideCard(digits);
    if (decision.approved && isExpired(expiry, now())) {
      decision = {
        approved: false,
        responseCode: RESPONSE_CODES.EXPIRED_CARD,
        errorCode: 'EXPIRED_CARD',
      };
    }
    // The lock is spent before anything is awaited: a double submit cannot charge twice.
    const lock = fields.thtk ? locks.get(fields.thtk) : undefined;
    if (decision.approved && lock) lock.used = true;
    const index = newIndex();
    const confirmationCode = decision.approved
      ? String(randomInt(1_000_000, 9_999_999))
      : '0000000';
    transactions.set(index, {
      index,
      payment_ref: order.paymentRef,
      Response: decision.responseCode,
      ConfirmationCode: confirmationCode,
      sum: order.sum,
      currency: order.currency,
      refunded_sum: '0.00',
    });
    const failure: PaymentFailureCode | undefined = decision.approved
      ? undefined
      : decision.errorCode;
    const message = failure ? PAGE_HE.failureMessages[failure] : undefined;
    await deliverNotify(order.notifyUrl, {
      payment_ref: order.paymentRef,
      Response: decision.responseCode,
      index,
      ConfirmationCode: confirmationCode,
      sum: order.sum,
      currency: order.currency,
      ...(failure ? { error_code: failure, error_message: message } : {}),
      ccno_last4: digits.slice(-4).padStart(4, '0').replace(/\D/g, '0'),
      notified_at: now().toISOString(),
    });
    // The return parameters name the transaction, never the shop's order or payment reference.
    const common = {
      transaction_id: index,
      amount: order.sum,
      currency: 'ILS',
    };
    const location = decision.approved
      ? withQuery(order.successUrl, common)
      : withQuery(order.failUrl, { ...common, error_code: failure, error_message: message });
    response.writeHead(303, { location, 'cache-control': 'no-store' });
    response.end();
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
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
      return handshake(params, response);
    }
    const page = HOSTED_PAGE.exec(url.pathname);
    if (page?.[1] && (method === 'GET' || method === 'POST')) {
      const params =
        method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
      const fields = orderFields(params);
      if (!completeOrder(fields))
        return send(response, 400, messagePage(PAGE_HE.errors.missingOrder));
      const refused = lockProblem(page[1], fields);
      if (refused) return send(response, 403, messagePage(refused));
      return send(response, 200, cardFormPage(`/${page[1]}/pay`, fields));
    }
    const submit = CARD_SUBMIT.exec(url.pathname);
    if (submit?.[1] && method === 'POST') {
      return submitCard(submit[1], new URLSearchParams(await readBody(request)), response);
    }
    return send(response, 404, messagePage(PAGE_HE.notFound));
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
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
    notifies,
    refunds: credits.refunds,
    failNextRefunds: (count) => credits.failNext(count),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of retryTimers) clearTimeout(timer);
        retryTimers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
