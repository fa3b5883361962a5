import { z } from 'zod';
import { reviewSchema } from './catalogue';
import { REVIEW_LIMITS } from './terms';

/*
 * Readers' reviews of books they bought (issue 24, spec §2-§4, §7): written on the book page by a
 * reader whose order of the book was delivered, moderated by an admin, then shown with the
 * verified-purchase mark; other readers may mark one helpful or report it.
 */

/** Hebrew messages of the review schemas, shared by the book page's form and the server. */
export const REVIEW_VALIDATION_HE = {
  ratingInvalid: 'יש לבחור דירוג בין כוכב אחד לחמישה כוכבים, בחצאי כוכב',
  titleRequired: 'יש לכתוב כותרת לביקורת',
  titleTooShort: `הכותרת קצרה מדי (לפחות ${REVIEW_LIMITS.titleMin} תווים)`,
  titleTooLong: `הכותרת ארוכה מדי (עד ${REVIEW_LIMITS.titleMax} תווים)`,
  contentRequired: 'יש לכתוב את הביקורת',
  contentTooShort: `הביקורת קצרה מדי (לפחות ${REVIEW_LIMITS.contentMin} תווים)`,
  contentTooLong: `הביקורת ארוכה מדי (עד ${REVIEW_LIMITS.contentMax} תווים)`,
  reasonRequired: 'יש לכתוב מה הבעיה בביקורת',
  reasonTooShort: `נא לפרט מעט יותר (לפחות ${REVIEW_LIMITS.reportReasonMin} תווים)`,
  reasonTooLong: `הדיווח ארוך מדי (עד ${REVIEW_LIMITS.reportReasonMax} תווים)`,
} as const;

const V = REVIEW_VALIDATION_HE;

/** The rating scale of spec §9: 1 to 5 stars in half stars. */
export const reviewRatingSchema = z
  .number({ error: V.ratingInvalid })
  .min(1, V.ratingInvalid)
  .max(5, V.ratingInvalid)
  .refine((n) => Number.isInteger(n * 2), V.ratingInvalid);

/** Body of `POST /api/books/:id/comments` and `PUT /api/comments/:id`. */
export const reviewWriteSchema = z.strictObject({
  rating: reviewRatingSchema,
  title: z
    .string({ error: V.titleRequired })
    .trim()
    .min(REVIEW_LIMITS.titleMin, V.titleTooShort)
    .max(REVIEW_LIMITS.titleMax, V.titleTooLong),
  content: z
    .string({ error: V.contentRequired })
    .trim()
    .min(REVIEW_LIMITS.contentMin, V.contentTooShort)
    .max(REVIEW_LIMITS.contentMax, V.contentTooLong),
});
export type ReviewWrite = z.infer<typeof reviewWriteSchema>;

/** Body of `POST /api/comments/:id/report`. */
export const reviewReportSchema = z.strictObject({
  reason: z
    .string({ error: V.reasonRequired })
    .trim()
    .min(REVIEW_LIMITS.reportReasonMin, V.reasonTooShort)
    .max(REVIEW_LIMITS.reportReasonMax, V.reasonTooLong),
});
export type ReviewReport = z.infer<typeof reviewReportSchema>;

/** Where a reader's own review stands. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The reader's own review of a book, whatever its moderation state. */
export const myReviewSchema = z.object({
  _id: z.string(),
  bookId: z.string(),
  rating: z.number(),
  title: z.string(),
  content: z.string(),
  status: z.enum(REVIEW_STATUSES),
  /** What the admin wrote when rejecting it; empty otherwise. */
  rejectionReason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/**
 * Answer of `GET /api/books/:id/comments/mine`: the reader's review of the book, if any, and
 * whether they may write one (with the Hebrew reason when not).
 */
export const myBookReviewSchema = z.object({
  review: myReviewSchema.nullable(),
  canReview: z.boolean(),
  reason: z.string().optional(),
});
export type MyBookReview = z.infer<typeof myBookReviewSchema>;

/** Answer of a review's create or edit: the review as stored and a Hebrew message. */
export const reviewWriteAnswerSchema = z.object({
  message: z.string(),
  review: myReviewSchema,
});
export type ReviewWriteAnswer = z.infer<typeof reviewWriteAnswerSchema>;

/** Answer of a delete, a helpful mark or a report. */
export const reviewActionAnswerSchema = z.object({
  message: z.string(),
  helpfulCount: z.number().int().min(0).optional(),
});
export type ReviewActionAnswer = z.infer<typeof reviewActionAnswerSchema>;

/**
 * `review-decided`: tells the reader an admin approved or rejected their review (with the
 * reason); the mail names the book and links to its page.
 */
export const reviewDecidedMailSchema = z.strictObject({
  template: z.literal('review-decided'),
  to: z.email().max(254),
  readerName: z.string().max(120),
  bookId: z.string().regex(/^[a-f\d]{24}$/i),
  bookTitle: z.string().min(1).max(300),
  reviewTitle: z.string().max(REVIEW_LIMITS.titleMax),
  decision: z.enum(['approved', 'rejected']),
  reason: z.string().max(1000).optional(),
});
export type ReviewDecidedMail = z.infer<typeof reviewDecidedMailSchema>;

/** An approved review on its author's page (`GET /api/authors/:id/comments`): names its book. */
export const authorReviewSchema = reviewSchema.extend({ bookTitle: z.string() });
export type AuthorReview = z.infer<typeof authorReviewSchema>;
