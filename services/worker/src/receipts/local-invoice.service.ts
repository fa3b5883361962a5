import type { BusinessDetails } from '../config/worker-config';
import type { CreditNoteDraft, InvoiceService, IssuedDocument } from './invoice.service';
import type { ReceiptDraft } from './receipt-draft';
import { creditNoteFileKey, receiptFileKey, type ReceiptFileStore } from './receipt-files';
import type { ReceiptPdfRenderer } from './receipt-pdf-renderer';

/** The default adapter: renders our own PDFs and keeps them in the receipt file store. */
export class LocalInvoiceService implements InvoiceService {
  readonly provider = 'local' as const;

  constructor(
    private readonly business: BusinessDetails,
    private readonly files: ReceiptFileStore,
    private readonly pdfs: ReceiptPdfRenderer,
  ) {}

  async issueInvoiceReceipt(draft: ReceiptDraft): Promise<IssuedDocument> {
    const pdf = await this.pdfs.render(draft, this.business);
    // Keyed by number: an attempt whose transaction aborted is overwritten by the next holder.
    return this.stored(await this.files.put(receiptFileKey(draft.number), pdf));
  }

  async issueCreditNote(draft: CreditNoteDraft): Promise<IssuedDocument> {
    const pdf = await this.pdfs.renderCreditNote(draft, this.business);
    // Keyed by number, as receipts are: a retry overwrites what a failed attempt left.
    return this.stored(await this.files.put(creditNoteFileKey(draft.number), pdf));
  }

  private stored(fileKey: string): IssuedDocument {
    return {
      provider: this.provider,
      fileKey,
      providerDocumentId: null,
      providerNumber: null,
      documentUrl: null,
    };
  }
}
