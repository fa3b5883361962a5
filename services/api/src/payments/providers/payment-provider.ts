import type { PaymentProviderName } from '@mechabrim/contracts';
import { toShekels, type Agorot } from '@mechabrim/money';

/** Injection token of the configured {@link PaymentProvider}. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** What a provider needs to open its hosted payment page for one attempt to pay an order. */
export interface PaymentOrder {
  /** The attempt's random reference: the hosted page carries it, never the order's id. */
  paymentRef: string;
  amountDueAgorot: Agorot;
  description: string;
  buyer: { name: string; email: string; phone: string };
  /**
   * Where the frame returns on the shop's origin (paths with their query), when not the
   * checkout's result pages: a donation returns to the community page's result.
   */
  returnTo?: { success: string; fail: string };
}

/** The hosted page: the checkout posts `formData` into a frame at `paymentUrl`. */
export interface HostedPayment {
  paymentUrl: string;
  formData: Record<string, string>;
}

/** A provider's notify, checked and read into our terms. */
export interface PaymentNotify {
  /** The payment attempt the hosted page was opened for. */
  paymentRef: string;
  approved: boolean;
  /** The provider's result code (`000` is approved). */
  result: string;
  /** The provider's transaction number. */
  transactionId: string;
  confirmationCode: string;
  amountAgorot: Agorot;
  /** ISO code (`ILS`), or what the provider sent when it is not a currency we know. */
  currency: string;
  cardLast4: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  /** `valid`: its signature was checked; `unsigned`: the provider signs none (Tranzila). */
  signature: 'valid' | 'unsigned';
  /** The notify's fields as received (never a full card number), for the order's notify log. */
  fields: Record<string, string>;
}

/** Headers of an incoming request, as Fastify gives them. */
export type IncomingHeaders = Record<string, string | string[] | undefined>;

/**
 * A payment provider behind the port of ARCHITECTURE.md decision 5, chosen by `PAYMENT_PROVIDER`.
 * The browser's success and failure redirects are never trusted: an order is paid only after
 * {@link verifyNotify} accepted the server-to-server notify and {@link confirmTransaction} found
 * the same transaction at the provider. The hosted page is amount-locked (a handshake token bound
 * to the sum), so the card form cannot charge another sum. Money goes back through the port's
 * refund side, `PaymentRefunds` in libs/server-kit (`paymentRefundsFrom(config.payments)`, a
 * Tranzila credit referencing the payment; the simulator speaks the same API), shared with the
 * worker, which runs the refunds.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The hosted page's address and form data (amount-locked) for one payment attempt. */
  createPayment(order: PaymentOrder): Promise<HostedPayment>;
  /**
   * Checks a notify's authenticity and shape and reads it. Throws a DomainError (`unauthorized`
   * for a bad signature, `invalid_data` for a malformed body); nothing is written before it passes.
   */
  verifyNotify(rawBody: Buffer, headers: IncomingHeaders, parsedBody: unknown): PaymentNotify;
  /**
   * Asks the provider whether the notify is true: this transaction, approved, for the notify's
   * attempt, sum and currency. Whether that pays the order is the caller's decision.
   */
  confirmTransaction(notify: PaymentNotify): Promise<boolean>;
}

/** Tranzila's and the simulator's currency code 1 is the shekel. */
export function currencyFromCode(code: string): string {
  return code === '1' || code.toUpperCase() === 'ILS' ? 'ILS' : code;
}

/** Agorot as the `sum` field of the hosted page: shekels with two decimals (`114.80`). */
export function sumField(amount: Agorot): string {
  return toShekels(amount).toFixed(2);
}
