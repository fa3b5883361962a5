import { agorot, vatPercentOn, type Agorot, type LedgerMonth } from '@mechabrim/money';
import type { LedgerParty } from '@mechabrim/db';
import type { Types } from 'mongoose';

/** The fields of a ledger entry the author's figures read. */
export interface AuthorLedgerEntry {
  orderId: Types.ObjectId;
  bookId: Types.ObjectId;
  party: LedgerParty;
  amountAgorot: number;
  quantity: number;
  lineTotalAgorot: number;
  occurredAt: Date;
}

export const AUTHOR_LEDGER_FIELDS = {
  _id: 0,
  orderId: 1,
  bookId: 1,
  party: 1,
  amountAgorot: 1,
  quantity: 1,
  lineTotalAgorot: 1,
  occurredAt: 1,
} as const;

/** Months are counted in Israel's time zone: a sale at 01:00 on the 1st belongs to the new month. */
const MONTH_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Jerusalem',
  year: 'numeric',
  month: '2-digit',
});

/** `YYYY-MM` of a moment in Israel. */
export function israelMonth(date: Date): string {
  const parts = MONTH_FORMAT.formatToParts(date);
  const year = parts.find((p) => p.type === 'year')?.value ?? '0000';
  const month = parts.find((p) => p.type === 'month')?.value ?? '01';
  return `${year}-${month}`;
}

/** An author's ledger, summed the ways the dashboard reads it (all in agorot). */
export interface AuthorLedgerSummary {
  months: LedgerMonth[];
  /** Copies sold per month (author entries: sales less reversals). */
  copiesByMonth: Map<string, number>;
  /** Per book: copies sold and book sales (gross). */
  books: Map<string, { sales: number; revenue: Agorot }>;
  /** Orders whose lines of this author still count (not wholly reversed). */
  orders: number;
}

type MonthSums = { [K in keyof Omit<LedgerMonth, 'month' | 'grossSales'>]: number } & {
  /** Gross sales by the VAT percent in force on the sale's date. */
  grossByVat: Map<number, number>;
};

/**
 * Sums an author's ledger entries per month, per book and per order. Each line of an order has
 * one entry per party, all carrying the line's total and quantity: the author's entry counts the
 * line's sales and copies (once), every party's entry its own share. A month's sales are also
 * kept by the VAT rate in force on each entry's date, so the earnings table takes each sale's VAT
 * at its own rate.
 */
export function summarizeAuthorLedger(entries: readonly AuthorLedgerEntry[]): AuthorLedgerSummary {
  const months = new Map<string, MonthSums>();
  const copiesByMonth = new Map<string, number>();
  const books = new Map<string, { sales: number; revenue: number }>();
  const orders = new Map<string, number>();
  for (const entry of entries) {
    const key = israelMonth(entry.occurredAt);
    let month = months.get(key);
    if (!month) {
      month = { grossByVat: new Map(), author: 0, community: 0, platform: 0, printAndShipping: 0 };
      months.set(key, month);
    }
    switch (entry.party) {
      case 'author': {
        month.author += entry.amountAgorot;
        const vatPercent = vatPercentOn(entry.occurredAt);
        month.grossByVat.set(
          vatPercent,
          (month.grossByVat.get(vatPercent) ?? 0) + entry.lineTotalAgorot,
        );
        copiesByMonth.set(key, (copiesByMonth.get(key) ?? 0) + entry.quantity);
        const bookId = entry.bookId.toHexString();
        const book = books.get(bookId) ?? { sales: 0, revenue: 0 };
        book.sales += entry.quantity;
        book.revenue += entry.lineTotalAgorot;
        books.set(bookId, book);
        const orderId = entry.orderId.toHexString();
        orders.set(orderId, (orders.get(orderId) ?? 0) + entry.quantity);
        break;
      }
      case 'community':
        month.community += entry.amountAgorot;
        break;
      case 'platform':
        month.platform += entry.amountAgorot;
        break;
      case 'print':
        month.printAndShipping += entry.amountAgorot;
        break;
    }
  }
  return {
    months: [...months.entries()].map(([month, sums]) => ({
      month,
      grossSales: [...sums.grossByVat.entries()].map(([vatPercent, gross]) => ({
        vatPercent,
        gross: agorot(gross),
      })),
      author: agorot(sums.author),
      community: agorot(sums.community),
      platform: agorot(sums.platform),
      printAndShipping: agorot(sums.printAndShipping),
    })),
    copiesByMonth,
    books: new Map(
      [...books.entries()].map(([id, b]) => [id, { sales: b.sales, revenue: agorot(b.revenue) }]),
    ),
    orders: [...orders.values()].filter((copies) => copies > 0).length,
  };
}
