import { type Agorot, agorot, lineTotal, sumAgorot, ZERO_AGOROT } from './agorot';
import { cancellationFeeOf } from './policies';
import {
  printChargeAdjustment,
  returnedCopiesSplit,
  splitPrintedLine,
  type PrintedSaleLine,
} from './print-cost';
import type { SplitPolicy } from './split';

/*
 * An order's whole life in the ledger, and the identity it keeps (issue 22): for every order, the
 * ledger's entries for it add up to what the card was charged less what was refunded, to the agora.
 *
 * - The sale: each line split by the policy, its quoted print cost out of the bearing share
 *   ({@link splitPrintedLine}); the lines' entries add up to the books' total.
 * - The shipping: the fee the buyer paid for shipping pays the print partner's shipping, as one
 *   print entry of the order (on its first line; none when the fee is 0). When the partner's
 *   actual charge is known, each line's print cost and the shipping that differ from what the
 *   sale booked move the print partner's entries by the difference and the platform's by its
 *   opposite ({@link printChargeAdjustment}): never the author's, and adding up to 0.
 * - A cancellation: every sale and the shipping reversed, and the platform keeps the cancellation
 *   fee of the charge ({@link cancellationRefundOf}); the rest is refunded.
 * - A return: the returned copies' shares taken back ({@link returnedCopiesSplit}); the refund is
 *   their price and no more — return shipping is the buyer's, so the shipping stays paid.
 *
 * {@link orderLedgerAmounts} draws the amounts this describes; the worker and the API write the
 * same amounts as ledger entries (the split, the cancellation, the return), each from the
 * functions used here.
 */

/**
 * The shipping fee the buyer paid: what the card was charged beyond the books (the amount due
 * less the books' total). An order with no amount due (the older demo orders) paid none.
 */
export function shippingFeePaid(order: {
  amountDueAgorot?: number | null;
  totalAmountAgorot: number;
}): Agorot {
  if (order.amountDueAgorot === null || order.amountDueAgorot === undefined) return ZERO_AGOROT;
  return agorot(Math.max(0, order.amountDueAgorot - order.totalAmountAgorot));
}

/**
 * What a cancellation of an order charged `charged` keeps and gives back: the cancellation fee
 * (5 %, capped at 100 ₪) is the platform's, the rest is refunded.
 */
export function cancellationRefundOf(charged: Agorot): { fee: Agorot; refund: Agorot } {
  const fee = cancellationFeeOf(charged);
  return { fee, refund: agorot(charged - fee) };
}

/** Copies of one order line a return takes back. */
export interface ReturnedCopies {
  lineIndex: number;
  quantity: number;
}

/**
 * A return's refund: the returned copies' price (spec §9). Return shipping is the buyer's, and the
 * shipping there was paid for, so no shipping is refunded. Lines the order does not have count 0.
 */
export function returnRefundOf(
  lines: readonly { priceAgorot: number }[],
  returned: readonly ReturnedCopies[],
): Agorot {
  return sumAgorot(
    returned.map(({ lineIndex, quantity }) => {
      const line = lines[lineIndex];
      return line ? lineTotal(agorot(line.priceAgorot), quantity) : ZERO_AGOROT;
    }),
  );
}

export type OrderLedgerParty = 'author' | 'community' | 'platform' | 'print';
export type OrderLedgerKind =
  | 'sale'
  | 'adjustment'
  | 'shipping'
  | 'shipping-adjustment'
  | 'reversal'
  | 'shipping-reversal'
  | 'fee'
  | 'return';

/** One amount of an order's ledger: what an entry holds, without its ids and dates. */
export interface OrderLedgerAmount {
  lineIndex: number;
  party: OrderLedgerParty;
  kind: OrderLedgerKind;
  amount: Agorot;
}

/** An order as its money moves: its lines, the shipping fee paid, and what came after the sale. */
export interface OrderMoney {
  lines: readonly PrintedSaleLine[];
  /** The shipping fee the buyer paid ({@link shippingFeePaid}). */
  shippingPaid: Agorot;
  /** The print partner's actual charge, once known: per line, and the shipping. */
  charge?: { lines: readonly Agorot[]; shipping: Agorot } | null;
  /** A cancellation before the press, or a return of delivered copies (never both). */
  outcome?: { kind: 'cancelled' } | { kind: 'returned'; copies: readonly ReturnedCopies[] } | null;
}

/** What the card was charged for the order: the books and the shipping. */
export function orderCharged(order: OrderMoney): Agorot {
  return agorot(
    sumAgorot(order.lines.map((line) => lineTotal(agorot(line.priceAgorot), line.quantity))) +
      order.shippingPaid,
  );
}

/** What was refunded to the card: a cancellation's charge less its fee, or a return's copies. */
export function orderRefunded(order: OrderMoney): Agorot {
  if (order.outcome?.kind === 'cancelled') return cancellationRefundOf(orderCharged(order)).refund;
  if (order.outcome?.kind === 'returned') return returnRefundOf(order.lines, order.outcome.copies);
  return ZERO_AGOROT;
}

/** The amounts of an order's ledger under `policy`, in the order they are written. */
export function orderLedgerAmounts(policy: SplitPolicy, order: OrderMoney): OrderLedgerAmount[] {
  const amounts: OrderLedgerAmount[] = [];
  const printBooked: Agorot[] = [];
  order.lines.forEach((line, lineIndex) => {
    const split = splitPrintedLine(policy, line);
    printBooked[lineIndex] = split.printAndShipping;
    const parts: [OrderLedgerParty, Agorot][] = [
      ['author', split.author],
      ['community', split.community],
      ['platform', split.platform],
    ];
    if (split.printAndShipping > 0) parts.push(['print', split.printAndShipping]);
    for (const [party, amount] of parts) amounts.push({ lineIndex, party, kind: 'sale', amount });
  });
  if (order.lines.length > 0 && order.shippingPaid > 0) {
    amounts.push({ lineIndex: 0, party: 'print', kind: 'shipping', amount: order.shippingPaid });
  }
  if (order.charge) {
    order.lines.forEach((_line, lineIndex) => {
      const actual = order.charge?.lines[lineIndex];
      if (actual === undefined) return;
      const move = printChargeAdjustment(printBooked[lineIndex] ?? ZERO_AGOROT, actual);
      if (move.print === 0) return;
      amounts.push({ lineIndex, party: 'print', kind: 'adjustment', amount: move.print });
      amounts.push({ lineIndex, party: 'platform', kind: 'adjustment', amount: move.platform });
    });
    const shipping = printChargeAdjustment(order.shippingPaid, order.charge.shipping);
    if (order.lines.length > 0 && shipping.print !== 0) {
      for (const party of ['print', 'platform'] as const) {
        amounts.push({ lineIndex: 0, party, kind: 'shipping-adjustment', amount: shipping[party] });
      }
    }
  }
  const outcome = order.outcome;
  if (outcome?.kind === 'cancelled') {
    const reversals = amounts
      .filter((a) => a.kind === 'sale' || a.kind === 'shipping')
      .map((a) => ({
        ...a,
        kind: a.kind === 'sale' ? ('reversal' as const) : ('shipping-reversal' as const),
        amount: agorot(0 - a.amount),
      }));
    amounts.push(...reversals);
    const { fee } = cancellationRefundOf(orderCharged(order));
    if (order.lines.length > 0 && fee > 0) {
      amounts.push({ lineIndex: 0, party: 'platform', kind: 'fee', amount: fee });
    }
  } else if (outcome?.kind === 'returned') {
    for (const { lineIndex, quantity } of outcome.copies) {
      const line = order.lines[lineIndex];
      if (!line || quantity <= 0) continue;
      const shares = returnedCopiesSplit(policy, {
        priceAgorot: line.priceAgorot,
        soldQuantity: line.quantity,
        soldPrintAgorot: printBooked[lineIndex] ?? ZERO_AGOROT,
        returnedQuantity: quantity,
      });
      for (const party of ['author', 'community', 'platform'] as const) {
        amounts.push({ lineIndex, party, kind: 'return', amount: agorot(0 - shares[party]) });
      }
    }
  }
  return amounts;
}
