import path from 'node:path';
import { Piscina } from 'piscina';
import type { BusinessDetails } from '../config/worker-config';
import type { PayoutStatementDraft } from '../payout-runs/payout-statement-draft';
import type { CreditNoteDraft } from './credit-note-draft';
import type { ReceiptDraft } from './receipt-draft';
import type { ReceiptPdfTask } from './receipt-pdf.thread';

/** The Nest token of the {@link ReceiptPdfRenderer}. */
export const RECEIPT_PDF_RENDERER = Symbol('RECEIPT_PDF_RENDERER');

/** Draws receipt, credit-note and payout-statement PDFs. */
export interface ReceiptPdfRenderer {
  render(draft: ReceiptDraft, business: BusinessDetails): Promise<Buffer>;
  renderCreditNote(draft: CreditNoteDraft, business: BusinessDetails): Promise<Buffer>;
  renderPayoutStatement(draft: PayoutStatementDraft, business: BusinessDetails): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Where the thread's entry is: beside this file when run from source (Jest, tsx — the thread then
 * loads TypeScript through tsx too), or `dist/receipt-pdf.thread.js` beside the bundled main.js
 * (services/worker/webpack.config.cjs builds it as its own entry).
 */
function threadEntry(): { filename: string; execArgv: string[] } {
  if (__filename.endsWith('.ts')) {
    return {
      filename: path.join(__dirname, 'receipt-pdf.thread.ts'),
      execArgv: ['--import', 'tsx'],
    };
  }
  return { filename: path.join(__dirname, 'receipt-pdf.thread.js'), execArgv: [] };
}

/**
 * Receipts are drawn by pdfkit, synchronously: about a third of a second of CPU each. On the
 * worker's own event loop that time would hold up every other queue — a burst of paid orders
 * would delay their ledger entries by the receipts drawn before them. One thread (piscina) draws
 * them instead, so the order splits, mail and print hand-offs keep moving; a second core is left
 * to MongoDB and Redis.
 */
export function threadedReceiptPdfRenderer(): ReceiptPdfRenderer {
  const { filename, execArgv } = threadEntry();
  const pool = new Piscina<ReceiptPdfTask, Uint8Array>({
    filename,
    execArgv,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
    // A receipt is one page: a runaway render is cut off rather than eating the machine.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  // A Buffer comes back from the thread as its bytes (structured clone).
  const draw = async (task: ReceiptPdfTask) => Buffer.from(await pool.run(task));
  return {
    render: (draft, business) => draw({ kind: 'receipt', draft, business }),
    renderCreditNote: (draft, business) => draw({ kind: 'credit-note', draft, business }),
    renderPayoutStatement: (draft, business) => draw({ kind: 'payout-statement', draft, business }),
    close: () => pool.close({ force: true }),
  };
}
