import { orderReference } from '@mechabrim/contracts';
import { formatPrice, toShekels, type Agorot } from '@mechabrim/money';
import PDFDocument from 'pdfkit';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BusinessDetails } from '../config/worker-config';
import { workerStringsHe } from '../strings.he';
import { visualOrder } from './bidi';
import type { ReceiptDraft } from './receipt-draft';

const s = workerStringsHe.receipt;

// Heebo from @fontsource ships as subsets: the Hebrew file has the letters and ₪, the Latin one
// digits and punctuation. A fresh machine has no system fonts, so both are embedded. Node's own
// resolver (not the bundler's `require.resolve`, which webpack turns into a module id) finds the
// package in node_modules from wherever this file runs: src under Jest or dist when built.
const fontFiles = path.join(
  path.dirname(createRequire(__filename).resolve('@fontsource/heebo/package.json')),
  'files',
);
const FONTS = {
  hebrew: path.join(fontFiles, 'heebo-hebrew-400-normal.woff'),
  latin: path.join(fontFiles, 'heebo-latin-400-normal.woff'),
  hebrewBold: path.join(fontFiles, 'heebo-hebrew-700-normal.woff'),
  latinBold: path.join(fontFiles, 'heebo-latin-700-normal.woff'),
};

const PAGE_RIGHT = 545;
const PAGE_LEFT = 50;
/** Right edges of the table's columns, right to left: description, quantity, unit price, total. */
const COLUMNS = { description: PAGE_RIGHT, quantity: 300, unitPrice: 220, total: 120 };

const dateFormat = new Intl.DateTimeFormat('he-IL', { timeZone: 'Asia/Jerusalem' });

/**
 * An amount as every screen shows it (`formatPrice`: `12.50 ₪`, `83 ₪`), without the invisible
 * direction marks a PDF cannot draw.
 */
export function formatMoney(amount: Agorot): string {
  return formatPrice(toShekels(amount))
    .replace(/[\u200e\u200f]/g, '')
    .replace(/\u00a0/g, ' ');
}

export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

function isHebrewGlyph(char: string): boolean {
  return /[\u0590-\u05ff\u20aa\ufb1d-\ufb4f]/.test(char);
}

/** Splits a visual-order line into runs drawn with the Hebrew or the Latin font. */
function fontRuns(visual: string): { text: string; hebrew: boolean }[] {
  const runs: { text: string; hebrew: boolean }[] = [];
  for (const char of visual) {
    const hebrew = char === ' ' ? (runs.at(-1)?.hebrew ?? false) : isHebrewGlyph(char);
    const last = runs.at(-1);
    if (last && last.hebrew === hebrew) last.text += char;
    else runs.push({ text: char, hebrew });
  }
  return runs;
}

/**
 * fontkit (under pdfkit) lays out a run it detects as Hebrew script right to left, reversing its
 * glyphs. Our runs are already in visual order, so such a run is handed over reversed and comes
 * out as drawn here. A run without Hebrew letters is laid out left to right and kept.
 */
function undoLayoutReversal(run: string): string {
  return /[\u0590-\u05ff]/.test(run) ? Array.from(run).reverse().join('') : run;
}

class RtlWriter {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** Draws one logical-order line so that it ends at `right` (right-aligned). */
  line(
    text: string,
    right: number,
    y: number,
    options: { size?: number; bold?: boolean } = {},
  ): void {
    const size = options.size ?? 10;
    const runs = fontRuns(visualOrder(text));
    const fontOf = (hebrew: boolean) =>
      hebrew ? (options.bold ? 'hebrewBold' : 'hebrew') : options.bold ? 'latinBold' : 'latin';
    const widths = runs.map((run) =>
      this.doc.font(fontOf(run.hebrew)).fontSize(size).widthOfString(run.text),
    );
    let x = right - widths.reduce((sum, width) => sum + width, 0);
    runs.forEach((run, index) => {
      this.doc.font(fontOf(run.hebrew)).fontSize(size).text(undoLayoutReversal(run.text), x, y, {
        lineBreak: false,
        features: [],
      });
      x += widths[index] ?? 0;
    });
  }
}

/** Renders the tax invoice-receipt as an A4 PDF, right to left. */
export function renderReceiptPdf(draft: ReceiptDraft, business: BusinessDetails): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_LEFT,
    lang: 'he',
    info: { Title: `${s.title} ${draft.number}`, Author: business.name },
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const write = new RtlWriter(doc);
  let y = 50;
  write.line(business.name, PAGE_RIGHT, y, { size: 16, bold: true });
  y += 24;
  write.line(`${s.taxId} ${business.taxId}`, PAGE_RIGHT, y);
  y += 14;
  write.line(business.address, PAGE_RIGHT, y);
  y += 14;
  write.line(business.email, PAGE_RIGHT, y);

  y += 30;
  write.line(`${s.title} ${s.number} ${draft.number} (${s.original})`, PAGE_RIGHT, y, {
    size: 18,
    bold: true,
  });
  y += 26;
  write.line(`${s.date}: ${formatDate(draft.issuedAt)}`, PAGE_RIGHT, y);
  y += 14;
  // The order's reference as the orders page and the mail print it, never its raw id.
  write.line(`${s.order}: ${orderReference(draft.orderId)}`, PAGE_RIGHT, y);

  y += 24;
  write.line(`${s.buyer}: ${draft.buyer.name}`, PAGE_RIGHT, y, { bold: true });
  y += 14;
  write.line(draft.buyer.email, PAGE_RIGHT, y);
  if (draft.buyer.address) {
    y += 14;
    write.line(draft.buyer.address, PAGE_RIGHT, y);
  }

  y += 30;
  write.line(s.description, COLUMNS.description, y, { bold: true });
  write.line(s.quantity, COLUMNS.quantity, y, { bold: true });
  write.line(s.unitPrice, COLUMNS.unitPrice, y, { bold: true });
  write.line(s.lineTotal, COLUMNS.total, y, { bold: true });
  y += 16;
  doc.moveTo(PAGE_LEFT, y).lineTo(PAGE_RIGHT, y).lineWidth(0.5).stroke();
  y += 6;
  const row = (description: string, quantity: string, unit: string, total: string) => {
    write.line(description, COLUMNS.description, y);
    write.line(quantity, COLUMNS.quantity, y);
    write.line(unit, COLUMNS.unitPrice, y);
    write.line(total, COLUMNS.total, y);
    y += 16;
  };
  for (const line of draft.lines)
    row(
      line.description,
      String(line.quantity),
      formatMoney(line.unitAgorot),
      formatMoney(line.totalAgorot),
    );
  if (draft.shippingAgorot > 0)
    row(s.shipping, '1', formatMoney(draft.shippingAgorot), formatMoney(draft.shippingAgorot));
  doc.moveTo(PAGE_LEFT, y).lineTo(PAGE_RIGHT, y).lineWidth(0.5).stroke();

  y += 12;
  const sum = (label: string, amount: Agorot, bold = false) => {
    write.line(label, COLUMNS.unitPrice, y, { bold });
    write.line(formatMoney(amount), COLUMNS.total, y, { bold });
    y += 16;
  };
  sum(s.net, draft.netAgorot);
  sum(s.vat(draft.vatPercent), draft.vatAgorot);
  sum(s.total, draft.totalAgorot, true);

  y += 20;
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
  write.line(s.footer, PAGE_RIGHT, 780, { size: 8 });
  doc.end();
  return done;
}
