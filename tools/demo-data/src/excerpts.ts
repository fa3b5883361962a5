/**
 * Demo excerpts: the first pages of a demo book as a small PDF (a title page and a chapter's
 * opening), drawn with pdfkit in Heebo, so the storefront's 'read excerpt' opens something real
 * on `npm start`. Uploaded books get theirs from the worker's preflight instead.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Types } from 'mongoose';
import { bookFileKeys, type StoragePort } from '@mechabrim/storage';

const fontFiles = path.join(
  path.dirname(createRequire(__filename).resolve('@fontsource/heebo/package.json')),
  'files',
);
const FONTS = {
  hebrew: path.join(fontFiles, 'heebo-hebrew-400-normal.woff'),
  hebrewBold: path.join(fontFiles, 'heebo-hebrew-700-normal.woff'),
  latin: path.join(fontFiles, 'heebo-latin-400-normal.woff'),
  latinBold: path.join(fontFiles, 'heebo-latin-700-normal.woff'),
};

/** A5 in points. */
const PAGE = { width: 420, height: 595, margin: 48 } as const;

/** Prose for the chapter pages: plain Hebrew without digits or Latin (laid out right to left). */
const CHAPTER_PARAGRAPHS = [
  'הבוקר הגיע לאט, כמו מי שמהסס לדפוק בדלת. האור נח על אדן החלון, על ספל התה שהתקרר מאמש, על המכתב שעוד לא נפתח. בחוץ כבר נשמעו קולות השכונה: מישהו גורר פח, ילדה קוראת בשם של כלב, רדיו רחוק מנגן שיר שכולם מכירים ואיש אינו זוכר את מילותיו.',
  'היא ישבה ליד השולחן זמן רב לפני שנגעה במעטפה. הכתב היה מוכר, נטוי מעט ימינה, והשם שעליה נכתב בזהירות של מי שלא היה בטוח שהכתובת עדיין נכונה. כשפתחה אותה לבסוף, נשר ממנה תצלום ישן, מקומט בפינותיו.',
  'בתצלום עמדו שלושה אנשים מול בית אבן נמוך. שניים מהם חייכו אל המצלמה, והשלישי הביט הצידה, אל משהו שנשאר מחוץ למסגרת. היא הכירה את הבית. היא הכירה גם את העץ שמאחוריו, שכבר מזמן לא היה שם.',
  'לפעמים נדמה שהזיכרון הוא חדר שאפשר לחזור אליו, אבל בכל פעם שנכנסים הרהיטים זזים מעט. מה שהיה ליד החלון עומד עכשיו ליד הקיר, ומה שנראה פעם גדול ומאיים מתגלה כקטן ושביר.',
  'ערב אחד, בלי לתכנן, ארזה תיק קטן ויצאה לדרך. האוטובוס היה כמעט ריק. הנהג הנהן אליה כאילו ציפה לה, והכביש נמתח לפניהם בין שדות צהובים וגבעות שהחשיכו לאט.',
  'כשהגיעה, הכפר היה שקט יותר משזכרה. הכלבים לא נבחו, והחנות בפינה, זו שמכרה פעם סוכריות בצנצנות זכוכית, הייתה סגורה בתריס חלוד. רק הריח נשאר כשהיה: אדמה לחה, עשן של תנור, ומשהו מתוק שלא ידעה לקרוא לו בשם.',
  'היא דפקה בדלת הבית שבתצלום. עבר רגע ארוך, ואז נשמעו צעדים. האישה שפתחה הביטה בה בלי להפתיע, כאילו השנים שעברו היו רק הפסקה קצרה בשיחה שלא הסתיימה.',
  'הן ישבו במטבח עד מאוחר. הקומקום רתח שוב ושוב, והסיפורים יצאו אחד מתוך השני, כמו בובות עץ שכל אחת מסתירה בתוכה עוד אחת קטנה יותר. ובסוף, כשכבר כמעט עלה השחר, הבינה מדוע נשלח אליה המכתב דווקא עכשיו.',
] as const;

export interface ExcerptBook {
  title: string;
  authorName: string;
  category: string;
  description: string;
}

type PdfKit = typeof import('pdfkit');
let pdfKit: Promise<PdfKit> | undefined;
const loadPdfKit = () => (pdfKit ??= import('pdfkit').then((m) => m.default));

interface Style {
  size: number;
  bold?: boolean;
  align?: 'right' | 'center';
  /** Extra space between lines (pt). */
  gap?: number;
}

const HEBREW = /[\u0590-\u05ff\ufb1d-\ufb4f]/;

/**
 * A line in logical order as runs to draw from left to right. Heebo's Hebrew file has no space
 * or punctuation, so those are drawn in its Latin file. fontkit lays a Hebrew run out right to
 * left by itself; the runs' order and the neutral runs (spaces, commas) are reversed here, which
 * is the whole of the bidirectional algorithm for Hebrew prose without digits or Latin words.
 */
function visualRuns(line: string): { text: string; hebrew: boolean }[] {
  const runs: { text: string; kind: 'hebrew' | 'ltr' | 'neutral' }[] = [];
  for (const char of line) {
    // Niqqud and other marks stay with their letter.
    const kind = HEBREW.test(char) ? 'hebrew' : /[A-Za-z0-9]/.test(char) ? 'ltr' : 'neutral';
    const last = runs.at(-1);
    if (last && last.kind === kind) last.text += char;
    else runs.push({ text: char, kind });
  }
  // Digits and Latin words keep their own left-to-right order inside the line.
  return runs.reverse().map((run) => ({
    text: run.kind === 'neutral' ? Array.from(run.text).reverse().join('') : run.text,
    hebrew: run.kind === 'hebrew',
  }));
}

function useFont(doc: PDFKit.PDFDocument, hebrew: boolean, style: Style): void {
  const name = hebrew ? (style.bold ? 'bold' : 'body') : style.bold ? 'latinBold' : 'latin';
  doc.font(name).fontSize(style.size);
}

function widthOf(doc: PDFKit.PDFDocument, text: string, style: Style): number {
  return visualRuns(text).reduce((sum, run) => {
    useFont(doc, run.hebrew, style);
    return sum + doc.widthOfString(run.text);
  }, 0);
}

/** Words' widths, the same in every document of one run (same fonts and sizes). */
const wordWidths = new Map<string, number>();

function wordWidth(doc: PDFKit.PDFDocument, word: string, style: Style): number {
  const key = `${style.size}:${style.bold ? 1 : 0}:${word}`;
  let width = wordWidths.get(key);
  if (width === undefined) {
    width = widthOf(doc, word, style);
    wordWidths.set(key, width);
  }
  return width;
}

/** Breaks a paragraph into lines no wider than `width`, at spaces. */
function wrap(doc: PDFKit.PDFDocument, text: string, width: number, style: Style): string[] {
  const space = wordWidth(doc, ' ', style);
  const lines: string[] = [];
  let line: string[] = [];
  let lineWidth = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const w = wordWidth(doc, word, style);
    if (line.length && lineWidth + space + w > width) {
      lines.push(line.join(' '));
      line = [word];
      lineWidth = w;
    } else {
      lineWidth += (line.length ? space : 0) + w;
      line.push(word);
    }
  }
  if (line.length) lines.push(line.join(' '));
  return lines;
}

/** Draws a Hebrew paragraph from `y`, right-aligned (or centred); answers where it ends. */
function hebrew(doc: PDFKit.PDFDocument, text: string, y: number, style: Style): number {
  const width = PAGE.width - 2 * PAGE.margin;
  const lineHeight = style.size * 1.45 + (style.gap ?? 2);
  let top = y;
  for (const line of wrap(doc, text, width, style)) {
    const lineWidth = widthOf(doc, line, style);
    let x =
      style.align === 'center'
        ? (PAGE.width - lineWidth) / 2
        : PAGE.width - PAGE.margin - lineWidth;
    for (const run of visualRuns(line)) {
      useFont(doc, run.hebrew, style);
      const runWidth = doc.widthOfString(run.text);
      // A space is only an advance: drawing it would cost a text call per word.
      if (run.text.trim()) doc.text(run.text, x, top, { lineBreak: false });
      x += runWidth;
    }
    top += lineHeight;
  }
  return top;
}

function pageNumber(doc: PDFKit.PDFDocument, n: number): void {
  doc.fillColor('#5b6170');
  const label = String(n);
  useFont(doc, false, { size: 9 });
  doc.text(label, (PAGE.width - doc.widthOfString(label)) / 2, PAGE.height - 32, {
    lineBreak: false,
  });
  doc.fillColor('#1f2430');
}

/**
 * A demo book's excerpt: a title page and two or three pages opening its first chapter, which
 * begins with the book's own description. `seed` picks the chapter's paragraphs.
 */
export async function demoExcerptPdf(book: ExcerptBook, seed: number): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: PAGE.margin,
    autoFirstPage: false,
    compress: true,
    info: { Title: book.title, Author: book.authorName },
  });
  doc.registerFont('body', FONTS.hebrew);
  doc.registerFont('bold', FONTS.hebrewBold);
  doc.registerFont('latin', FONTS.latin);
  doc.registerFont('latinBold', FONTS.latinBold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Title page
  doc.addPage();
  doc.fillColor('#1f2430');
  let y = hebrew(doc, book.title, 190, { size: 26, bold: true, align: 'center' });
  y = hebrew(doc, book.authorName, y + 18, { size: 15, align: 'center' });
  hebrew(doc, book.category, y + 40, { size: 11, align: 'center' });
  hebrew(doc, 'קטע לקריאה מתוך הספר', PAGE.height - 110, { size: 10, align: 'center' });

  // The chapter: the description, then paragraphs chosen by the seed, a page at a time.
  const pages = 2 + (seed % 2);
  const count = CHAPTER_PARAGRAPHS.length;
  for (let p = 0; p < pages; p += 1) {
    doc.addPage();
    let top = PAGE.margin + 12;
    if (p === 0) {
      top = hebrew(doc, 'פרק ראשון', top + 20, { size: 18, bold: true }) + 16;
      if (book.description) top = hebrew(doc, book.description, top, { size: 11.5, gap: 6 }) + 10;
    }
    for (let i = 0; i < 3; i += 1) {
      const paragraph = CHAPTER_PARAGRAPHS[(seed + p * 3 + i) % count] ?? '';
      if (top > PAGE.height - 170) break;
      top = hebrew(doc, paragraph, top, { size: 11.5, gap: 6 }) + 10;
    }
    pageNumber(doc, p + 2);
  }
  doc.end();
  return done;
}

/** How many books of each category get an excerpt in the demo (the first ones on sale). */
export const EXCERPTS_PER_CATEGORY = 2;

/**
 * Writes excerpts for some of the demo books (the first {@link EXCERPTS_PER_CATEGORY} on sale of
 * each category) through the storage port, under the key the worker uses, and records it on the
 * book (`files.excerpt`) — the rest show no 'read excerpt' button. `books` are the raw documents
 * about to be inserted. Answers how many were written.
 */
export async function writeDemoExcerpts(
  books: Record<string, unknown>[],
  storage: StoragePort,
): Promise<number> {
  const perCategory = new Map<string, number>();
  let written = 0;
  for (const [k, book] of books.entries()) {
    if (!book.isAvailable) continue;
    const category = String(book.category);
    const count = perCategory.get(category) ?? 0;
    if (count >= EXCERPTS_PER_CATEGORY) continue;
    perCategory.set(category, count + 1);
    const id = (book._id as Types.ObjectId).toHexString();
    const key = bookFileKeys(id).excerpt;
    const pdf = await demoExcerptPdf(
      {
        title: String(book.title),
        authorName: String(book.authorName ?? ''),
        category,
        description: String(book.description ?? ''),
      },
      k,
    );
    await storage.put(key, pdf, { contentType: 'application/pdf' });
    book.files = { ...(book.files ?? {}), excerpt: key };
    written += 1;
  }
  return written;
}
