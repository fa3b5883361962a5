import type { SimulatedRefund } from './credits';

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
