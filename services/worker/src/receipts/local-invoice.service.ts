import type { BusinessDetails } from '../config/worker-config';
import type { CreditNoteDraft, InvoiceService, IssuedDocument } from './invoice.service';
import type { ReceiptDraft } from './receipt-draft';
import { receiptFileKey, type ReceiptFileStore } from './receipt-files';
import type { ReceiptPdfRenderer } from './receipt-pdf-renderer';

/** The default adapter: renders our own PDF and keeps it in the receipt file store. */
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
    const fileKey = await this.files.put(receiptFileKey(draft.number), pdf);
    return {
      provider: this.provider,
      fileKey,
      providerDocumentId: null,
      providerNumber: null,
      documentUrl: null,
    };
  }

  issueCreditNote(draft: CreditNoteDraft): Promise<IssuedDocument> {
    // Refunds do not exist yet (spec §9 cancellations are handled by hand); a local credit note
    // waits for them, rather than printing a document no one can audit.
    return Promise.reject(
      new Error(`local credit notes are not implemented (receipt ${draft.receipt.number})`),
    );
  }
}
