import type { BookModel, LedgerEntryModel } from '@mechabrim/db';
import type { Types } from 'mongoose';

export type BookSalesCount =
  { outcome: 'counted'; ledgerCopies: number; added: number } | { outcome: 'no-book' };

/** Tries of one count before its job fails (and BullMQ retries it later). */
const TRIES = 5;

/**
 * Brings the book's `salesCount` up to the ledger: reads the copies the ledger held at the last
 * count (`ledgerCopies`), sums the ledger's author entries of the book now (sales less reversals;
 * every sold line has exactly one), and adds the difference to `salesCount` (less, after a
 * cancellation) — only if `ledgerCopies` is still what it read. The queue runs one count of a book
 * at a time; should two meet anyway (a count run again as stalled while it still runs), the
 * second starts over instead of adding the same copies twice. A book without `ledgerCopies` was
 * created without it after the worker's start (`backfillLedgerCopies` gave it to the others):
 * none of its ledger copies is counted yet.
 */
export async function countBookSales(
  books: BookModel,
  ledger: LedgerEntryModel,
  bookId: Types.ObjectId,
): Promise<BookSalesCount> {
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const book = await books
      .findById(bookId)
      .select({ ledgerCopies: 1 })
      .lean<{ ledgerCopies?: number | null }>();
    if (!book) return { outcome: 'no-book' };
    const counted = book.ledgerCopies ?? 0;
    const [sum] = await ledger.aggregate<{ copies: number }>([
      { $match: { bookId, party: 'author' } },
      { $group: { _id: null, copies: { $sum: '$quantity' } } },
    ]);
    const copies = sum?.copies ?? 0;
    if (copies === counted) return { outcome: 'counted', ledgerCopies: copies, added: 0 };
    const written = await books.updateOne(
      // `ledgerCopies: null` matches a book stored before the field existed (and counted as 0).
      { _id: bookId, ledgerCopies: book.ledgerCopies ?? null },
      { $inc: { salesCount: copies - counted }, $set: { ledgerCopies: copies } },
    );
    if (written.matchedCount === 1) {
      return { outcome: 'counted', ledgerCopies: copies, added: copies - counted };
    }
  }
  throw new Error(`the sales count of book ${bookId.toHexString()} kept changing; try again`);
}
