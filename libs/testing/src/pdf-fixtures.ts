/**
 * Real PDFs for the print preflight's tests and benchmark, written by pdfkit (a real producer:
 * embedded subset fonts, images, encryption) — and hostile ones written by hand. pdfkit and sharp
 * load on first use, so suites that never make a PDF do not pay for them.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createDeflate } from 'node:zlib';
import {
  BLEED_MM,
  TRIM_SIZES,
  coverSpread,
  mmToPoints,
  type CoverOptions,
  type TrimSize,
} from '@mechabrim/print-specs';

const fontFiles = path.join(
  path.dirname(createRequire(__filename).resolve('@fontsource/heebo/package.json')),
  'files',
);
const HEEBO = path.join(fontFiles, 'heebo-hebrew-400-normal.woff');

type PdfKit = typeof import('pdfkit');

async function pdfKit(): Promise<PdfKit> {
  return (await import('pdfkit')).default;
}

function render(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A PNG of `width`×`height` pixels with some structure (so it does not compress to nothing). */
export async function pngImage(width: number, height: number): Promise<Buffer> {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 37) % 251;
  const sharp = (await import('sharp')).default;
  return sharp(raw, { raw: { width, height, channels } }).png({ compressionLevel: 1 }).toBuffer();
}

export interface InteriorFixture {
  pages: number;
  size?: TrimSize;
  /** Add the bleed to the page size (the default) or deliver the bare trim. */
  bleed?: boolean;
  /** Set text in the embedded Heebo (the default) or in Helvetica, which is never embedded. */
  embedFonts?: boolean;
  /** Draw an image of this effective resolution on page 2. */
  imageDpi?: number;
  /** With `imageDpi`, draw the image on every n-th page instead (a picture book). */
  imageEvery?: number;
  /** Make page `n` (1-based) a different size: 148×210 mm without bleed. */
  oddSizedPage?: number;
  encrypt?: boolean;
  /** Write page 1 as a two-page spread. */
  firstPageSpread?: boolean;
}

/** A book interior with text on every page. */
export async function interiorPdf(options: InteriorFixture): Promise<Buffer> {
  const size = options.size ?? 'A5';
  const trim = TRIM_SIZES[size];
  const bleed = options.bleed === false ? 0 : BLEED_MM;
  const width = mmToPoints(trim.widthMm + 2 * bleed);
  const height = mmToPoints(trim.heightMm + 2 * bleed);
  const PDFDocumentKit = await pdfKit();
  const doc = new PDFDocumentKit({
    autoFirstPage: false,
    compress: true,
    ...(options.encrypt
      ? { userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' }
      : {}),
  });
  if (options.embedFonts !== false) doc.registerFont('body', HEEBO);
  const image =
    options.imageDpi !== undefined
      ? await pngImage(Math.round(options.imageDpi * 2), Math.round(options.imageDpi * 3))
      : null;
  for (let page = 1; page <= options.pages; page += 1) {
    const spread = page === 1 && options.firstPageSpread;
    const odd = page === options.oddSizedPage;
    doc.addPage({
      size: odd
        ? [mmToPoints(trim.widthMm), mmToPoints(trim.heightMm)]
        : [spread ? width * 2 : width, height],
      margin: 0,
    });
    doc.font(options.embedFonts === false ? 'Helvetica' : 'body').fontSize(11);
    doc.text(`עמוד ${page} — שורה של טקסט בספר`, 40, 60, { width: width - 80, features: ['rtla'] });
    // An image 2 × 3 inches: `imageDpi` pixels per inch.
    if (
      image &&
      (options.imageEvery ? page % options.imageEvery === 2 % options.imageEvery : page === 2)
    )
      doc.image(image, 40, 100, { width: 144, height: 216 });
  }
  return render(doc);
}

export interface CoverFixture extends CoverOptions {
  /** Where the title (and the front cover's image) sit: the correct side by default. */
  frontOn?: 'left' | 'right';
  /** Draw text along the spine. */
  spineText?: boolean;
  /** Override the spread's width in mm (a wrong spine). */
  widthMm?: number;
  /** Draw the front as an image only (no title text). */
  imageOnly?: boolean;
  pagesInFile?: number;
}

/** A cover spread: back, spine and front, the title large on the front. */
export async function coverPdf(options: CoverFixture): Promise<Buffer> {
  const spread = coverSpread(options);
  const widthPt = mmToPoints(options.widthMm ?? spread.widthMm);
  const heightPt = spread.heightPt;
  const frontOn = options.frontOn ?? spread.frontCoverSide;
  const panelPt = mmToPoints(spread.trim.widthMm + spread.bleedMm);
  const frontX = frontOn === 'left' ? 0 : widthPt - panelPt;
  const backX = frontOn === 'left' ? widthPt - panelPt : 0;
  const PDFDocumentKit = await pdfKit();
  const doc = new PDFDocumentKit({ autoFirstPage: false, compress: true });
  doc.registerFont('body', HEEBO);
  for (let i = 0; i < (options.pagesInFile ?? 1); i += 1) {
    doc.addPage({ size: [widthPt, heightPt], margin: 0 });
    // A full-bleed background image: it must not count as the front cover's image.
    doc.image(await pngImage(40, 20), 0, 0, { width: widthPt, height: heightPt });
    doc.image(await pngImage(300, 400), frontX + 60, 180, { width: 300, height: 400 });
    if (!options.imageOnly) {
      doc
        .font('body')
        .fontSize(28)
        .text('שם הספר', frontX + 40, 80, { width: panelPt - 80 });
      doc
        .font('body')
        .fontSize(12)
        .text('מחברת הספר', frontX + 40, 130, { width: panelPt - 80 });
    }
    doc
      .font('body')
      .fontSize(9)
      .text('תקציר קצר על גב הספר.', backX + 40, 300, { width: panelPt - 80 });
    if (options.spineText) {
      doc.save();
      doc.rotate(90, { origin: [widthPt / 2, heightPt / 2] });
      doc
        .font('body')
        .fontSize(8)
        .text('שם הספר', widthPt / 2 - 30, heightPt / 2 - 4, { lineBreak: false });
      doc.restore();
    }
  }
  return render(doc);
}

/** A minimal PDF written by hand from object bodies (1-based numbers), with a valid xref. */
export function handWrittenPdf(objects: string[], rootObject = 1): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root ${rootObject} 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** A PDF declaring `pages` pages (each a bare 10 pt square). */
export function manyPagesPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pages} /Kids [${kids}] >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>'),
  ];
  return handWrittenPdf(objects);
}

/** A one-page PDF whose page carries an array nested `depth` deep. */
export function deeplyNestedPdf(depth: number): Buffer {
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Deep 4 0 R >>',
    `${'['.repeat(depth)}${']'.repeat(depth)}`,
  ]);
}

/** A one-page PDF whose content stream inflates to `megabytes` MB of zeros (a zip bomb). */
export async function zipBombPdf(megabytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i += 1) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const compressed = Buffer.concat(chunks);
  const head = Buffer.from(
    handWrittenPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 4 0 R >>',
      `<< /Length ${compressed.length} /Filter /FlateDecode >>\nstream\n@@STREAM@@\nendstream`,
    ]).toString('latin1'),
    'latin1',
  );
  // Splice the binary stream in (the xref offsets before it stay right; after it, pdf-lib
  // recovers objects by scanning).
  const marker = head.indexOf('@@STREAM@@');
  return Buffer.concat([head.subarray(0, marker), compressed, head.subarray(marker + 10)]);
}

/** The first `fraction` of a file: what an interrupted upload or save leaves. */
export function truncated(pdf: Buffer, fraction = 0.6): Buffer {
  return pdf.subarray(0, Math.floor(pdf.length * fraction));
}
