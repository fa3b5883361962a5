import { withinDeadline, type PaymentProviderName } from '@mechabrim/contracts';
import { agorot, toShekels } from '@mechabrim/money';
import { z } from 'zod';
import {
  RefundUnavailableError,
  type PaymentRefunds,
  type RefundOutcome,
  type RefundRequest,
} from './refund-port';
import { tranzilaAuthHeaders } from './tranzila-auth';

/** Tranzila's API path that creates a card transaction, a credit among them. */
export const TRANZILA_CREATE_TRANSACTION_PATH = '/v1/transaction/credit_card/create';

const DEFAULT_TIMEOUT_MS = 15_000;
const REF = /^[A-Za-z0-9_-]{1,64}$/;
const TRANSACTION_ID = /^\d{1,15}$/;
/** Our cap on the item's name: Tranzila documents none for this endpoint. */
const MAX_ITEM_NAME = 100;

/** Where and as whom a {@link TranzilaRefunds} calls: a Tranzila terminal, or the simulator. */
export interface TranzilaRefundsOptions {
  /** Which provider this is, as the port reports it: the simulator speaks Tranzila's API too. */
  provider: PaymentProviderName;
  terminal: string;
  appKey: string;
  secret: string;
  /** The API's origin (`https://api.tranzila.com`), no trailing slash. */
  apiUrl: string;
  /** The whole call's deadline, the answer's body included (15 s unless given). */
  timeoutMs?: number;
  /** The request time the headers are signed with (tests). */
  now?: () => Date;
}

/** The part of the answer the refund reads; anything else in it is ignored. */
const answerSchema = z.looseObject({
  error_code: z.union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+$/)
      .transform(Number),
  ]),
  message: z.string().optional(),
  transaction_result: z
    .looseObject({
      processor_response_code: z
        .union([z.string(), z.number()])
        .transform((code) => String(code).padStart(3, '0'))
        .optional(),
      transaction_id: z.union([z.string(), z.number()]).transform(String).optional(),
    })
    .nullish(),
});

/**
 * Refunds through Tranzila's API: a `credit` transaction referencing the payment, created with
 * `POST {apiUrl}/v1/transaction/credit_card/create` under the `X-tranzila-api-*` HMAC headers.
 *
 * From Tranzila's documentation (docs.tranzila.com, "create a credit card transaction" and
 * "Payment request"): the endpoint and its authentication headers, `terminal_name`,
 * `txn_type: 'credit'` (adds funds back to the card, "typically as a result of a refund"),
 * `reference_txn_id` (how a transaction names the one it follows), `DCdisable` (the duplicate
 * guard: a value already used by a successful transaction of the terminal within 24 hours makes
 * no second one; the terminal must define additional field 20 for it) and the item fields
 * `name`, `unit_price`, `units_number`, `type: 'I'`, `price_type: 'G'`, `currency_code` (as the
 * payment-request endpoint documents them).
 *
 * Our reading, not spelled out there for a credit: `authorization_number` (the payment's
 * confirmation code), `txn_currency_code`, `reference_txn_id` as a number, and the answer
 * `{ error_code, message, transaction_result: { processor_response_code, transaction_id } }` with
 * `error_code` 0 and response `000` meaning credited. Check them against a real terminal.
 *
 * `DCdisable` is the refund's `ref`, so a retry after a lost answer never credits twice. How
 * Tranzila answers such a duplicate is not documented: it comes back as `declined` with the
 * provider's code and message, to be checked by hand.
 */
export class TranzilaRefunds implements PaymentRefunds {
  readonly provider: PaymentProviderName;

  constructor(private readonly options: TranzilaRefundsOptions) {
    this.provider = options.provider;
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const invalid = invalidRequest(request);
    if (invalid) return { kind: 'declined', code: 'INVALID_REQUEST', message: invalid };
    const { terminal, appKey, secret, apiUrl } = this.options;
    const body = {
      terminal_name: terminal,
      txn_type: 'credit',
      reference_txn_id: Number(request.originalTransactionId),
      ...(request.confirmationCode ? { authorization_number: request.confirmationCode } : {}),
      txn_currency_code: 'ILS',
      DCdisable: request.ref,
      items: [
        {
          name: request.description.trim().slice(0, MAX_ITEM_NAME),
          unit_price: toShekels(agorot(request.amountAgorot)),
          units_number: 1,
          type: 'I',
          price_type: 'G',
          currency_code: 'ILS',
        },
      ],
    };
    let answer: { status: number; text: string };
    try {
      answer = await withinDeadline(
        this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        async (signal) => {
          const response = await fetch(`${apiUrl}${TRANZILA_CREATE_TRANSACTION_PATH}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              ...tranzilaAuthHeaders(appKey, secret, this.options.now?.() ?? new Date()),
            },
            body: JSON.stringify(body),
            signal,
          });
          return { status: response.status, text: await response.text() };
        },
      );
    } catch (error) {
      throw new RefundUnavailableError(`the ${this.provider} credit could not be asked`, {
        cause: error,
      });
    }
    return readAnswer(answer.status, answer.text, this.provider);
  }
}

/** Why the request can never be sent, or null. */
function invalidRequest(request: RefundRequest): string | null {
  if (!REF.test(request.ref)) return 'the refund reference must be 1-64 of A-Z a-z 0-9 _ -';
  if (!TRANSACTION_ID.test(request.originalTransactionId))
    return 'the original transaction must be a transaction number';
  if (!Number.isSafeInteger(request.amountAgorot) || request.amountAgorot <= 0)
    return 'the amount must be a positive whole number of agorot';
  if (!request.description.trim()) return 'the description must not be blank';
  return null;
}

function readAnswer(status: number, text: string, provider: string): RefundOutcome {
  // The provider is down or busy: nothing is known to have happened.
  if (status >= 500 || status === 408 || status === 429) {
    throw new RefundUnavailableError(`the ${provider} credit answered HTTP ${status}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) {
    // A 2xx we cannot read may have credited: only asking again (same DCdisable) can tell.
    if (status < 300) {
      throw new RefundUnavailableError(`the ${provider} credit answered an unreadable body`);
    }
    return { kind: 'declined', code: `HTTP_${status}`, message: text.slice(0, 200) };
  }
  const { error_code: errorCode, message = '', transaction_result: result } = parsed.data;
  if (errorCode !== 0) return { kind: 'declined', code: String(errorCode), message };
  if (status >= 300) return { kind: 'declined', code: `HTTP_${status}`, message };
  const response = result?.processor_response_code;
  if (response === '000') {
    if (result?.transaction_id) return { kind: 'refunded', transactionId: result.transaction_id };
    throw new RefundUnavailableError(`the ${provider} credit was approved without a transaction`);
  }
  return { kind: 'declined', code: response ?? 'NO_RESPONSE_CODE', message };
}
