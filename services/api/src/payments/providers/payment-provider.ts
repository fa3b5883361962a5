import type { PaymentProviderName } from '@mechabrim/contracts';
import { toShekels, type Agorot } from '@mechabrim/money';

/** Injection token of the configured {@link PaymentProvider}. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** What a provider needs to open its hosted payment page for an order. */
export interface PaymentOrder {
  id: string;
  amountDueAgorot: Agorot;
  description: string;
  buyer: { name: string; email: string; phone: string };
}

/** The hosted page: the checkout posts `formData` into a frame at `paymentUrl`. */
export interface HostedPayment {
  paymentUrl: string;
  formData: Record<string, string>;
}

/** A provider's notify, checked and read into our terms. */
export interface PaymentNotify {
  orderId: string;
  approved: boolean;
  /** The provider's transaction number. */
  transactionId: string;
  confirmationCode: string;
  amountAgorot: Agorot;
  /** ISO code (`ILS`), or what the provider sent when it is not a currency we know. */
  currency: string;
  cardLast4: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  /** The notify's fields as received (never a full card number), for the order's notify log. */
  fields: Record<string, string>;
}

/** Headers of an incoming request, as Fastify gives them. */
export type IncomingHeaders = Record<string, string | string[] | undefined>;

/**
 * A payment provider behind the port of ARCHITECTURE.md decision 5, chosen by `PAYMENT_PROVIDER`.
 * The browser's success and failure redirects are never trusted: an order is paid only after
 * {@link verifyNotify} accepted the server-to-server notify and {@link confirmTransaction} found
 * the same transaction at the provider.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The hosted page's address and form data for an order awaiting payment. */
  createPayment(order: PaymentOrder): Promise<HostedPayment>;
  /**
   * Checks a notify's authenticity and shape and reads it. Throws a DomainError (`unauthorized`
   * for a bad signature, `invalid_data` for a malformed body); nothing is written before it passes.
   */
  verifyNotify(rawBody: Buffer, headers: IncomingHeaders, parsedBody: unknown): PaymentNotify;
  /** Asks the provider whether this transaction is really approved for this amount. */
  confirmTransaction(order: PaymentOrder, notify: PaymentNotify): Promise<boolean>;
}

/** Tranzila's and the simulator's currency code 1 is the shekel. */
export function currencyFromCode(code: string): string {
  return code === '1' || code.toUpperCase() === 'ILS' ? 'ILS' : code;
}

/** Agorot as the `sum` field of the hosted page: shekels with two decimals (`114.80`). */
export function sumField(amount: Agorot): string {
  return toShekels(amount).toFixed(2);
}
