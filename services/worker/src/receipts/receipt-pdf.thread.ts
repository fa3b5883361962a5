import type { BusinessDetails } from '../config/worker-config';
import { renderPayoutStatementPdf } from '../payout-runs/payout-statement-pdf';
import type { PayoutStatementDraft } from '../payout-runs/payout-statement-draft';
import type { CreditNoteDraft } from './credit-note-draft';
import { renderCreditNotePdf } from './credit-note-pdf';
import type { ReceiptDraft } from './receipt-draft';
import { renderReceiptPdf } from './receipt-pdf';

export type ReceiptPdfTask =
  | { kind: 'receipt'; draft: ReceiptDraft; business: BusinessDetails }
  | { kind: 'credit-note'; draft: CreditNoteDraft; business: BusinessDetails }
  | { kind: 'payout-statement'; draft: PayoutStatementDraft; business: BusinessDetails };

/** Piscina's entry (see receipt-pdf-renderer.ts): one document, drawn off the worker's event loop. */
export default function render(task: ReceiptPdfTask): Promise<Buffer> {
  switch (task.kind) {
    case 'credit-note':
      return renderCreditNotePdf(task.draft, task.business);
    case 'payout-statement':
      return renderPayoutStatementPdf(task.draft, task.business);
    case 'receipt':
      return renderReceiptPdf(task.draft, task.business);
  }
}
