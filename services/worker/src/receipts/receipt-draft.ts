import {
  agorot,
  lineTotal,
  splitVat,
  sumAgorot,
  vatPercentOn,
  type Agorot,
} from '@mechabrim/money';
import { workerStringsHe } from '../strings.he';

export interface ReceiptLine {
  description: string;
  quantity: number;
  unitAgorot: Agorot;
  totalAgorot: Agorot;
}

/** Everything a tax invoice-receipt states, whoever renders it. Money in integer agorot. */
export interface ReceiptDraft {
  orderId: string;
  number: number;
  issuedAt: Date;
  buyer: { name: string; email: string; address: string };
  lines: ReceiptLine[];
  shippingAgorot: Agorot;
  /** Prices include VAT: `netAgorot + vatAgorot === totalAgorot`. */
  totalAgorot: Agorot;
  netAgorot: Agorot;
  vatAgorot: Agorot;
  /** The VAT rate in force on the payment date (`vatPercentOn`), which the document is dated by. */
  vatPercent: number;
  payment: {
    method: string;
    cardLast4: string | null;
    transactionId: string | null;
    paidAt: Date;
  };
}

/** The VAT inside a VAT-inclusive amount at `percent`, by `splitVat` of `@mechabrim/money`. */
export function vatBreakdown(
  total: Agorot,
  percent: number,
): { netAgorot: Agorot; vatAgorot: Agorot } {
  const { net, vat } = splitVat(total, percent);
  return { netAgorot: net, vatAgorot: vat };
}

/** What a receipt reads of a stored order (a lean `orders` document). */
export interface PaidOrder {
  _id: { toString(): string };
  user: { name: string; email: string };
  shippingAddress?: { street?: string | null; city?: string | null; zip?: string | null } | null;
  books: {
    book: { title: string; authorName?: string | null };
    quantity: number;
    priceAgorot: number;
  }[];
  shipping?: { priceAgorot: number } | null;
  paymentMethod?: string | null;
  payment?: { cardLast4?: string | null; transactionId?: string | null } | null;
  paidAt?: Date | null;
}

/**
 * The receipt of a paid order: its lines, shipping and what was paid, with the VAT of the rate in
 * force on the payment date (the issue date when the order has none).
 */
export function receiptDraftOf(order: PaidOrder, number: number, issuedAt: Date): ReceiptDraft {
  const paidAt = order.paidAt ?? issuedAt;
  const vatPercent = vatPercentOn(paidAt);
  const lines: ReceiptLine[] = order.books.map((line) => ({
    description: workerStringsHe.receipt.bookLine(line.book.title, line.book.authorName ?? ''),
    quantity: line.quantity,
    unitAgorot: agorot(line.priceAgorot),
    totalAgorot: lineTotal(agorot(line.priceAgorot), line.quantity),
  }));
  const shippingAgorot = agorot(order.shipping?.priceAgorot ?? 0);
  const totalAgorot = sumAgorot([...lines.map((line) => line.totalAgorot), shippingAgorot]);
  const address = order.shippingAddress;
  return {
    orderId: order._id.toString(),
    number,
    issuedAt,
    buyer: {
      name: order.user.name,
      email: order.user.email,
      address: [address?.street, address?.city, address?.zip].filter(Boolean).join(', '),
    },
    lines,
    shippingAgorot,
    totalAgorot,
    ...vatBreakdown(totalAgorot, vatPercent),
    vatPercent,
    payment: {
      method: order.paymentMethod ?? 'credit_card',
      cardLast4: order.payment?.cardLast4 ?? null,
      transactionId: order.payment?.transactionId ?? null,
      paidAt,
    },
  };
}
