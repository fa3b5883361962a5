import { createHash } from 'node:crypto';
import type { MailJobOf } from '@mechabrim/contracts';
import type { LedgerEntryInput, LedgerParty } from '@mechabrim/db';
import {
  agorot,
  lineTotal,
  printChargeAdjustment,
  shippingFeePaid,
  splitPrintedLine,
  type SplitPolicy,
} from '@mechabrim/money';
import { Types } from 'mongoose';

/** What the split reads of a stored order line. */
export interface SplitOrderLine {
  book: { _id: Types.ObjectId; author: Types.ObjectId; title?: string | null };
  quantity: number;
  priceAgorot: number;
}

/** One entry about to be written (the stored shape of `LedgerEntrySchema`). */
export interface NewLedgerEntry extends LedgerEntryInput {
  kind: 'sale' | 'adjustment' | 'shipping' | 'shipping-adjustment';
}

/** What the split reads of an order's charge: the books' total and the amount due. */
export interface SplitOrderAmounts {
  totalAmountAgorot: number;
  amountDueAgorot?: number | null;
}

/** The print cost per copy quoted for each book (by id), as the split read the books. */
export type PrintCosts = ReadonlyMap<string, number>;

/**
 * The sale entries of a paid order: per line, the author's, the community's and the platform's
 * shares under `policy`, and the print partner's — the book's quoted print cost per copy
 * (`printCosts`; a book without a quote has none deducted) times the copies, taken out of the
 * share that bears it. They add up to the line's total exactly: `policy.split` rounds the
 * community's and the platform's shares once and gives the author the rest. Every copy sold is a
 * printed book.
 */
export function saleEntries(
  order: { _id: Types.ObjectId; books: readonly SplitOrderLine[] },
  policy: SplitPolicy,
  occurredAt: Date,
  printCosts: PrintCosts = new Map(),
): NewLedgerEntry[] {
  return order.books.flatMap((line, lineIndex) => {
    const unitPrice = agorot(line.priceAgorot);
    const total = lineTotal(unitPrice, line.quantity);
    const split = splitPrintedLine(policy, {
      priceAgorot: line.priceAgorot,
      quantity: line.quantity,
      printCostAgorot: printCosts.get(line.book._id.toHexString()) ?? 0,
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

/**
 * The adjustment entries of an order whose print partner's actual charge is known: for each line
 * whose charge differs from the print entry of its sale (what the split deducted, from the quote),
 * the print partner's entry moves by the difference and the platform's by its opposite — the
 * author's share, fixed at the sale, never changes. `sales` are the order's sale entries (planned
 * or stored); lines without a charge, or charged as quoted, get none.
 */
export function printAdjustmentEntries(
  order: { _id: Types.ObjectId; books: readonly SplitOrderLine[] },
  sales: readonly LedgerEntryInput[],
  chargedLines: readonly number[],
  occurredAt: Date,
): NewLedgerEntry[] {
  return order.books.flatMap((line, lineIndex) => {
    const actual = chargedLines[lineIndex];
    if (actual === undefined || !Number.isSafeInteger(actual) || actual < 0) return [];
    const mine = sales.filter((entry) => entry.kind === 'sale' && entry.lineIndex === lineIndex);
    const first = mine[0];
    if (!first) return [];
    const quoted = mine.find((entry) => entry.party === 'print')?.amountAgorot ?? 0;
    const move = printChargeAdjustment(agorot(quoted), agorot(actual));
    if (move.print === 0) return [];
    const base = {
      orderId: order._id,
      lineIndex,
      kind: 'adjustment' as const,
      bookId: line.book._id,
      authorId: line.book.author,
      quantity: 0,
      lineTotalAgorot: 0,
      policy: first.policy,
      occurredAt,
    };
    return [
      { ...base, party: 'print' as const, amountAgorot: move.print },
      { ...base, party: 'platform' as const, amountAgorot: move.platform },
    ];
  });
}

/**
 * The shipping fee's entry of a paid order (issue 22): what the buyer paid for shipping (the
 * amount due less the books, `shippingFeePaid`) is owed to the print partner for the shipping, as
 * one `print` entry of kind `shipping` on the order's first line (the ledger's key is per line),
 * with that line's book and author but no copies or line total: no author's sale. None when the
 * shipping was free. With the lines' sale entries, the order's entries add up to its charge.
 */
export function shippingEntries(
  order: { _id: Types.ObjectId; books: readonly SplitOrderLine[] } & SplitOrderAmounts,
  policy: SplitPolicy['name'],
  occurredAt: Date,
): NewLedgerEntry[] {
  const first = order.books[0];
  const fee = shippingFeePaid(order);
  if (!first || fee <= 0) return [];
  return [
    {
      orderId: order._id,
      lineIndex: 0,
      party: 'print',
      kind: 'shipping',
      amountAgorot: fee,
      bookId: first.book._id,
      authorId: first.book.author,
      quantity: 0,
      lineTotalAgorot: 0,
      policy,
      occurredAt,
    },
  ];
}

/**
 * The shipping adjustment of an order whose print partner's actual shipping charge is known: when
 * it differs from the shipping fee's entry (`entries`, planned or stored; none: 0), the print
 * partner's entry moves by the difference and the platform's by its opposite
 * (`printChargeAdjustment`), on the first line, kind `shipping-adjustment`. Never the author's.
 */
export function shippingAdjustmentEntries(
  order: { _id: Types.ObjectId; books: readonly SplitOrderLine[] },
  entries: readonly LedgerEntryInput[],
  chargedShipping: number | null | undefined,
  policy: SplitPolicy['name'],
  occurredAt: Date,
): NewLedgerEntry[] {
  const first = order.books[0];
  if (!first || typeof chargedShipping !== 'number') return [];
  if (!Number.isSafeInteger(chargedShipping) || chargedShipping < 0) return [];
  const paid = entries.find((e) => e.kind === 'shipping' && e.party === 'print')?.amountAgorot ?? 0;
  const move = printChargeAdjustment(agorot(paid), agorot(chargedShipping));
  if (move.print === 0) return [];
  const base = {
    orderId: order._id,
    lineIndex: 0,
    kind: 'shipping-adjustment' as const,
    bookId: first.book._id,
    authorId: first.book.author,
    quantity: 0,
    lineTotalAgorot: 0,
    policy,
    occurredAt,
  };
  return [
    { ...base, party: 'print' as const, amountAgorot: move.print },
    { ...base, party: 'platform' as const, amountAgorot: move.platform },
  ];
}

/** A split order's mail to the author of one of its lines. */
export interface BookSoldMail {
  lineIndex: number;
  payload: MailJobOf<'book-sold'>;
}

/**
 * The 'a copy of your book was sold' mails of a split order (issue 11 item 5): one per line, to
 * the line's author, stating the copies and the author's share of them from the ledger's own
 * entries, so the mail and the earnings page can never disagree. Authors without an account
 * (a deleted one) get none.
 */
export function bookSoldMails(
  order: { _id: Types.ObjectId; books: readonly SplitOrderLine[] },
  entries: readonly NewLedgerEntry[],
  authors: ReadonlyMap<string, { name: string; email: string }>,
): BookSoldMail[] {
  return entries.flatMap((entry) => {
    if (entry.party !== 'author') return [];
    const author = authors.get(entry.authorId.toHexString());
    const line = order.books[entry.lineIndex];
    if (!author || !line) return [];
    const payload = {
      template: 'book-sold' as const,
      to: author.email,
      orderId: order._id.toHexString(),
      bookId: entry.bookId.toHexString(),
      bookTitle: (line.book.title || '—').slice(0, 300),
      authorName: (author.name || author.email).slice(0, 120),
      quantity: entry.quantity,
      earningsAgorot: Math.max(0, entry.amountAgorot),
    };
    return [{ lineIndex: entry.lineIndex, payload }];
  });
}

/**
 * The outbox row id of the mail about an order's line, the same on every run of the split: a
 * retried split writes the row once, and the API's relay makes the row's id the mail job's id.
 */
export function bookSoldOutboxId(orderId: Types.ObjectId, lineIndex: number): Types.ObjectId {
  const digest = createHash('sha256')
    .update(`book-sold:${orderId.toHexString()}:${lineIndex}`)
    .digest();
  return new Types.ObjectId(digest.subarray(0, 12));
}
