import { orderReference } from '@mechabrim/contracts';
import type { BusinessDetails } from '../config/worker-config';
import { workerStringsHe } from '../strings.he';
import {
  formatDate,
  formatMoney,
  PAGE_RIGHT,
  startPdf,
  writeBusiness,
  writeBuyer,
  writeTable,
} from './pdf-page';
import type { ReceiptDraft } from './receipt-draft';

export { formatDate, formatMoney } from './pdf-page';

const s = workerStringsHe.receipt;

/** Renders the tax invoice-receipt as an A4 PDF, right to left. */
export function renderReceiptPdf(draft: ReceiptDraft, business: BusinessDetails): Promise<Buffer> {
  const { write, finish } = startPdf(`${s.title} ${draft.number}`, business);
  let y = writeBusiness(write, business, 50);
  write.line(`${s.title} ${s.number} ${draft.number} (${s.original})`, PAGE_RIGHT, y, {
    size: 18,
    bold: true,
  });
  y += 26;
  write.line(`${s.date}: ${formatDate(draft.issuedAt)}`, PAGE_RIGHT, y);
  y += 14;
  // The order's reference as the orders page and the mail print it, never its raw id.
  write.line(`${s.order}: ${orderReference(draft.orderId)}`, PAGE_RIGHT, y);
  y = writeBuyer(write, draft.buyer, y + 24);

  const rows: [string, string, string, string][] = draft.lines.map((line) => [
    line.description,
    String(line.quantity),
    formatMoney(line.unitAgorot),
    formatMoney(line.totalAgorot),
  ]);
  if (draft.shippingAgorot > 0)
    rows.push([
      s.shipping,
      '1',
      formatMoney(draft.shippingAgorot),
      formatMoney(draft.shippingAgorot),
    ]);
  y = writeTable(
    write,
    rows,
    [
      [s.net, draft.netAgorot, false],
      [s.vat(draft.vatPercent), draft.vatAgorot, false],
      [s.total, draft.totalAgorot, true],
    ],
    y,
  );

  const method = s.paymentMethods[draft.payment.method] ?? draft.payment.method;
  const card = draft.payment.cardLast4 ? ` ${s.cardEnding(draft.payment.cardLast4)}` : '';
  write.line(
    `${s.payment}: ${method}${card}, ${formatMoney(draft.totalAgorot)}, ${formatDate(draft.payment.paidAt)}`,
    PAGE_RIGHT,
    y,
  );
  if (draft.payment.transactionId) {
    y += 14;
    write.line(`${s.transaction}: ${draft.payment.transactionId}`, PAGE_RIGHT, y);
  }
  return finish();
}
