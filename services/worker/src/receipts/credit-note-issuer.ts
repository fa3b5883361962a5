import {
  CREDIT_NOTE_REASONS,
  CREDIT_NOTE_SERIES,
  type CreditNoteModel,
  type CreditNoteReason,
  type ReceiptCounterModel,
  type ReceiptModel,
} from '@mechabrim/db';
import { Types, type Connection } from 'mongoose';
import { creditNoteDraftOf, creditNoteVat } from './credit-note-draft';
import type { InvoiceService } from './invoice.service';
import { reserveNumber } from './number-series';
import { receiptDraftOf, type PaidOrder } from './receipt-draft';
import { OrderNotPaidError, type ReceiptIssuer } from './receipt-issuer';

/** A refund that was made, as the refund step hands it over. */
export interface CreditNoteInput {
  orderId: string;
  /** The refund's own key: one credit note per refund, however often this is called. */
  refundRef: string;
  /** The amount refunded, VAT included, in agorot (a positive integer). */
  amountAgorot: number;
  reason: CreditNoteReason;
}

export interface IssuedCreditNote {
  number: number;
  /** False when the note existed already (a retried or repeated call). */
  created: boolean;
}

/**
 * A credit note that can never be issued as asked (an unknown order, an amount that is not a
 * positive number of agorot or more than the receipt has left to credit, a refund key used for
 * another order): retrying will not change that, so a job should fail without retries.
 */
export class CreditNoteRefusedError extends Error {}

/**
 * Issues the credit note (חשבונית זיכוי) of one refund, once per `refundRef`, crediting the order's
 * tax invoice-receipt — issued first if the order has none yet (a cancelled order was paid, so
 * its receipt is owed). The same two steps as {@link ReceiptIssuer}:
 * 1. `reserveNumber`: the `credit-note` series' next number and the refund's `issuing` row commit
 *    together; a concurrent call for the same refund loses on the unique `refundRef` and reads
 *    the winner's row.
 * 2. The document is made (local PDF or Morning's type 330 linked to the receipt) and the row set
 *    `issued`; a failure leaves it `issuing`, and the retry makes it again with the same number
 *    and date.
 */
export class CreditNoteIssuer {
  constructor(
    private readonly connection: Connection,
    private readonly creditNotes: CreditNoteModel,
    private readonly receipts: ReceiptModel,
    private readonly counters: ReceiptCounterModel,
    private readonly receiptIssuer: ReceiptIssuer,
    private readonly invoices: InvoiceService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(input: CreditNoteInput): Promise<IssuedCreditNote> {
    const existing = await this.creditNotes.findOne({ refundRef: input.refundRef }).lean();
    if (existing && existing.orderId.toHexString() !== input.orderId)
      throw new CreditNoteRefusedError(
        `refund ${input.refundRef} was credited on order ${existing.orderId.toHexString()}`,
      );
    if (existing?.status === 'issued') return { number: existing.number, created: false };
    checkInput(input);

    // The note credits the receipt: issue it first when the order has none yet.
    const receiptNumber = await this.receiptOf(input.orderId);
    const receipt = await this.receipts
      .findOne({ orderId: new Types.ObjectId(input.orderId), status: 'issued' })
      .lean();
    const order = await this.connection
      .collection<PaidOrder>('orders')
      .findOne({ _id: new Types.ObjectId(input.orderId) } as never);
    if (!receipt || !order)
      throw new Error(`order ${input.orderId} has no issued receipt ${receiptNumber}`);

    const reserved =
      existing ??
      (await this.reserve(
        input,
        receipt.number,
        receipt.totalAgorot - (await this.credited(input)),
      ));
    const draft = creditNoteDraftOf({
      number: reserved.number,
      issuedAt: reserved.issuedAt,
      receipt: receiptDraftOf(order, receipt.number, receipt.issuedAt),
      providerDocumentId: receipt.providerDocumentId ?? null,
      amountAgorot: reserved.totalAgorot,
      reason: reserved.reason,
    });
    const issued = await this.invoices.issueCreditNote(draft);
    const finished = await this.creditNotes.updateOne(
      { refundRef: input.refundRef, status: 'issuing' },
      { $set: { ...issued, status: 'issued' } },
    );
    // Calls for the same refund at the same moment all make the document (the same number); the
    // one that set the row `issued` reports it created.
    return { number: reserved.number, created: finished.modifiedCount === 1 };
  }

  private async receiptOf(orderId: string): Promise<number> {
    try {
      return (await this.receiptIssuer.issue(orderId)).number;
    } catch (error) {
      // An unknown or never-paid order has no receipt to credit.
      if (error instanceof OrderNotPaidError) throw new CreditNoteRefusedError(error.message);
      throw error;
    }
  }

  /** What the order's other credit notes already credit, in agorot. */
  private async credited(input: CreditNoteInput): Promise<number> {
    const notes = await this.creditNotes
      .find(
        { orderId: new Types.ObjectId(input.orderId), refundRef: { $ne: input.refundRef } },
        { totalAgorot: 1 },
      )
      .lean();
    return notes.reduce((sum, note) => sum + note.totalAgorot, 0);
  }

  private reserve(
    input: CreditNoteInput,
    receiptNumber: number,
    creditable: number,
  ): Promise<CreditNoteRow> {
    // A refund cannot give back more than was paid and not yet credited.
    if (input.amountAgorot > creditable)
      throw new CreditNoteRefusedError(
        `refund ${input.refundRef} of ${input.amountAgorot} agorot exceeds the ${creditable} left to credit on receipt ${receiptNumber}`,
      );
    return reserveNumber({
      connection: this.connection,
      counters: this.counters,
      series: CREDIT_NOTE_SERIES,
      insert: async (number, session) => {
        const issuedAt = this.now();
        const { vatAgorot } = creditNoteVat(input.amountAgorot, issuedAt);
        const row: CreditNoteRow = {
          number,
          issuedAt,
          totalAgorot: input.amountAgorot,
          reason: input.reason,
        };
        await this.creditNotes.create(
          [
            {
              ...row,
              orderId: new Types.ObjectId(input.orderId),
              refundRef: input.refundRef,
              receiptNumber,
              provider: this.invoices.provider,
              status: 'issuing',
              vatAgorot,
            },
          ],
          { session },
        );
        return row;
      },
      // Another call reserved this refund's note first: the unique refundRef aborted ours.
      winner: () => this.creditNotes.findOne({ refundRef: input.refundRef }).lean(),
    });
  }
}

/** What a reserved note fixes for its retries: its number, date, amount and reason. */
interface CreditNoteRow {
  number: number;
  issuedAt: Date;
  totalAgorot: number;
  reason: CreditNoteReason;
}

function checkInput(input: CreditNoteInput): void {
  if (!Types.ObjectId.isValid(input.orderId))
    throw new CreditNoteRefusedError(`not an order id: ${input.orderId}`);
  if (!input.refundRef) throw new CreditNoteRefusedError('a credit note needs its refund key');
  if (!Number.isSafeInteger(input.amountAgorot) || input.amountAgorot <= 0)
    throw new CreditNoteRefusedError(`not a refund amount: ${input.amountAgorot}`);
  if (!(CREDIT_NOTE_REASONS as readonly string[]).includes(input.reason))
    throw new CreditNoteRefusedError(`not a credit note reason: ${String(input.reason)}`);
}
