import type { BusinessDetails } from '../config/worker-config';
import type { CreditNoteDraft } from './credit-note-draft';
import { renderCreditNotePdf } from './credit-note-pdf';
import type { ReceiptDraft } from './receipt-draft';
import { renderReceiptPdf } from './receipt-pdf';

export type ReceiptPdfTask =
  | { kind: 'receipt'; draft: ReceiptDraft; business: BusinessDetails }
  | { kind: 'credit-note'; draft: CreditNoteDraft; business: BusinessDetails };

/** Piscina's entry (see receipt-pdf-renderer.ts): one document, drawn off the worker's event loop. */
export default function render(task: ReceiptPdfTask): Promise<Buffer> {
  return task.kind === 'credit-note'
    ? renderCreditNotePdf(task.draft, task.business)
    : renderReceiptPdf(task.draft, task.business);
}
