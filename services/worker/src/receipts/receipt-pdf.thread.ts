import type { BusinessDetails } from '../config/worker-config';
import type { ReceiptDraft } from './receipt-draft';
import { renderReceiptPdf } from './receipt-pdf';

export interface ReceiptPdfTask {
  draft: ReceiptDraft;
  business: BusinessDetails;
}

/** Piscina's entry (see receipt-pdf-renderer.ts): one receipt, drawn off the worker's event loop. */
export default function render(task: ReceiptPdfTask): Promise<Buffer> {
  return renderReceiptPdf(task.draft, task.business);
}
