import {
  MAX_PAGES,
  MIN_PAGES,
  PAPER_TYPE_NAMES,
  PRINTING_TYPES,
  READING_DIRECTIONS,
  TRIM_SIZE_NAMES,
} from '@mechabrim/print-specs';
import { z } from 'zod';

/** Hebrew messages of the book print options (spec §9), shared by the upload form and the API. */
export const PRINT_OPTIONS_HE = {
  pagesInvalid: `מספר העמודים חייב להיות מספר שלם בין ${MIN_PAGES} ל-${MAX_PAGES}`,
  sizeInvalid: 'גודל הספר חייב להיות A5 (‏14.8×21 ס״מ) או 13.5×21 ס״מ',
  paperInvalid: 'סוג הנייר חייב להיות 70, 80 או 90 גרם',
  directionInvalid: 'כיוון הקריאה חייב להיות מימין לשמאל או משמאל לימין',
  printingInvalid: 'סוג ההדפסה חייב להיות שחור-לבן או צבע',
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
