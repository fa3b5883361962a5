import {
  MAX_PAGES,
  MIN_PAGES,
  PAPER_TYPE_NAMES,
  PRINTING_TYPES,
  READING_DIRECTIONS,
  TRIM_SIZE_NAMES,
} from '@mechabrim/print-specs';
import { formatPrice } from '@mechabrim/money';
import { z } from 'zod';
import { BOOK_COVER_WIDTHS, resolveCategory, type BookCategory, type BookCoverSize } from './terms';
import { printCostQuoteSchema } from './print-cost';

/** Hebrew messages of the book print options (spec §9), shared by the upload form and the API. */
export const PRINT_OPTIONS_HE = {
  pagesInvalid: `מספר העמודים חייב להיות מספר שלם בין ${MIN_PAGES} ל־${MAX_PAGES}`,
  sizeInvalid: 'גודל הספר חייב להיות A5 (‏14.8×21 ס״מ) או 13.5×21 ס״מ',
  paperInvalid: 'סוג הנייר חייב להיות 70, 80 או 90 גרם',
  directionInvalid: 'כיוון הקריאה חייב להיות מימין לשמאל או משמאל לימין',
  printingInvalid: 'סוג ההדפסה חייב להיות שחור־לבן או צבע',
} as const;

/** Spec §9 sizes: `A5` (14.8 × 21 cm) or `135x210` (13.5 × 21 cm). */
export const trimSizeSchema = z.enum(TRIM_SIZE_NAMES, { error: PRINT_OPTIONS_HE.sizeInvalid });
/** Spec §9 papers: 70, 80 or 90 g wood-free. */
export const paperTypeSchema = z.enum(PAPER_TYPE_NAMES, { error: PRINT_OPTIONS_HE.paperInvalid });
/** Reading direction: `rtl` (Hebrew, the default) or `ltr`. */
export const readingDirectionSchema = z.enum(READING_DIRECTIONS, {
  error: PRINT_OPTIONS_HE.directionInvalid,
});
/** Printing: `bw` black-and-white or `color`. */
export const printingTypeSchema = z.enum(PRINTING_TYPES, {
  error: PRINT_OPTIONS_HE.printingInvalid,
});

/** A page count as a string of digits (a query string or a multipart field). */
export const pageCountField = z
  .string({ error: PRINT_OPTIONS_HE.pagesInvalid })
  .trim()
  .regex(/^\d{1,5}$/, PRINT_OPTIONS_HE.pagesInvalid)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(MIN_PAGES, PRINT_OPTIONS_HE.pagesInvalid)
      .max(MAX_PAGES, PRINT_OPTIONS_HE.pagesInvalid),
  );

/** Query of `GET /api/print/cover-template`; size, paper and direction default as the upload form. */
export const coverTemplateQuerySchema = z.strictObject({
  pages: pageCountField,
  size: trimSizeSchema.default('A5'),
  paper: paperTypeSchema.default('70g'),
  direction: readingDirectionSchema.default('rtl'),
});
export type CoverTemplateQuery = z.infer<typeof coverTemplateQuerySchema>;

/**
 * Query of `GET /api/print/quote`: the print partner's cost of one copy of such a book (the upload
 * form's price calculator asks it as the author picks the options).
 */
export const printQuoteQuerySchema = z.strictObject({
  pages: pageCountField,
  size: trimSizeSchema.default('A5'),
  paper: paperTypeSchema.default('70g'),
  printing: printingTypeSchema.default('bw'),
});
export type PrintQuoteQuery = z.infer<typeof printQuoteQuerySchema>;

const panelSchema = z.object({
  xMm: z.number(),
  widthMm: z.number(),
  xPt: z.number(),
  widthPt: z.number(),
});

/** Answer of `GET /api/print/cover-template`: the exact cover spread to design. */
export const coverTemplateSchema = z.object({
  pages: z.number().int(),
  size: trimSizeSchema,
  paper: paperTypeSchema,
  direction: readingDirectionSchema,
  trim: z.object({ widthMm: z.number(), heightMm: z.number() }),
  bleedMm: z.number(),
  spineMm: z.number(),
  spineTextAllowed: z.boolean(),
  frontCoverSide: z.enum(['left', 'right']),
  widthMm: z.number(),
  heightMm: z.number(),
  widthPt: z.number(),
  heightPt: z.number(),
  /** Each panel's band from the spread's left edge (bleed included), in mm and points. */
  panels: z.object({ back: panelSchema, spine: panelSchema, front: panelSchema }),
  /** The same figures as a sentence for the upload form. */
  summary: z.string(),
});
export type CoverTemplate = z.infer<typeof coverTemplateSchema>;

/** The highest price of a book in shekels, on upload and on edit. */
export const MAX_BOOK_PRICE = 10_000;

/** Hebrew messages of the upload form (spec §5 upload rules), shared by the portal and the API. */
export const BOOK_UPLOAD_HE = {
  titleRequired: 'שם הספר הוא שדה חובה',
  titleTooLong: 'שם הספר ארוך מדי (עד 300 תווים)',
  pdfRequired: 'יש להעלות את קובץ ה־PDF של הספר',
  coverPdfRequired: 'יש להעלות את קובץ ה־PDF של הכריכה',
  coverImageRequired: 'יש להעלות תמונת כריכה לספר',
  priceRequired: 'יש להזין מחיר לספר',
  priceInvalid: 'המחיר חייב להיות מספר אפס ומעלה, עם שתי ספרות אחרי הנקודה לכל היותר',
  priceTooHigh: `המחיר גבוה מדי: עד ${formatPrice(MAX_BOOK_PRICE)}`,
  categoryRequired: 'יש לבחור קטגוריה',
  categoryInvalid: 'הקטגוריה אינה מוכרת',
  descriptionTooLong: 'התיאור ארוך מדי (עד 5000 תווים)',
  tagsInvalid: 'התגיות ארוכות מדי (עד 20 תגיות של עד 40 תווים)',
  isbnInvalid: 'המסת״ב (ISBN) אינו תקין: 10 או 13 ספרות',
  languageInvalid: 'שפת הספר ארוכה מדי',
  notPdf: (field: string) => `הקובץ ב${field} אינו PDF. יש להעלות קובץ PDF.`,
  notImage: 'תמונת הכריכה אינה תמונה תקינה (JPEG, PNG, WebP או GIF).',
  fileTooLarge: (megabytes: number) => `הקובץ גדול מדי: עד ${megabytes} מגה־בייט לקובץ.`,
  unknownFile: (field: string) => `שדה קובץ לא מוכר: ${field}`,
  duplicateFile: (field: string) => `נשלח יותר מקובץ אחד בשדה ${field}`,
  notMultipart: 'יש לשלוח את הספר כטופס multipart/form-data שלם.',
  tooManyParts: 'הטופס כולל יותר מדי שדות או קבצים.',
  uploaded: 'הספר הועלה בהצלחה! הוא ייבדק ויאושר בקרוב.',
  noFiles: 'יש לבחור לפחות קובץ אחד להחלפה.',
  filesReplaced: 'הקבצים החדשים התקבלו. נבדוק אותם לדפוס, והספר ימתין שוב לאישור.',
  filesLocked: 'אפשר להחליף קבצים רק לספר שממתין לאישור או שנדחה.',
} as const;

/**
 * The largest request body any server of ours reads away after refusing it early (the API, and the
 * edge, which refuses a larger one before it goes upstream): above an upload's three files.
 */
export const MAX_REQUEST_BODY_BYTES = 256 * 1024 * 1024;

/** The file fields of `POST /api/books` (spec §3 book upload payload), with their Hebrew names. */
export const BOOK_UPLOAD_FILES = {
  pdfFile: { kind: 'pdf', label: 'קובץ הספר', missing: BOOK_UPLOAD_HE.pdfRequired },
  coverPdfFile: { kind: 'pdf', label: 'קובץ הכריכה', missing: BOOK_UPLOAD_HE.coverPdfRequired },
  coverImage: { kind: 'image', label: 'תמונת הכריכה', missing: BOOK_UPLOAD_HE.coverImageRequired },
} as const;
export type BookUploadFileField = keyof typeof BOOK_UPLOAD_FILES;

/** The web sizes the preflight makes of an uploaded cover image (`BOOK_COVER_WIDTHS`). */
export const BOOK_COVER_SIZES = Object.keys(BOOK_COVER_WIDTHS) as [
  BookCoverSize,
  ...BookCoverSize[],
];
/** Where a book keeps each web size of its cover (`files.<field>`, a storage key). */
export const BOOK_COVER_FIELDS = {
  thumb: 'coverThumb',
  web: 'coverWeb',
  large: 'coverLarge',
} as const satisfies Record<BookCoverSize, string>;

/**
 * The path of an uploaded book's cover at `GET /api/books/:id/cover/:size`, the book's
 * `coverImage` once the preflight has made its web sizes. `v` names the upload, so a new upload
 * is a new address and the old one may be cached for good.
 */
export function bookCoverPath(bookId: string, uploadId: string, size: BookCoverSize = 'web') {
  return `/api/books/${bookId}/cover/${size}?v=${encodeURIComponent(uploadId.slice(0, 8))}`;
}

const optionalText = (max: number, message: string) =>
  z.string().trim().max(max, message).optional();

/**
 * The text fields of `POST /api/books` (multipart; spec §3 and §9), with the upload form's
 * defaults: language Hebrew, A5, right to left, 70 g, black and white.
 */
export const bookUploadFieldsSchema = z.strictObject({
  title: z
    .string({ error: BOOK_UPLOAD_HE.titleRequired })
    .trim()
    .min(1, BOOK_UPLOAD_HE.titleRequired)
    .max(300, BOOK_UPLOAD_HE.titleTooLong),
  description: optionalText(5000, BOOK_UPLOAD_HE.descriptionTooLong).default(''),
  price: z
    .string({ error: BOOK_UPLOAD_HE.priceRequired })
    .trim()
    .min(1, { error: BOOK_UPLOAD_HE.priceRequired, abort: true })
    .regex(/^\d{1,12}(\.\d{1,2})?$/, BOOK_UPLOAD_HE.priceInvalid)
    .transform(Number)
    .refine((price) => price <= MAX_BOOK_PRICE, BOOK_UPLOAD_HE.priceTooHigh),
  category: z
    .string({ error: BOOK_UPLOAD_HE.categoryRequired })
    .trim()
    .min(1, BOOK_UPLOAD_HE.categoryRequired)
    .refine((value) => resolveCategory(value) !== null, BOOK_UPLOAD_HE.categoryInvalid)
    .transform((value) => resolveCategory(value) as BookCategory),
  /** Comma-joined; trimmed, empties dropped (spec §5). */
  tags: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().max(40, BOOK_UPLOAD_HE.tagsInvalid)).max(20, BOOK_UPLOAD_HE.tagsInvalid),
    ),
  size: trimSizeSchema.default('A5'),
  readingFormat: readingDirectionSchema.default('rtl'),
  paperType: paperTypeSchema.default('70g'),
  printingType: printingTypeSchema.default('bw'),
  pages: pageCountField.optional(),
  isbn: z
    .string()
    .trim()
    .transform((value) => value.replace(/[-\s]/g, ''))
    .pipe(z.string().regex(/^(\d{9}[\dXx]|\d{13})?$/, BOOK_UPLOAD_HE.isbnInvalid))
    .optional(),
  language: optionalText(40, BOOK_UPLOAD_HE.languageInvalid).default('עברית'),
  /** Shown disabled on the form (soft cover is the only binding); accepted and ignored. */
  bindingType: z.string().max(40).optional(),
});
export type BookUploadFields = z.infer<typeof bookUploadFieldsSchema>;

/** Answer of `POST /api/books` (201): the new book, pending approval, its preflight queued. */
export const bookUploadAnswerSchema = z.object({
  message: z.string(),
  book: z.object({
    _id: z.string(),
    title: z.string(),
    status: z.literal('pending_approval'),
    isAvailable: z.literal(false),
    preflight: z.object({ status: z.literal('pending'), uploadId: z.string() }),
    /**
     * The print partner's quote for one copy; null while pending (no page count was sent, or
     * the partner could not be asked): the book is quoted again at approval. Optional, so a
     * portal released before the API reads its answers.
     */
    printCost: printCostQuoteSchema.nullable().optional(),
  }),
});
export type BookUploadAnswer = z.infer<typeof bookUploadAnswerSchema>;

/**
 * Answer of `PUT /api/books/:id/files` (multipart, any of the three file fields): the book waits
 * for approval again, its new files' preflight queued.
 */
export const bookFilesAnswerSchema = z.object({
  message: z.string(),
  book: z.object({
    _id: z.string(),
    status: z.literal('pending_approval'),
    approvalStatus: z.literal('pending'),
    replaced: z.array(z.enum(['pdfFile', 'coverPdfFile', 'coverImage'])),
    preflight: z.object({ status: z.literal('pending'), uploadId: z.string() }),
  }),
});
export type BookFilesAnswer = z.infer<typeof bookFilesAnswerSchema>;
