import type { PaymentProviderName } from '@mechabrim/contracts';

/** One refund to give back to the card of an approved payment. */
export interface RefundRequest {
  /**
   * Our refund's own reference, unique per refund and the same on every retry of it (1-64 of
   * `A-Z a-z 0-9 _ -`): the provider's duplicate guard, so a retried refund never credits twice.
   */
  ref: string;
  /** The provider's transaction number of the payment (Tranzila's `index`). */
  originalTransactionId: string;
  /** The payment's confirmation (authorisation) code, when the provider gave one. */
  confirmationCode: string | null;
  /** What to give back, in agorot: at most what is left of the payment. */
  amountAgorot: number;
  /** What the refund is for, as the provider's records show it. */
  description: string;
}

/**
 * What the provider answered: the credit was made (its own transaction number), or it was
 * refused for good (the provider's code and message: a retry would be refused too).
 */
export type RefundOutcome =
  { kind: 'refunded'; transactionId: string } | { kind: 'declined'; code: string; message: string };

/**
 * The provider could not be asked or gave no usable answer (network, timeout, HTTP 5xx, an
 * unreadable body): nothing is known to have happened, so ask again later with the same `ref`.
 */
export class RefundUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RefundUnavailableError';
  }
}

/**
 * The refund side of the payment port (ARCHITECTURE.md decision 5): gives money back to the card
 * of an approved payment. Resolves with {@link RefundOutcome}; rejects with
 * {@link RefundUnavailableError} when it should be tried again.
 */
export interface PaymentRefunds {
  readonly provider: PaymentProviderName;
  refund(request: RefundRequest): Promise<RefundOutcome>;
}
