import { z } from 'zod';
import { queryInt } from '../fields';
import { bookSchema } from '../catalogue';
import { VALIDATION_HE } from '../validation-messages.he';
import { bookEditSchema } from './book-edits';
import { PORTAL_VALIDATION_HE as M } from './portal-fields';

/**
 * Body of an approve or reject: a reject needs the reason the author will read. `seen` is the
 * version of a review the admin read (its `updatedAt`): approving refuses one edited since.
 */
export const moderationDecisionSchema = z.strictObject({
  reason: z.string({ error: M.reasonRequired }).trim().max(1000, M.reasonTooLong).optional(),
  seen: z.iso.datetime({ error: M.seenInvalid }).optional(),
});
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;
export const moderationRejectionSchema = z.strictObject({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, { error: M.reasonRequired, abort: true })
    .max(1000, M.reasonTooLong),
});
export type ModerationRejection = z.infer<typeof moderationRejectionSchema>;

/** A book waiting for approval, with the preflight report of its files when there is one. */
export const pendingBookSchema = bookSchema.extend({
  submittedAt: z.string(),
  /** The upload preflight's report (issue 11/12), as the worker stored it; null before it runs. */
  preflight: z.unknown().nullable(),
});
export type PendingBook = z.infer<typeof pendingBookSchema>;

/** An edit waiting for approval: the book's fields then and the proposed ones, side by side. */
export const pendingEditSchema = bookEditSchema.extend({
  bookTitle: z.string(),
  authorName: z.string(),
});
export type PendingEdit = z.infer<typeof pendingEditSchema>;

/** A review waiting for approval. */
export const pendingReviewSchema = z.object({
  _id: z.string(),
  bookId: z.string(),
  bookTitle: z.string(),
  authorName: z.string(),
  content: z.string(),
  rating: z.number(),
  createdAt: z.string(),
  /** This version of the review: approving it sends this back as `seen` (older reviews: none). */
  updatedAt: z.string().optional(),
  /** The review's title (issue 24); empty on older reviews. */
  title: z.string().optional(),
  verifiedPurchase: z.boolean().optional(),
  /** Readers' reports that sent it back to moderation, and the latest one's words. */
  reportCount: z.number().int().min(0).optional(),
  lastReportReason: z.string().optional(),
});
export type PendingReview = z.infer<typeof pendingReviewSchema>;

/** Answer of an approve or reject. */
export const moderationAnswerSchema = z.object({
  message: z.string(),
  status: z.enum(['approved', 'rejected']),
});
export type ModerationAnswer = z.infer<typeof moderationAnswerSchema>;

/** Query of the moderation lists. */
export const moderationListQuerySchema = z.strictObject({
  limit: queryInt({ min: 1, max: 200, fallback: 50, message: VALIDATION_HE.limitInvalid }),
});
export type ModerationListQuery = z.output<typeof moderationListQuerySchema>;
