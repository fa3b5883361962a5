import { type Agorot, agorot, lineTotal, MAX_LINE_QUANTITY, toShekels } from './agorot';
import type { SaleSplit, SplitPolicy } from './split';

/*
 * The print cost of a printed copy (ARCHITECTURE.md decision 11). The print partner quotes a
 * book's cost per copy before it goes on sale; the split takes that cost times the copies out of
 * the share that bears it (the author's under 85/10/5), and a book may only be priced so that this
 * share always covers it. The partner's actual charge for an order later differs from the quote
 * only at the platform's expense: {@link printChargeAdjustment}.
 */

/** A sold line of a printed book, with the per-copy print cost quoted for the book. */
export interface PrintedSaleLine {
  priceAgorot: number;
  quantity: number;
  /** The quote per copy (0 for a book without one). */
  printCostAgorot: number;
}

/**
 * The split of a sold printed line: the policy's shares of the line, with the quoted print cost of
 * all its copies taken out of the bearing share. Under a price that passes
 * {@link coversPrintCost} the whole cost is covered (`uncoveredPrintAndShipping` is 0).
 */
export function splitPrintedLine(policy: SplitPolicy, line: PrintedSaleLine): SaleSplit {
  const unitPrice = agorot(line.priceAgorot);
  const printCost = agorot(line.printCostAgorot);
  if (printCost < 0) throw new RangeError('a print cost cannot be negative');
  return policy.split({
    unitPrice,
    quantity: line.quantity,
    format: 'physical',
    printAndShipping: lineTotal(printCost, line.quantity),
  });
}

/** The share of a printed line's total that bears its print cost under `policy`. */
function bearingShare(policy: SplitPolicy, total: Agorot): Agorot {
  const split = policy.split({ unitPrice: total, quantity: 1, format: 'physical' });
  return policy.printAndShippingFrom === 'author' ? split.author : split.platform;
}

/**
 * Whether a book priced `price` can carry a print cost of `printCost` per copy: for every line an
 * order may hold (1 to {@link MAX_LINE_QUANTITY} copies), the bearing share of the line — after
 * the policy's rounding — covers the print cost of all its copies, so the author's net of a sale
 * is never negative. A free book (or a digital one) carries no print cost: 0 always passes.
 */
export function coversPrintCost(policy: SplitPolicy, price: Agorot, printCost: Agorot): boolean {
  if (printCost <= 0) return true;
  for (let quantity = 1; quantity <= MAX_LINE_QUANTITY; quantity += 1) {
    const share = bearingShare(policy, lineTotal(price, quantity));
    if (share < lineTotal(printCost, quantity)) return false;
  }
  return true;
}

/**
 * The lowest price, in agorot, at which {@link coversPrintCost} holds for a print cost per copy:
 * what the API names when it refuses a price and the price calculator shows. Searched upwards from
 * the exact bound `printCost × 100 / share %` (the rounding moves it by an agora or two at most).
 */
export function lowestPriceCovering(policy: SplitPolicy, printCost: Agorot): Agorot {
  if (printCost <= 0) return agorot(0);
  const shares = policy.shares('physical');
  const percent = policy.printAndShippingFrom === 'author' ? shares.author : shares.platform;
  if (percent <= 0) throw new RangeError(`policy ${policy.name}: no share bears the print cost`);
  let price = Math.max(0, Math.floor((printCost * 100) / percent) - 2);
  while (!coversPrintCost(policy, agorot(price), printCost)) price += 1;
  return agorot(price);
}

/** What a price check says: fine, or too low with the lowest price that carries the print cost. */
export type PrintPriceCheck = { ok: true } | { ok: false; lowestPrice: Agorot };

/** Checks a book's price against its quoted print cost per copy (see {@link coversPrintCost}). */
export function checkPriceCoversPrint(
  policy: SplitPolicy,
  price: Agorot,
  printCost: Agorot,
): PrintPriceCheck {
  return coversPrintCost(policy, price, printCost)
    ? { ok: true }
    : { ok: false, lowestPrice: lowestPriceCovering(policy, printCost) };
}

/** The lowest price as a shekel amount, for messages (two decimals, exact). */
export function lowestPriceShekels(policy: SplitPolicy, printCost: Agorot): number {
  return toShekels(lowestPriceCovering(policy, printCost));
}

/**
 * How the partner's actual print charge for a line moves the ledger once it is known: the print
 * partner is owed `actual − quoted` more (less when negative), and the platform bears exactly
 * that difference, so the line's entries still add up to the line and the author's share, fixed
 * at the sale, never changes. Zero when the charge matches the quote.
 */
export function printChargeAdjustment(
  quoted: Agorot,
  actual: Agorot,
): {
  print: Agorot;
  platform: Agorot;
} {
  if (quoted < 0 || actual < 0) throw new RangeError('a print charge cannot be negative');
  const difference = agorot(actual - quoted);
  return { print: difference, platform: agorot(-difference) };
}

/** What a return takes back of a sold printed line, per party (amounts owed back, ≥ 0). */
export interface ReturnedCopiesSplit {
  author: Agorot;
  community: Agorot;
  /** The platform's share of the copies and their print cost: the printer was paid. */
  platform: Agorot;
}

/** A sold printed line some of whose copies came back. */
export interface ReturnedLine {
  priceAgorot: number;
  /** Copies the line sold. */
  soldQuantity: number;
  /** The print partner's sale entry of the whole line (0 when none was deducted). */
  soldPrintAgorot: number;
  /** Copies returned, 1 to `soldQuantity`. */
  returnedQuantity: number;
}

/**
 * Who gives back what when copies of a sold printed line are returned and refunded: the returned
 * copies are split by the rule their sale used ({@link splitPrintedLine}, the print cost per copy
 * being the line's print entry over its copies, rounded down), and each share is taken back —
 * except the print cost, which the print partner keeps (the copies were printed and sent), so the
 * platform bears it. The three add up to exactly the returned copies' price, the refund.
 */
export function returnedCopiesSplit(policy: SplitPolicy, line: ReturnedLine): ReturnedCopiesSplit {
  const { soldQuantity, returnedQuantity } = line;
  if (!Number.isSafeInteger(returnedQuantity) || returnedQuantity < 1)
    throw new RangeError('a return takes back at least one copy');
  if (!Number.isSafeInteger(soldQuantity) || returnedQuantity > soldQuantity)
    throw new RangeError('a return cannot take back more copies than were sold');
  const printCostAgorot = Math.floor(Math.max(0, line.soldPrintAgorot) / soldQuantity);
  const split = splitPrintedLine(policy, {
    priceAgorot: line.priceAgorot,
    quantity: returnedQuantity,
    printCostAgorot,
  });
  return {
    author: split.author,
    community: split.community,
    platform: agorot(split.platform + split.printAndShipping),
  };
}
