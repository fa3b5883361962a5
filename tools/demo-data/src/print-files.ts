/**
 * Print files for the demo books, so an order of a demo book goes through the print partner
 * (created → in production → shipped → delivered) on `npm start` instead of being rejected for a
 * missing interior or cover. A few files are drawn once — an A5 interior with bleed and its
 * matching cover spread for each page count in {@link DEMO_PAGE_COUNTS} — and each book gets a
 * copy of its page count's pair under its own keys (`books/<id>/interior.pdf`, `cover.pdf`):
 * the API's signed print-file addresses serve exactly those keys, as for an uploaded book.
 */
import type { Types } from 'mongoose';
import {
  coverSpread,
  interiorPageMm,
  mmToPoints,
  type CoverOptions,
  type CoverPanel,
} from '@mechabrim/print-specs';
import { bookFileKeys, type StoragePort } from '@mechabrim/storage';

/**
 * The page counts a demo book has (whole signatures of 16): a book's drawn page count is rounded
 * up to the next one, so its files and its `pages` agree.
 */
export const DEMO_PAGE_COUNTS = [96, 160, 240, 320, 400, 480] as const;

/** The demo page count for a drawn one: the smallest in {@link DEMO_PAGE_COUNTS} not below it. */
export function demoPageCount(drawn: number): number {
  return DEMO_PAGE_COUNTS.find((n) => n >= drawn) ?? 480;
}

/** The print options of every demo book (the book schema's defaults). */
const DEMO_PRINT: Omit<CoverOptions, 'pages'> = { size: 'A5', paper: '70g', direction: 'rtl' };

type PdfKit = typeof import('pdfkit');
let pdfKit: Promise<PdfKit> | undefined;
const loadPdfKit = () => (pdfKit ??= import('pdfkit').then((m) => m.default));

/** A PDF of `pages` pages of `size` points, each drawn by `draw` (pdfkit: y runs down the page). */
async function drawPdf(
  size: [number, number],
  pages: number,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size, margin: 0, autoFirstPage: false, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (let page = 0; page < pages; page += 1) {
    doc.addPage({ size, margin: 0 });
    draw(doc);
  }
  doc.end();
  return done;
}

/** An interior of `pages` A5 pages with bleed, each showing grey lines where text would be. */
export function demoInteriorPdf(pages: number): Promise<Buffer> {
  const page = interiorPageMm(DEMO_PRINT.size);
  const width = mmToPoints(page.widthMm);
  return drawPdf([width, mmToPoints(page.heightMm)], pages, (doc) => {
    for (let i = 0; i < 24; i += 1) {
      const length = i % 6 === 5 ? 160 : 300;
      doc.rect(width - 50 - length, 64 + i * 18, length, 6);
    }
    doc.fill('#999999');
  });
}

/** The cover spread (back, spine and front in three colours) of an A5 right-to-left book. */
export function demoCoverPdf(pages: number): Promise<Buffer> {
  const spread = coverSpread({ ...DEMO_PRINT, pages });
  return drawPdf([spread.widthPt, spread.heightPt], 1, (doc) => {
    const band = (panel: CoverPanel, colour: string, inset = 0) =>
      doc
        .rect(
          mmToPoints(panel.xMm) + inset,
          inset,
          mmToPoints(panel.widthMm) - 2 * inset,
          spread.heightPt - 2 * inset,
        )
        .fill(colour);
    band({ xMm: 0, widthMm: spread.widthMm }, '#f5f0e6');
    band(spread.panels.front, '#2e4759', 40);
    band(spread.panels.spine, '#87bad9');
  });
}

/**
 * Gives every demo book (the raw documents about to be inserted; their `pages` one of
 * {@link DEMO_PAGE_COUNTS}) an interior and a cover PDF through the storage port, under the keys
 * an upload uses, and records them on the book (`files.pdf`, `files.coverPdf`). The PDFs are
 * drawn once per page count. Answers how many books were given files.
 */
export async function writeDemoPrintFiles(
  books: Record<string, unknown>[],
  storage: StoragePort,
): Promise<number> {
  const drawn = new Map<number, Promise<{ interior: Buffer; cover: Buffer }>>();
  const filesFor = (pages: number) => {
    let files = drawn.get(pages);
    if (!files) {
      files = Promise.all([demoInteriorPdf(pages), demoCoverPdf(pages)]).then(
        ([interior, cover]) => ({ interior, cover }),
      );
      drawn.set(pages, files);
    }
    return files;
  };
  const queue = [...books];
  let written = 0;
  const workers = Array.from({ length: 8 }, async () => {
    for (let book = queue.shift(); book; book = queue.shift()) {
      const { interior, cover } = await filesFor(demoPageCount(Number(book.pages)));
      const keys = bookFileKeys((book._id as Types.ObjectId).toHexString());
      await storage.put(keys.interior, interior, { contentType: 'application/pdf' });
      await storage.put(keys.coverPdf, cover, { contentType: 'application/pdf' });
      book.files = { ...(book.files ?? {}), pdf: keys.interior, coverPdf: keys.coverPdf };
      written += 1;
    }
  });
  await Promise.all(workers);
  return written;
}
