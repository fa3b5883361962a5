import { formatPrice, toShekels, type Agorot } from '@mechabrim/money';
import { create as openFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BusinessDetails } from '../config/worker-config';
import { workerStringsHe } from '../strings.he';
import { visualOrder } from './bidi';

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

/**
 * Each font file opened once per thread, not once per document: opening a WOFF inflates its
 * tables (a third of a statement's drawing), and fontkit keeps the glyphs and the layout lookups
 * it has read. pdfkit takes an opened font as it takes a file (each document still embeds its own
 * subset of the glyphs it drew).
 */
const opened = new Map<string, Font>();
function fontOf(file: string): Font {
  let font = opened.get(file);
  if (!font) {
    font = openFont(readFileSync(file));
    opened.set(file, font);
  }
  return font;
}

export const PAGE_RIGHT = 545;
export const PAGE_LEFT = 50;
/** Right edges of the table's columns, right to left: description, quantity, unit price, total. */
export const COLUMNS = { description: PAGE_RIGHT, quantity: 300, unitPrice: 220, total: 120 };

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

export class RtlWriter {
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

  /** A thin rule across the page at `y`. */
  rule(y: number): void {
    this.doc.moveTo(PAGE_LEFT, y).lineTo(PAGE_RIGHT, y).lineWidth(0.5).stroke();
  }
}

/**
 * An A4 right-to-left document with the fonts registered; `newPage()` starts another page (a long
 * statement), `finish()` ends it and gives the bytes.
 */
export function startPdf(
  title: string,
  business: BusinessDetails,
): { write: RtlWriter; newPage: () => void; finish: () => Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_LEFT,
    lang: 'he',
    info: { Title: title, Author: business.name },
  });
  // pdfkit's types list only files and bytes; it opens a font object as it is (0.20).
  for (const [name, file] of Object.entries(FONTS))
    doc.registerFont(name, fontOf(file) as unknown as Uint8Array);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const write = new RtlWriter(doc);
  return {
    write,
    newPage: () => {
      doc.addPage();
    },
    finish: () => {
      write.line(workerStringsHe.receipt.footer, PAGE_RIGHT, 780, { size: 8 });
      doc.end();
      return done;
    },
  };
}

/** The business's name, tax id, address and mail at the top; returns the next line's `y`. */
export function writeBusiness(write: RtlWriter, business: BusinessDetails, y: number): number {
  write.line(business.name, PAGE_RIGHT, y, { size: 16, bold: true });
  y += 24;
  write.line(`${workerStringsHe.receipt.taxId[business.kind]} ${business.taxId}`, PAGE_RIGHT, y);
  y += 14;
  write.line(business.address, PAGE_RIGHT, y);
  y += 14;
  write.line(business.email, PAGE_RIGHT, y);
  return y + 30;
}

/** The buyer's name, mail and address; returns the next line's `y`. */
export function writeBuyer(
  write: RtlWriter,
  buyer: { name: string; email: string; address: string },
  y: number,
): number {
  write.line(`${workerStringsHe.receipt.buyer}: ${buyer.name}`, PAGE_RIGHT, y, { bold: true });
  y += 14;
  write.line(buyer.email, PAGE_RIGHT, y);
  if (buyer.address) {
    y += 14;
    write.line(buyer.address, PAGE_RIGHT, y);
  }
  return y + 30;
}

/**
 * A table of rows (description, quantity, unit price, total) under its heading, then the sums
 * (label, amount, bold) under it; returns the next line's `y`.
 */
export function writeTable(
  write: RtlWriter,
  rows: [string, string, string, string][],
  sums: [string, Agorot, boolean][],
  y: number,
): number {
  const s = workerStringsHe.receipt;
  write.line(s.description, COLUMNS.description, y, { bold: true });
  write.line(s.quantity, COLUMNS.quantity, y, { bold: true });
  write.line(s.unitPrice, COLUMNS.unitPrice, y, { bold: true });
  write.line(s.lineTotal, COLUMNS.total, y, { bold: true });
  y += 16;
  write.rule(y);
  y += 6;
  for (const [description, quantity, unit, total] of rows) {
    write.line(description, COLUMNS.description, y);
    write.line(quantity, COLUMNS.quantity, y);
    write.line(unit, COLUMNS.unitPrice, y);
    write.line(total, COLUMNS.total, y);
    y += 16;
  }
  write.rule(y);
  y += 12;
  for (const [label, amount, bold] of sums) {
    write.line(label, COLUMNS.unitPrice, y, { bold });
    write.line(formatMoney(amount), COLUMNS.total, y, { bold });
    y += 16;
  }
  return y + 20;
}
