import { z } from 'zod';
import { accountTokenSchema } from './auth';

/**
 * Following an author (issue 24): `POST`/`DELETE /api/authors/:id/follow`, `GET /api/me/follows`,
 * and the daily mail of new books by followed authors with its unsubscribe link.
 */

/** One followed author as the profile lists them. */
export const followedAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string(),
  followedAt: z.string(),
});
export type FollowedAuthor = z.infer<typeof followedAuthorSchema>;

/** `GET /api/me/follows`: the followed authors, newest first, and whether their mail is wanted. */
export const followsAnswerSchema = z.object({
  authors: z.array(followedAuthorSchema),
  /** False after the reader unsubscribed from the new-books mail (following again turns it on). */
  mails: z.boolean(),
});
export type FollowsAnswer = z.infer<typeof followsAnswerSchema>;

/** Answer of follow and unfollow: where the reader stands now, and a Hebrew message. */
export const followStateSchema = z.object({
  authorId: z.string(),
  following: z.boolean(),
  message: z.string(),
});
export type FollowState = z.infer<typeof followStateSchema>;

/** Body of `POST /api/follows/unsubscribe`: the token from the mail's link (no sign-in needed). */
export const unsubscribeRequestSchema = z.strictObject({ token: accountTokenSchema });
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;

/** How long a new-books mail's unsubscribe link works. */
export const UNSUBSCRIBE_TTL_DAYS = 60;

/** The most books one new-books mail lists (the rest are on the authors' pages). */
export const NEW_BOOKS_MAIL_MAX_BOOKS = 20;

/** A calendar day in Israel, `YYYY-MM-DD`. */
export const israelDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * `new-books`: once a day at most, the books first put on sale that day by authors the reader
 * follows. The unsubscribe token rides in the job and in the link's fragment only; the server
 * keeps its hash.
 */
export const newBooksMailSchema = z.strictObject({
  template: z.literal('new-books'),
  to: z.email().max(254),
  name: z.string().min(1).max(120),
  day: israelDaySchema,
  books: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-f\d]{24}$/i),
        title: z.string().min(1).max(300),
        authorName: z.string().max(120),
      }),
    )
    .min(1)
    .max(NEW_BOOKS_MAIL_MAX_BOOKS),
  unsubscribeToken: accountTokenSchema,
});

/** `follow-digests`: the daily run that mails each follower the day's new books. */
export const FOLLOW_QUEUE_NAMES = { followDigests: 'follow-digests' } as const;

/** Job name inside the `follow-digests` queue. */
export const FOLLOW_DIGEST_JOB = 'digest' as const;

/** Payload of a `follow-digests` job: the Israeli day whose new books to mail (else yesterday). */
export const followDigestsJobSchema = z.strictObject({ day: israelDaySchema.optional() });
export type FollowDigestsJob = z.infer<typeof followDigestsJobSchema>;

/** The job id of one reader's new-books mail of one day: a second add is a no-op. */
export const newBooksMailJobId = (userId: string, day: string) => `new-books-${userId}-${day}`;
