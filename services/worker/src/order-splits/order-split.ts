import type { LedgerParty } from '@mechabrim/db';
import { agorot, lineTotal, type SplitPolicy } from '@mechabrim/money';
import type { Types } from 'mongoose';

/** What the split reads of a stored order line. */
export interface SplitOrderLine {
  book: { _id: Types.ObjectId; author: Types.ObjectId };
  quantity: number;
  priceAgorot: number;
  /** The print partner's cost for the line's copies, once known (none before print handoff). */
  printAndShippingAgorot?: number | null;
}

/** One ledger entry about to be written (the stored shape of `LedgerEntrySchema`). */
export interface NewLedgerEntry {
  orderId: Types.ObjectId;
  lineIndex: number;
  party: LedgerParty;
  kind: 'sale';
  amountAgorot: number;
  bookId: Types.ObjectId;
  authorId: Types.ObjectId;
  quantity: number;
  lineTotalAgorot: number;
  policy: SplitPolicy['name'];
  occurredAt: Date;
}

/**
 * The sale entries of a paid order: per line, the author's, the community's and the platform's
 * shares under `policy` (and the print partner's, when the line carries a print cost), which add
 * up to the line's total exactly — `policy.split` rounds the community's and the platform's shares
 * once and gives the author the rest. Every copy sold is a printed book.
 */
export function saleEntries(
  order: { _id: Types.ObjectId; books: readonly SplitOrderLine[] },
  policy: SplitPolicy,
  occurredAt: Date,
): NewLedgerEntry[] {
  return order.books.flatMap((line, lineIndex) => {
    const unitPrice = agorot(line.priceAgorot);
    const total = lineTotal(unitPrice, line.quantity);
    const split = policy.split({
      unitPrice,
      quantity: line.quantity,
      format: 'physical',
      printAndShipping: agorot(line.printAndShippingAgorot ?? 0),
    });
    const parts: Array<[LedgerParty, number]> = [
      ['author', split.author],
      ['community', split.community],
      ['platform', split.platform],
    ];
    if (split.printAndShipping > 0) parts.push(['print', split.printAndShipping]);
    return parts.map(([party, amountAgorot]) => ({
      orderId: order._id,
      lineIndex,
      party,
      kind: 'sale' as const,
      amountAgorot,
      bookId: line.book._id,
      authorId: line.book.author,
      quantity: line.quantity,
      lineTotalAgorot: total,
      policy: policy.name,
      occurredAt,
    }));
  });
}
