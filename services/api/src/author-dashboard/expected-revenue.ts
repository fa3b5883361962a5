import type { Types } from 'mongoose';
import { PAID_ORDER_STATUSES } from '@mechabrim/db';
import { splitSoldLine, sumAgorot, type Agorot, type SplitPolicy } from '@mechabrim/money';

/** What the estimate reads of a stored order line. */
export interface EstimatedLine {
  book: { author: Types.ObjectId };
  quantity: number;
  priceAgorot: number;
  printAndShippingAgorot?: number | null;
}

/** Whether an order is paid but the worker's `order-splits` has not written its ledger yet. */
export function awaitsSplit(order: { status?: string | null; splitAt?: Date | null }): boolean {
  return (PAID_ORDER_STATUSES as readonly string[]).includes(order.status ?? '') && !order.splitAt;
}

/**
 * The author's share of their own lines of an order the worker has not split yet, by the same
 * policy and the same line split the worker books (every copy printed, the print partner's cost
 * when the line carries one): what the ledger will give, shown as expected until it does.
 */
export function expectedAuthorShare(
  lines: readonly EstimatedLine[],
  author: Types.ObjectId,
  policy: SplitPolicy,
): Agorot {
  return sumAgorot(
    lines
      .filter((line) => line.book.author.equals(author))
      .map((line) => splitSoldLine(policy, line).author),
  );
}
