import { isWholeAgorot } from '@mechabrim/money';
import { z } from 'zod';
import { objectIdSchema } from '../fields';
import { MAX_BOOK_PRICE } from '../book-options';
import { bookSchema } from '../catalogue';
import { commaList, PORTAL_VALIDATION_HE as M } from './portal-fields';

/** A price in shekels with at most two decimals (spec §5: min 0, step 0.01). */
export const priceSchema = z
  .number({ error: M.priceInvalid })
  .finite(M.priceInvalid)
  .min(0, M.priceInvalid)
  .max(MAX_BOOK_PRICE, M.priceTooHigh)
  .refine(isWholeAgorot, M.priceInvalid);

/**
 * A price as a form's text input holds it (`44.90`): required, digits with up to two decimals,
 * read as shekels and checked as {@link priceSchema}.
 */
export const priceInputSchema = z
  .string({ error: M.priceRequired })
  .trim()
  .min(1, { error: M.priceRequired, abort: true })
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: M.priceInvalid, abort: true })
  .transform(Number)
  .pipe(priceSchema);

/** The edit form of `/book/edit/:id`: the edit payload's fields as the author types them. */
export const bookEditFormSchema = z.object({
  title: z
    .string({ error: M.titleRequired })
    .trim()
    .min(1, { error: M.titleRequired, abort: true })
    .max(300, M.titleTooLong),
  price: priceInputSchema,
  description: z.string().max(5000, M.summaryTooLong),
  tags: commaList(30, 50, M.tagsInvalid),
});

/** Body of `PUT /api/books/:id`: hide or show the author's own (approved) book. */
export const bookAvailabilityRequestSchema = z.strictObject({
  isAvailable: z.boolean({ error: M.availabilityRequired }),
});
export type BookAvailabilityRequest = z.infer<typeof bookAvailabilityRequestSchema>;

/**
 * Body of `POST /api/books/:id/edit`: the edit payload of spec §3. `originalBookId` and
 * `authorId`, when sent, must name the book and the signed-in author; `submittedAt` is the
 * client's clock and is replaced by the server's. `description` is taken as the summary when
 * `summary` is absent (the edit form sends its description as the summary).
 */
export const bookEditRequestSchema = z
  .strictObject({
    title: z
      .string({ error: M.titleRequired })
      .trim()
      .min(1, { error: M.titleRequired, abort: true })
      .max(300, M.titleTooLong),
    price: priceSchema,
    summary: z.string({ error: M.summaryTooLong }).max(5000, M.summaryTooLong).optional(),
    description: z.string({ error: M.summaryTooLong }).max(5000, M.summaryTooLong).optional(),
    tags: commaList(30, 50, M.tagsInvalid).optional(),
    originalBookId: objectIdSchema.optional(),
    authorId: objectIdSchema.optional(),
    status: z.literal('pending_approval', { error: M.statusInvalid }).optional(),
    submittedAt: z.string().max(40).optional(),
  })
  .transform(({ description, summary, tags, ...rest }) => ({
    ...rest,
    summary: (summary ?? description ?? '').trim(),
    tags: tags ?? [],
  }));
export type BookEditRequest = z.output<typeof bookEditRequestSchema>;

/** The fields an edit changes, as stored and shown (price in shekels). */
export const bookEditFieldsSchema = z.object({
  title: z.string(),
  price: z.number(),
  summary: z.string(),
  tags: z.array(z.string()),
});
export type BookEditFields = z.infer<typeof bookEditFieldsSchema>;

export const BOOK_EDIT_STATUS_VALUES = [
  'pending_approval',
  'approved',
  'rejected',
  'superseded',
] as const;

/** An edit as its author and the admins see it. */
export const bookEditSchema = z.object({
  _id: z.string(),
  bookId: z.string(),
  authorId: z.string(),
  status: z.enum(BOOK_EDIT_STATUS_VALUES),
  changes: bookEditFieldsSchema,
  previous: bookEditFieldsSchema,
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The admin's reason, when rejected. */
  reason: z.string(),
});
export type BookEdit = z.infer<typeof bookEditSchema>;

/** Answer of `POST /api/books/:id/edit`. */
export const bookEditAnswerSchema = z.object({ message: z.string(), edit: bookEditSchema });
export type BookEditAnswer = z.infer<typeof bookEditAnswerSchema>;

/** Answer of `PUT /api/books/:id` and `DELETE /api/books/:id`. */
export const bookChangeAnswerSchema = z.object({ message: z.string(), book: bookSchema });
export type BookChangeAnswer = z.infer<typeof bookChangeAnswerSchema>;
