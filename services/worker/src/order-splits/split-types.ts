import type { BookSalesJob, MailJobOf, OutboxQueueName } from '@mechabrim/contracts';
import type { LedgerEntryInput } from '@mechabrim/db';
import type { Types } from 'mongoose';
import type { NewLedgerEntry, SplitOrderLine } from './order-split';

export type OrderSplitOutcome =
  | { outcome: 'split'; entries: number }
  | { outcome: 'already-split' }
  | { outcome: 'not-sold'; status: string };

/** One job's request: split this order (the job's `paidAt` stands in if the order has none). */
export interface SplitRequest {
  orderId: Types.ObjectId;
  paidAt: string;
}

/** What the split reads of an order. */
export interface SplitOrder {
  _id: Types.ObjectId;
  books: SplitOrderLine[];
  status: string;
  paidAt: Date | null;
  splitAt?: Date | null;
  /** The books' total, and what the card was charged (books and shipping; null on older orders). */
  totalAmountAgorot: number;
  amountDueAgorot?: number | null;
  /** The print partner's actual charge, once the handoff has it (`print.charge` of the order). */
  print?: {
    charge?: { lines?: number[] | null; shippingAgorot?: number | null; at?: Date | null } | null;
  } | null;
}

export interface AuthorRow {
  _id: Types.ObjectId;
  name: string;
  email: string;
}

export type StoredEntry = LedgerEntryInput & { _id: Types.ObjectId; createdAt: Date };

/**
 * One side effect of a split, as the outbox row that carries it (ARCHITECTURE.md decision 16):
 * a 'copy sold' mail to a line's author, or a count of a book's sales. Its id is made from the
 * order and the line or book, so every run of the split writes the same row.
 */
export type SplitEffect =
  | { _id: Types.ObjectId; type: 'mail'; payload: MailJobOf<'book-sold'> }
  | { _id: Types.ObjectId; type: 'book-sales'; payload: BookSalesJob };

/** An outbox row as the split hands it to BullMQ. */
export interface OutboxRowToHandOver {
  _id: Types.ObjectId;
  type: OutboxQueueName;
  payload: unknown;
}

/** An outbox row of the split's that a run before this one wrote, as the read found it. */
export interface StoredEffect extends OutboxRowToHandOver {
  status: string;
}

/**
 * What the write stage does for a job's order, as the read stage found it:
 * - `split`: paid and not split — write its entries, claim it, write its mails and counts;
 * - `resume`: claimed before (a retry, a job picked up again after a crash, a print charge that
 *   came since) — its entries are all in the ledger; write what is missing of its rows;
 * - `reverse`: cancelled before its claim, with entries a split wrote before it stopped — make
 *   sure they are reversed and counted.
 */
export interface PlannedWrite {
  kind: 'split' | 'resume' | 'reverse';
  request: SplitRequest;
  order: SplitOrder;
  /**
   * `split`: the entries to write (the count in its outcome); `resume`: adjustments for a print
   * charge that arrived after the split.
   */
  entries: NewLedgerEntry[];
  /** Its authors' mails not in the outbox yet (written only if the order is claimed and sold). */
  mails: SplitEffect[];
  /** Its books' counts not in the outbox yet (written whatever the claim finds). */
  counts: SplitEffect[];
  /** Its rows in the outbox that no one has handed to BullMQ yet (a run that stopped). */
  pending: OutboxRowToHandOver[];
}

/** A job's order after the read: settled already, or something to write. */
export type ReadResult = { done: OrderSplitOutcome } | { write: PlannedWrite };
