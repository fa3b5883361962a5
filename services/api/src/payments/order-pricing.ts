import type { PaymentItem, ShippingMethodName, ShippingRegionName } from './payment-types';
import {
  agorot,
  shippingQuote,
  sumAgorot,
  toAgorot,
  type Agorot,
  type ShippingQuote,
} from '@mechabrim/money';
import { orderAmounts } from '@mechabrim/db';
import { MAX_LINE_QUANTITY } from '@mechabrim/contracts';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

/** A book as the catalogue holds it, read for pricing. */
export interface CatalogueBook {
  _id: { toHexString(): string };
  title: string;
  author: unknown;
  authorName?: string | null;
  coverImage?: string | null;
  /** Shekels, as the catalogue stores prices. */
  price: number;
  isAvailable?: boolean | null;
}

/** An order line priced from the catalogue. */
export interface PricedLine {
  book: CatalogueBook;
  quantity: number;
  priceAgorot: Agorot;
}

/** An order priced by the server: every figure comes from the catalogue and `@mechabrim/money`. */
export interface PricedOrder {
  lines: PricedLine[];
  subtotalAgorot: Agorot;
  donationAgorot: Agorot;
  shipping: Extract<ShippingQuote, { available: true }>;
  region: ShippingRegionName;
  amountDueAgorot: Agorot;
}

/**
 * The requested books as one line each: two lines of one book (a cart edited in two tabs) become
 * one, so a quantity limit cannot be dodged by splitting it.
 */
export function mergeItems(items: readonly PaymentItem[]): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const item of items) {
    const id = item.id.toLowerCase();
    quantities.set(id, (quantities.get(id) ?? 0) + item.quantity);
  }
  for (const quantity of quantities.values()) {
    if (quantity > MAX_LINE_QUANTITY) {
      throw new DomainError(
        'invalid_data',
        messagesHe.payments.quantityTooLarge(MAX_LINE_QUANTITY),
      );
    }
  }
  return quantities;
}

/**
 * Prices an order from the catalogue's books, never from anything the client sent: each unit price
 * is the book's current price, the donation is `donationOf` the books' total, shipping is
 * `shippingQuote` of the chosen method. A book that is missing or not on sale refuses the whole
 * order with a Hebrew message naming it (409), a method that does not reach the region too (400).
 */
export function priceOrder(
  quantities: ReadonlyMap<string, number>,
  books: readonly CatalogueBook[],
  shipping: { method: ShippingMethodName; region: ShippingRegionName },
  buyer: { isVip: boolean } = { isVip: false },
): PricedOrder {
  const byId = new Map(books.map((book) => [book._id.toHexString(), book]));
  const unavailable: string[] = [];
  const lines: PricedLine[] = [];
  for (const [id, quantity] of quantities) {
    const book = byId.get(id);
    if (!book) {
      unavailable.push(messagesHe.payments.unknownBook);
    } else if (!book.isAvailable) {
      unavailable.push(book.title);
    } else {
      lines.push({ book, quantity, priceAgorot: toAgorot(book.price) });
    }
  }
  if (unavailable.length) {
    throw new DomainError(
      'conflict',
      messagesHe.payments.booksUnavailable([...new Set(unavailable)]),
      unavailable.map((title) => ({ field: 'items', message: title })),
    );
  }
  const { totalAmountAgorot, donationAmountAgorot } = orderAmounts(lines);
  const quote = shippingQuote(shipping.method, {
    subtotal: totalAmountAgorot,
    bookCount: lines.reduce((count, line) => count + line.quantity, 0),
    isVip: buyer.isVip,
    region: shipping.region,
  });
  if (!quote.available) {
    throw new DomainError('invalid_data', messagesHe.payments.shippingUnavailable, [
      { field: 'shipping_method', message: messagesHe.payments.shippingUnavailable },
    ]);
  }
  return {
    lines,
    subtotalAgorot: totalAmountAgorot,
    donationAgorot: donationAmountAgorot,
    shipping: quote,
    region: shipping.region,
    amountDueAgorot: sumAgorot([totalAmountAgorot, agorot(quote.price)]),
  };
}
