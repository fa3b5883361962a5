import type { CreditNoteModel, ReceiptModel } from '@mechabrim/db';
import { Types, type Connection } from 'mongoose';
import type { ReceiptFileStore } from '../receipts/receipt-files';
import type { MailContext, MailOrder, MailReceipt } from './templates/mail-template';

/** The order a mail names does not exist: retrying will not make it. */
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
