import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { bookSoldOutboxId, type BookSoldMail, type SplitOrderLine } from './order-split';
import type { OutboxRowToHandOver, SplitEffect, StoredEffect } from './split-types';

// The split's side effects are outbox rows only (ARCHITECTURE.md decision 16): its authors' mails
// and its books' sales counts, under ids made from the order and the line or book.

/**
 * The outbox row id of the sales count of a book of an order, the same on every run of the
 * split: a retried split writes the row once.
 */
export function bookSalesOutboxId(orderId: Types.ObjectId, bookId: Types.ObjectId): Types.ObjectId {
  const digest = createHash('sha256')
    .update(`book-sales:${orderId.toHexString()}:${bookId.toHexString()}`)
    .digest();
  return new Types.ObjectId(digest.subarray(0, 12));
}

/** The outbox rows of an order's mails. */
export function mailEffects(
  orderId: Types.ObjectId,
  mails: readonly BookSoldMail[],
): SplitEffect[] {
  return mails.map(({ lineIndex, payload }) => ({
    _id: bookSoldOutboxId(orderId, lineIndex),
    type: 'mail' as const,
    payload,
  }));
}

/** The outbox rows of the counts of an order's books: one per book, however many lines name it. */
export function countEffects(order: {
  _id: Types.ObjectId;
  books: readonly SplitOrderLine[];
}): SplitEffect[] {
  const books = new Map(order.books.map((line) => [line.book._id.toHexString(), line.book._id]));
  return [...books.values()].map((bookId) => ({
    _id: bookSalesOutboxId(order._id, bookId),
    type: 'book-sales' as const,
    payload: { bookId: bookId.toHexString() },
  }));
}

/** Every outbox row id an order's split can write: each line's mail and each book's count. */
export function effectIdsOf(order: {
  _id: Types.ObjectId;
  books: readonly SplitOrderLine[];
}): Types.ObjectId[] {
  return [
    ...order.books.map((_, lineIndex) => bookSoldOutboxId(order._id, lineIndex)),
    ...countEffects(order).map((row) => row._id),
  ];
}

/**
 * Which of an order's planned rows are still to write, given the order's rows the read found in
 * the outbox (`stored`, by id); and those of them still `pending`, which a run before this one
 * wrote and stopped before handing over.
 */
export function unwrittenEffects(
  planned: { mails: readonly SplitEffect[]; counts: readonly SplitEffect[] },
  stored: ReadonlyMap<string, StoredEffect>,
): { mails: SplitEffect[]; counts: SplitEffect[]; pending: OutboxRowToHandOver[] } {
  const missing = (row: SplitEffect) => !stored.has(row._id.toHexString());
  const pending = [...stored.values()]
    .filter((row) => row.status === 'pending')
    .map(({ _id, type, payload }) => ({ _id, type, payload }));
  return {
    mails: planned.mails.filter(missing),
    counts: planned.counts.filter(missing),
    pending,
  };
}
