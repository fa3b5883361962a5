import {
  PAYMENT_FAILURE_CODES,
  type PaymentFailureCode,
  type PaymentFrameMessage,
} from '@mechabrim/contracts';
import { strings } from '../../strings.he';

/** What a payment result page reads from its address (spec §2, §3 payment return parameters). */
export interface ResultParams {
  transactionId: string | null;
  orderId: string | null;
  amount: number | null;
  currency: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

/** The first of `names` that is present and not empty, trimmed and bounded. */
function firstOf(query: URLSearchParams, ...names: string[]): string | null {
  for (const name of names) {
    const value = query.get(name)?.trim();
    if (value) return value.slice(0, 200);
  }
  return null;
}

/**
 * The parameters with every alternate name the spec lists: the transaction id as
 * `transaction_id`, `tranzila_id` or `id`; the order as `order_id` or `orderId`; the error code as
 * `error_code` or `tranzila_error`; its message as `error_message` or `tranzila_message`.
 */
export function readResultParams(search: string): ResultParams {
  const query = new URLSearchParams(search);
  const amountText = firstOf(query, 'amount', 'sum');
  const amount =
    amountText !== null && /^\d+(\.\d{1,2})?$/.test(amountText) ? Number(amountText) : null;
  return {
    transactionId: firstOf(query, 'transaction_id', 'tranzila_id', 'id'),
    orderId: firstOf(query, 'order_id', 'orderId'),
    amount,
    currency: firstOf(query, 'currency'),
    errorCode: firstOf(query, 'error_code', 'tranzila_error'),
    errorMessage: firstOf(query, 'error_message', 'tranzila_message'),
  };
}

const isKnownCode = (code: string): code is PaymentFailureCode =>
  (PAYMENT_FAILURE_CODES as readonly string[]).includes(code);

/** Spec §8: the provider's own message wins; else the code's text; else an unknown failure. */
export function failureMessage(params: Pick<ResultParams, 'errorCode' | 'errorMessage'>): string {
  if (params.errorMessage) return params.errorMessage;
  if (params.errorCode && isKnownCode(params.errorCode)) {
    return strings.result.failureCodes[params.errorCode];
  }
  return strings.result.unknownFailure;
}

/** The currency as a symbol: ILS (the default) as ₪. */
export function currencySymbol(currency: string | null): string {
  return !currency || currency === 'ILS' || currency === '1' ? '₪' : currency;
}

/**
 * Tells the checkout page around the frame. The target origin is our own: the result pages are
 * served by the store, inside a frame of the store's checkout page, so only that page can read
 * the message (the spec's pages posted to any origin, which leaks the order to whoever framed
 * them). Outside a frame there is no one to tell.
 */
export function tellCheckout(message: PaymentFrameMessage, target: Window = window): boolean {
  if (target.parent === target) return false;
  target.parent.postMessage(message, target.location.origin);
  return true;
}
