import { Types } from 'mongoose';
import { PAID_ORDER_STATUSES, type BookModel } from '@mechabrim/db';
import { splitPrintedLine, sumAgorot, type Agorot, type SplitPolicy } from '@mechabrim/money';

/** What the estimate reads of a stored order line. */
export interface EstimatedLine {
  book: { _id?: Types.ObjectId; author: Types.ObjectId };
  quantity: number;
  priceAgorot: number;
}

/** The quoted print cost per copy of books, by id (agorot), as the split will deduct it. */
export type PrintCostsByBook = ReadonlyMap<string, number>;

/** Whether an order is paid but the worker's `order-splits` has not written its ledger yet. */
export function awaitsSplit(order: { status?: string | null; splitAt?: Date | null }): boolean {
  return (PAID_ORDER_STATUSES as readonly string[]).includes(order.status ?? '') && !order.splitAt;
}

/**
 * The author's share of their own lines of an order the worker has not split yet, by the same
 * policy and the same line split the worker books (every copy printed, each book's quoted print
 * cost per copy taken out of the share that bears it): what the ledger will give, shown as
 * expected until it does.
 */
export function expectedAuthorShare(
  lines: readonly EstimatedLine[],
  author: Types.ObjectId,
  policy: SplitPolicy,
  printCosts: PrintCostsByBook = new Map(),
): Agorot {
  return sumAgorot(
    lines
      .filter((line) => line.book.author.equals(author))
      .map(
        (line) =>
          splitPrintedLine(policy, {
            priceAgorot: line.priceAgorot,
            quantity: line.quantity,
            printCostAgorot: (line.book._id && printCosts.get(line.book._id.toHexString())) || 0,
          }).author,
      ),
  );
}

/** The quoted print cost per copy of these books, in one query (books without a quote: none). */
export async function printCostsOf(
  books: BookModel,
  ids: Iterable<Types.ObjectId>,
): Promise<Map<string, number>> {
  const unique = new Map([...ids].map((id) => [id.toHexString(), id]));
  if (unique.size === 0) return new Map();
  const rows = await books
    .find({ _id: { $in: [...unique.values()] } })
    .select({ printCost: 1 })
    .lean<Array<{ _id: Types.ObjectId; printCost?: { agorot?: number | null } | null }>>();
  const costs = new Map<string, number>();
  for (const row of rows) {
    const cost = row.printCost?.agorot;
    if (typeof cost === 'number') costs.set(row._id.toHexString(), cost);
  }
  return costs;
}
