import { INVOICE_RECEIPT_SERIES, type ReceiptCounterModel, type ReceiptModel } from '@mechabrim/db';
import { Types, type Connection } from 'mongoose';
import type { InvoiceService } from './invoice.service';
import { receiptDraftOf, type PaidOrder } from './receipt-draft';

/** Order statuses that have been paid (a receipt is owed). */
const PAID_STATUSES = ['paid', 'processing', 'shipped', 'delivered'];

export interface IssuedReceipt {
  orderId: string;
  number: number;
  /** False when the receipt existed already (a retried or repeated job). */
  created: boolean;
}

export class OrderNotPaidError extends Error {}

/** Attempts before a job gives up on getting a number (BullMQ then retries the job). */
const MAX_NUMBER_ATTEMPTS = 20;

function isNumberConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errorLabels, keyPattern } = error as {
    code?: number;
    errorLabels?: string[];
    keyPattern?: Record<string, unknown>;
  };
  if (errorLabels?.includes('TransientTransactionError')) return true;
  return code === 11000 && (keyPattern ? 'number' in keyPattern || '_id' in keyPattern : true);
}

/**
 * Issues the receipt of one paid order, once. Two steps:
 * 1. `reserveNumber`: the counter increment and the order's `issuing` row commit in one MongoDB
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

  /**
   * Gives the order the next number: the counter increment and the `issuing` row commit together
   * or not at all. The transaction holds no slow work, so concurrent jobs rarely collide.
   */
  private async reserveNumber(
    orderId: string,
    order: PaidOrder,
  ): Promise<{ number: number; issuedAt: Date }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.connection.transaction(async (session) => {
          const counter = await this.counters.findOneAndUpdate(
            { _id: INVOICE_RECEIPT_SERIES },
            { $inc: { seq: 1 } },
            { upsert: true, new: true, session },
          );
          const draft = receiptDraftOf(order, counter.seq, this.now());
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
        });
      } catch (error) {
        // Another job reserved this order's number first: the unique orderId aborted ours.
        const winner = await this.receipts.findOne({ orderId }).lean();
        if (winner) return { number: winner.number, issuedAt: winner.issuedAt };
        // A concurrent transaction took the same number first (an engine that detects the
        // counter conflict only at commit reports it as the unique `number`): nothing of ours
        // was committed, so the next attempt reads the counter again.
        if (attempt < MAX_NUMBER_ATTEMPTS && isNumberConflict(error)) continue;
        throw error;
      }
    }
  }
}
