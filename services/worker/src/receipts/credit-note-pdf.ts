import { orderReference } from '@mechabrim/contracts';
import type { BusinessDetails } from '../config/worker-config';
import { workerStringsHe } from '../strings.he';
import type { CreditNoteDraft } from './credit-note-draft';
import {
  formatDate,
  formatMoney,
  PAGE_RIGHT,
  startPdf,
  writeBusiness,
  writeBuyer,
  writeTable,
} from './pdf-page';

const r = workerStringsHe.receipt;
const s = workerStringsHe.creditNote;

/** Renders a credit note (חשבונית זיכוי) as an A4 PDF, in the receipt's look. */
export function renderCreditNotePdf(
  draft: CreditNoteDraft,
  business: BusinessDetails,
): Promise<Buffer> {
  const { write, finish } = startPdf(`${s.title} ${draft.number}`, business);
  let y = writeBusiness(write, business, 50);
  write.line(`${s.title} ${r.number} ${draft.number} (${r.original})`, PAGE_RIGHT, y, {
    size: 18,
    bold: true,
  });
  y += 26;
  write.line(s.credits(draft.receipt.number), PAGE_RIGHT, y, { bold: true });
  y += 14;
  write.line(`${r.date}: ${formatDate(draft.issuedAt)}`, PAGE_RIGHT, y);
  y += 14;
  write.line(`${r.order}: ${orderReference(draft.receipt.orderId)}`, PAGE_RIGHT, y);
  y += 14;
  write.line(`${s.reason}: ${draft.reason}`, PAGE_RIGHT, y);
  y = writeBuyer(write, draft.receipt.buyer, y + 24);

  const amount = formatMoney(draft.amountAgorot);
  y = writeTable(
    write,
    [[draft.reason, '1', amount, amount]],
    [
      [s.net, draft.netAgorot, false],
      [r.vat(draft.vatPercent), draft.vatAgorot, false],
      [s.total, draft.amountAgorot, true],
    ],
    y,
  );

  const payment = draft.receipt.payment;
  const method = r.paymentMethods[payment.method] ?? payment.method;
  const card = payment.cardLast4 ? ` ${r.cardEnding(payment.cardLast4)}` : '';
  write.line(`${s.refundTo}: ${method}${card}, ${amount}`, PAGE_RIGHT, y);
  return finish();
}
