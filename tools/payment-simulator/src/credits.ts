import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The path of Tranzila's API that creates a card transaction; the simulator takes credits. */
export const CREATE_TRANSACTION_PATH = '/v1/transaction/credit_card/create';

/** A credit (refund) the simulator made, newest last. */
export interface SimulatedRefund {
  /** The credit's own transaction number. */
  transaction_id: string;
  /** The payment it gives money back from. */
  reference_txn_id: string;
  /** Shekels with two decimals (`30.00`). */
  sum: string;
  /** The duplicate guard it was asked with, if any. */
  DCdisable: string | null;
  created_at: string;
}

/** What the credit desk needs of a payment the simulator approved or declined. */
export interface CreditablePayment {
  Response: string;
  ConfirmationCode: string;
  /** Shekels (`114.80`). */
  sum: string;
  currency: string;
  /** Shekels given back so far (`0.00`). */
  refunded_sum: string;
}

export interface CreditDeskOptions {
  terminal: string;
  appKey: string;
  /** Keys the `X-tranzila-api-access-token` HMAC. */
  secret: string;
  now: () => Date;
  findPayment: (index: string) => CreditablePayment | undefined;
  newIndex: () => string;
  /** A sum field in agorot, or null. */
  agorotOf: (sum: string | undefined) => number | null;
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** How far the signed request time may be from the simulator's clock, as a replay bound. */
const REQUEST_TIME_SKEW_S = 300;

/**
 * The answers' `error_code`s. 20109 mirrors Tranzila's application error for a credit above the
 * original (taken from issue 22; not found in Tranzila's public pages). The 9000x codes are the
 * simulator's own, for refusals Tranzila's documentation gives no code for.
 */
export const CREDIT_ERRORS = {
  unauthorized: { code: 401, message: 'Authentication failed' },
  badRequest: { code: 400, message: 'Invalid request' },
  unknownTerminal: { code: 90001, message: 'Unknown terminal' },
  unsupportedType: { code: 90002, message: 'Only txn_type credit is supported' },
  noReference: { code: 90003, message: 'Reference transaction not found or not approved' },
  wrongAuthorization: { code: 90004, message: 'Authorization number does not match' },
  wrongCurrency: { code: 90005, message: 'Currency does not match the reference transaction' },
  aboveOriginal: { code: 20109, message: 'Credit amount greater than original transaction' },
} as const;

const sameText = (given: string, expected: string) =>
  timingSafeEqual(
    createHmac('sha256', 'compare').update(given).digest(),
    createHmac('sha256', 'compare').update(expected).digest(),
  );

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value : '';
};

/** Agorot as a sum field (`3000` → `30.00`). */
export function sumOf(agorot: number): string {
  return `${Math.floor(agorot / 100)}.${String(agorot % 100).padStart(2, '0')}`;
}

const error = (
  status: number,
  { code, message }: { code: number; message: string },
): JsonAnswer => ({ status, body: { error_code: code, message } });

/**
 * Tranzila's create-transaction endpoint for `txn_type: 'credit'`: the `X-tranzila-api-*` headers
 * checked as Tranzila documents them (HMAC-SHA256 of the app key keyed with secret + request time
 * + nonce), a credit only against an approved payment, never above what is left of it, and at
 * most once per `DCdisable` value (a repeat answers the first credit's result). `failNext(n)`
 * makes the next n requests answer 503, as an outage would.
 */
export function createCreditDesk(options: CreditDeskOptions) {
  const refunds: SimulatedRefund[] = [];
  const byGuard = new Map<string, JsonAnswer>();
  let failures = 0;

  function credit(headers: IncomingHttpHeaders, rawBody: string): JsonAnswer {
    if (failures > 0) {
      failures -= 1;
      return error(503, { code: 503, message: 'Service unavailable' });
    }
    if (!authenticated(options, headers)) return error(401, CREDIT_ERRORS.unauthorized);
    const body = jsonObjectOf(rawBody);
    if (!body) return error(400, CREDIT_ERRORS.badRequest);
    if (body.terminal_name !== options.terminal) return error(200, CREDIT_ERRORS.unknownTerminal);
    if (body.txn_type !== 'credit') return error(200, CREDIT_ERRORS.unsupportedType);
    const guard = typeof body.DCdisable === 'string' && body.DCdisable ? body.DCdisable : null;
    // Tranzila: a value already used by a successful transaction makes no second one.
    const earlier = guard ? byGuard.get(guard) : undefined;
    if (earlier) return earlier;
    const amount = creditAmount(body, options);
    if (amount === null) return error(400, CREDIT_ERRORS.badRequest);
    const checked = checkReference(body, amount, options);
    if ('refusal' in checked) return checked.refusal;
    const { reference, payment, refunded } = checked;

    payment.refunded_sum = sumOf(refunded + amount);
    const index = options.newIndex();
    refunds.push({
      transaction_id: index,
      reference_txn_id: reference,
      sum: sumOf(amount),
      DCdisable: guard,
      created_at: options.now().toISOString(),
    });
    const answer = creditSucceeded(index, reference, amount);
    if (guard) byGuard.set(guard, answer);
    return answer;
  }

  return {
    refunds: refunds as ReadonlyArray<SimulatedRefund>,
    credit,
    failNext(count: number) {
      failures = Math.max(0, Math.floor(count));
    },
  };
}

function authenticated(options: CreditDeskOptions, headers: IncomingHttpHeaders): boolean {
  const appKey = header(headers, 'X-tranzila-api-app-key');
  const requestTime = header(headers, 'X-tranzila-api-request-time');
  const nonce = header(headers, 'X-tranzila-api-nonce');
  const token = header(headers, 'X-tranzila-api-access-token');
  if (!sameText(appKey, options.appKey)) return false;
  if (!/^\d{1,12}$/.test(requestTime) || !nonce || nonce.length > 200) return false;
  const skew = Math.abs(options.now().getTime() / 1000 - Number(requestTime));
  if (skew > REQUEST_TIME_SKEW_S) return false;
  const expected = createHmac('sha256', options.secret + requestTime + nonce)
    .update(appKey)
    .digest('hex');
  return sameText(token, expected);
}

/** The request body as a JSON object, or null when it is not one. */
function jsonObjectOf(rawBody: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The agorot the credit's items add up to, or null when an item or the total is not valid. */
function creditAmount(body: Record<string, unknown>, options: CreditDeskOptions): number | null {
  const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
  let amount = 0;
  for (const item of items) {
    const price = options.agorotOf(
      typeof item.unit_price === 'number' ? String(item.unit_price) : undefined,
    );
    const units = item.units_number ?? 1;
    if (price === null || typeof units !== 'number' || !Number.isInteger(units) || units < 1)
      return null;
    amount += price * units;
  }
  if (amount <= 0) return null;
  return amount;
}

/**
 * The approved payment the credit gives money back from, with what it has given back so far; or
 * the refusal when it is not found, does not match the request, or has too little left.
 */
function checkReference(
  body: Record<string, unknown>,
  amount: number,
  options: CreditDeskOptions,
): { reference: string; payment: CreditablePayment; refunded: number } | { refusal: JsonAnswer } {
  const reference =
    typeof body.reference_txn_id === 'number' || typeof body.reference_txn_id === 'string'
      ? String(body.reference_txn_id)
      : '';
  const payment = options.findPayment(reference);
  if (!payment || payment.Response !== '000')
    return { refusal: error(200, CREDIT_ERRORS.noReference) };
  const authorization = body.authorization_number;
  if (authorization !== undefined && authorization !== payment.ConfirmationCode)
    return { refusal: error(200, CREDIT_ERRORS.wrongAuthorization) };
  const currency = body.txn_currency_code ?? 'ILS';
  if (currency !== 'ILS' || !['1', 'ILS'].includes(payment.currency))
    return { refusal: error(200, CREDIT_ERRORS.wrongCurrency) };
  const original = options.agorotOf(payment.sum) ?? 0;
  const refunded = options.agorotOf(payment.refunded_sum) ?? 0;
  if (refunded + amount > original) return { refusal: error(200, CREDIT_ERRORS.aboveOriginal) };
  return { reference, payment, refunded };
}

function creditSucceeded(index: string, reference: string, amount: number): JsonAnswer {
  return {
    status: 200,
    body: {
      error_code: 0,
      message: 'Success',
      transaction_result: {
        processor_response_code: '000',
        transaction_id: Number(index),
        txn_type: 'credit',
        reference_txn_id: Number(reference),
        amount: amount / 100,
        currency_code: 'ILS',
      },
    },
  };
}
