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

/** A PDF written from object bodies (1-based numbers), with a valid cross-reference table. */
function pdfOf(objects: string[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  for (const [index, body] of objects.entries()) {
    offsets.push(length);
    const chunk = Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    parts.push(chunk);
    length += chunk.length;
  }
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/**
 * An interior of `pages` A5 pages with bleed, each showing grey lines where text would be. Written
 * by hand, every page sharing one content stream: a 480-page interior is some 40 KB, drawn at once.
 */
export function demoInteriorPdf(pages: number): Buffer {
  const page = interiorPageMm(DEMO_PRINT.size);
  const width = mmToPoints(page.widthMm).toFixed(2);
  const height = mmToPoints(page.heightMm);
  const lines = Array.from({ length: 24 }, (_, i) => {
    const y = (height - 70 - i * 18).toFixed(2);
    const length = i % 6 === 5 ? 160 : 300;
    return `${(mmToPoints(page.widthMm) - 50 - length).toFixed(2)} ${y} ${length} 6 re`;
  });
  const content = ['0.6 g', ...lines, 'f'].join('\n');
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pages} /Kids [${kids}] >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...Array.from(
      { length: pages },
      () =>
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height.toFixed(2)}] /Contents 3 0 R /Resources << >> >>`,
    ),
  ]);
}

/** The cover spread (back, spine and front in three colours) of an A5 right-to-left book. */
export function demoCoverPdf(pages: number): Buffer {
  const spread = coverSpread({ ...DEMO_PRINT, pages });
  const band = (panel: CoverPanel, colour: string, inset = 0) =>
    `${colour} rg ${(mmToPoints(panel.xMm) + inset).toFixed(2)} ${inset.toFixed(2)} ` +
    `${(mmToPoints(panel.widthMm) - 2 * inset).toFixed(2)} ${(spread.heightPt - 2 * inset).toFixed(2)} re f`;
  const content = [
    band({ xMm: 0, widthMm: spread.widthMm }, '0.96 0.94 0.9'),
    band(spread.panels.front, '0.18 0.28 0.35', 40),
    band(spread.panels.spine, '0.53 0.73 0.85'),
  ].join('\n');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [4 0 R] >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${spread.widthPt.toFixed(2)} ${spread.heightPt.toFixed(2)}] /Contents 3 0 R /Resources << >> >>`,
  ]);
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
  const drawn = new Map<number, { interior: Buffer; cover: Buffer }>();
  const filesFor = (pages: number) => {
    let files = drawn.get(pages);
    if (!files) {
      files = { interior: demoInteriorPdf(pages), cover: demoCoverPdf(pages) };
      drawn.set(pages, files);
    }
    return files;
  };
  const queue = [...books];
  let written = 0;
  const workers = Array.from({ length: 8 }, async () => {
    for (let book = queue.shift(); book; book = queue.shift()) {
      const { interior, cover } = filesFor(demoPageCount(Number(book.pages)));
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
