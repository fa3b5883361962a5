import type { InvoiceProviderName } from '@mechabrim/db';
import type { CreditNoteDraft } from './credit-note-draft';
import type { ReceiptDraft } from './receipt-draft';

/** What an issued document leaves behind for the receipt row. */
export interface IssuedDocument {
  provider: InvoiceProviderName;
  /** Our storage key of the PDF (local adapter). */
  fileKey: string | null;
  /** The provider's document id, its own number and its PDF's URL (Morning). */
  providerDocumentId: string | null;
  providerNumber: string | null;
  documentUrl: string | null;
}

export type { CreditNoteDraft } from './credit-note-draft';

/**
 * The invoicing port: issues the tax invoice-receipt of a paid order and the credit note of a
 * refund. Adapters: {@link LocalInvoiceService} (our PDF) and {@link MorningInvoiceService}.
 */
export interface InvoiceService {
  readonly provider: InvoiceProviderName;
  issueInvoiceReceipt(draft: ReceiptDraft): Promise<IssuedDocument>;
  issueCreditNote(draft: CreditNoteDraft): Promise<IssuedDocument>;
}

export const INVOICE_SERVICE = Symbol('INVOICE_SERVICE');
