import type { ReceiptModel } from '@mechabrim/db';
import { Types, type Connection } from 'mongoose';
import type { ReceiptFileStore } from '../receipts/receipt-files';
import type { MailContext, MailOrder, MailReceipt } from './templates/mail-template';

/** The order a mail names does not exist: retrying will not make it. */
export class MailDataMissingError extends Error {}

/** Lookups for templates, from MongoDB and the receipt file store. */
export class DatabaseMailContext implements MailContext {
  constructor(
    private readonly connection: Connection,
    private readonly receipts: ReceiptModel,
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
    const receipt = await this.receipts.findOne({ orderId, status: 'issued' }).lean();
    if (!receipt) return null;
    return {
      number: receipt.number,
      pdf: receipt.fileKey ? await this.files.get(receipt.fileKey) : null,
      url: receipt.documentUrl ?? null,
    };
  }
}
