import type { BookModel, LedgerEntryModel } from '@mechabrim/db';
import type { Types } from 'mongoose';

/**
 * Gives books stored before `ledgerCopies` existed the copies the ledger holds for them. The split
 * of that time raised `salesCount` with each sale it wrote, so those copies are counted already:
 * without this, the first `book-sales` count of such a book would add its whole history again.
 * Runs before the worker's processors start; a book that has the field is left alone, so a second
 * run (every start) only asks whether any book lacks it. Answers how many books it set.
 */
export async function backfillLedgerCopies(
  books: BookModel,
  ledger: LedgerEntryModel,
): Promise<number> {
  const lacking = { ledgerCopies: { $exists: false } };
  if (!(await books.exists(lacking))) return 0;
  const sums = await ledger.aggregate<{ _id: Types.ObjectId; copies: number }>([
    { $match: { party: 'author' } },
    { $group: { _id: '$bookId', copies: { $sum: '$quantity' } } },
  ]);
  let set = 0;
  if (sums.length > 0) {
    const written = await books.collection.bulkWrite(
      sums.map(({ _id, copies }) => ({
        updateOne: { filter: { _id, ...lacking }, update: { $set: { ledgerCopies: copies } } },
      })),
      { ordered: false },
    );
    set += written.modifiedCount;
  }
  const rest = await books.collection.updateMany(lacking, { $set: { ledgerCopies: 0 } });
  return set + rest.modifiedCount;
}
