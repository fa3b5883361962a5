import type { CreditNoteModel, ReceiptModel } from '@mechabrim/db';
import { Types, type Connection } from 'mongoose';
import type { ReceiptFileStore } from '../receipts/receipt-files';
import type {
  MailContext,
  MailOrder,
  MailPayoutStatement,
  MailReceipt,
} from './templates/mail-template';

/** The order (or payout) a mail names does not exist: retrying will not make it. */
export class MailDataMissingError extends Error {}

/** Lookups for templates, from MongoDB and the receipt file store. */
export class DatabaseMailContext implements MailContext {
  constructor(
    private readonly connection: Connection,
    private readonly documents: { receipts: ReceiptModel; creditNotes: CreditNoteModel },
    private readonly files: ReceiptFileStore,
    readonly siteUrl: string,
  ) {}

  async order(orderId: string): Promise<MailOrder> {
    const order = await this.connection
      .collection<MailOrder>('orders')
      .findOne({ _id: new Types.ObjectId(orderId) } as never);
    if (!order) throw new MailDataMissingError(`order ${orderId} not found`);
    return order;
  }

  async receipt(orderId: string): Promise<MailReceipt | null> {
    const receipt = await this.documents.receipts.findOne({ orderId, status: 'issued' }).lean();
    return receipt ? this.offered(receipt) : null;
  }

  async creditNote(refundRef: string): Promise<MailReceipt | null> {
    const note = await this.documents.creditNotes.findOne({ refundRef, status: 'issued' }).lean();
    return note ? this.offered(note) : null;
  }

  async payoutStatement(payoutId: string): Promise<MailPayoutStatement> {
    const payout = await this.connection.collection('payouts').findOne<{
      period: string;
      heldReason?: MailPayoutStatement['heldReason'];
      withholdingPercent?: number;
      statementFileKey?: string | null;
      statement: {
        balanceAgorot: number;
        grossAgorot: number;
        withheldAgorot: number;
        netAgorot: number;
        carriedOverAgorot: number;
      };
    }>({ _id: new Types.ObjectId(payoutId) });
    if (!payout) throw new MailDataMissingError(`payout ${payoutId} not found`);
    const st = payout.statement;
    return {
      period: payout.period,
      heldReason: payout.heldReason ?? null,
      withholdingPercent: payout.withholdingPercent ?? 0,
      balanceAgorot: st.balanceAgorot,
      grossAgorot: st.grossAgorot,
      withheldAgorot: st.withheldAgorot,
      netAgorot: st.netAgorot,
      carriedOverAgorot: st.carriedOverAgorot,
      pdf: payout.statementFileKey ? await this.files.get(payout.statementFileKey) : null,
    };
  }

  /** A tax document as mail offers it: our PDF to attach, or the provider's link. */
  private async offered(document: {
    number: number;
    fileKey?: string | null;
    documentUrl?: string | null;
  }): Promise<MailReceipt> {
    return {
      number: document.number,
      pdf: document.fileKey ? await this.files.get(document.fileKey) : null,
      url: document.documentUrl ?? null,
    };
  }
}
