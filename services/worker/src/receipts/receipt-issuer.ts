import { INVOICE_RECEIPT_SERIES, type ReceiptCounterModel, type ReceiptModel } from '@mechabrim/db';
import { Types, type Connection } from 'mongoose';
import type { InvoiceService } from './invoice.service';
import { reserveNumber } from './number-series';
import { receiptDraftOf, type PaidOrder } from './receipt-draft';

/**
 * Order statuses that have been paid (a receipt is owed). A cancelled order counts when it has
 * `paidAt`: it was paid before it was cancelled, and its credit note credits that receipt.
 */
const PAID_STATUSES = ['paid', 'processing', 'shipped', 'delivered', 'cancelled'];

export interface IssuedReceipt {
  orderId: string;
  number: number;
  /** False when the receipt existed already (a retried or repeated job). */
  created: boolean;
}

export class OrderNotPaidError extends Error {}

/**
 * Issues the receipt of one paid order, once. Two steps:
 * 1. `reserveNumber` (number-series.ts): the counter increment and the order's `issuing` row commit in one MongoDB
 *    transaction, so the numbers are 1, 2, 3… without gaps or repeats (unique `number`), and a
 *    concurrent job for the same order loses on the unique `orderId` and reads the winner's row.
 * 2. The document is made (local PDF or Morning) and the row set `issued`. A failure here leaves
 *    the row `issuing`; the retried job makes the document again with the same number and date.
 * With Morning, a crash after Morning answered and before the row is `issued` makes the retry
 * issue a second Morning document (Morning has no idempotency key); an admin cancels it there.
 */
export class ReceiptIssuer {
  constructor(
    private readonly connection: Connection,
    private readonly receipts: ReceiptModel,
    private readonly counters: ReceiptCounterModel,
    private readonly invoices: InvoiceService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(orderId: string): Promise<IssuedReceipt> {
    const existing = await this.receipts.findOne({ orderId }).lean();
    if (existing?.status === 'issued') return { orderId, number: existing.number, created: false };

    const order = await this.connection
      .collection<PaidOrder & { status?: string }>('orders')
      .findOne({ _id: new Types.ObjectId(orderId) } as never);
    if (!order) throw new OrderNotPaidError(`order ${orderId} not found`);
    if (!PAID_STATUSES.includes(order.status ?? '') || !order.paidAt)
      throw new OrderNotPaidError(`order ${orderId} is not paid (${order.status ?? 'no status'})`);

    const reserved = existing ?? (await this.reserveNumber(orderId, order));
    const draft = receiptDraftOf(order, reserved.number, reserved.issuedAt);
    const issued = await this.invoices.issueInvoiceReceipt(draft);
    await this.receipts.updateOne(
      { orderId, status: 'issuing' },
      { $set: { ...issued, status: 'issued' } },
    );
    return { orderId, number: reserved.number, created: true };
  }

  /** Gives the order the next number of the invoice-receipt series (see {@link reserveNumber}). */
  private reserveNumber(
    orderId: string,
    order: PaidOrder,
  ): Promise<{ number: number; issuedAt: Date }> {
    return reserveNumber({
      connection: this.connection,
      counters: this.counters,
      series: INVOICE_RECEIPT_SERIES,
      insert: async (number, session) => {
        const draft = receiptDraftOf(order, number, this.now());
        await this.receipts.create(
          [
            {
              orderId: new Types.ObjectId(orderId),
              number: draft.number,
              provider: this.invoices.provider,
              status: 'issuing',
              issuedAt: draft.issuedAt,
              totalAgorot: draft.totalAgorot,
              vatAgorot: draft.vatAgorot,
            },
          ],
          { session },
        );
        return { number: draft.number, issuedAt: draft.issuedAt };
      },
      // Another job reserved this order's number first: the unique orderId aborted ours.
      winner: async () => {
        const winner = await this.receipts.findOne({ orderId }).lean();
        return winner ? { number: winner.number, issuedAt: winner.issuedAt } : null;
      },
    });
  }
}
