import { z } from 'zod';
import { objectIdSchema, queryInt } from './fields';
import { preflightReportSchema } from './preflight';
import { printCostQuoteSchema } from './print-cost';
import { VALIDATION_HE } from './validation-messages.he';
import { AUTHOR_GENDERS, BOOK_SORTS, PRICE_BANDS } from './terms';

/**
 * Query of `GET /api/books`: paging for the grids, a category, a sort, and the catalogue's
 * filters: `q` (Hebrew-aware, over title, author name and tags, as `GET /api/books/search`) and a
 * price band.
 */
export const bookListQuerySchema = z.strictObject({
  page: queryInt({ min: 1, max: 10_000, fallback: 1, message: VALIDATION_HE.pageInvalid }),
  limit: queryInt({ min: 1, max: 100, fallback: 20, message: VALIDATION_HE.limitInvalid }),
  category: z
    .string({ error: VALIDATION_HE.categoryInvalid })
    .max(100, VALIDATION_HE.categoryInvalid)
    .optional(),
  sort: z.enum(BOOK_SORTS, { error: VALIDATION_HE.sortInvalid }).optional(),
  /** A book to leave out (the related-books carousel of a book page). */
  exclude: objectIdSchema.optional(),
  /** Words to find in the title, the author's name or the tags; empty means no search. */
  q: z
    .string({ error: VALIDATION_HE.searchTooLong })
    .trim()
    .max(100, VALIDATION_HE.searchTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
  price: z.enum(PRICE_BANDS, { error: VALIDATION_HE.priceBandInvalid }).optional(),
});
export type BookListQuery = z.output<typeof bookListQuerySchema>;

/** Query of `GET /api/books/search` and `GET /api/authors/search`. */
export const searchQuerySchema = z.strictObject({
  q: z
    .string({ error: VALIDATION_HE.searchRequired })
    .trim()
    .min(1, VALIDATION_HE.searchRequired)
    .max(100, VALIDATION_HE.searchTooLong),
  limit: queryInt({ min: 1, max: 50, fallback: 10, message: VALIDATION_HE.limitInvalid }),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** Query of `GET /api/comments?bookId=`. */
export const commentsQuerySchema = z.strictObject({ bookId: objectIdSchema });

/** The author of a book as a book answer carries it. */
export const bookAuthorRefSchema = z.object({ _id: z.string(), name: z.string() });

/** A book as the public catalogue shows it (spec §3). */
export const bookSchema = z.object({
  _id: z.string(),
  title: z.string(),
  coverImage: z.string(),
  author: bookAuthorRefSchema,
  authorName: z.string(),
  category: z.string(),
  price: z.number(),
  description: z.string(),
  summary: z.string(),
  rating: z.number(),
  totalRatings: z.number().int(),
  isAvailable: z.boolean(),
  tags: z.array(z.string()),
  publishedDate: z.string().nullable(),
  salesCount: z.number().int(),
  createdAt: z.string(),
  /**
   * Whether the book has an excerpt to read (`GET /api/books/{id}/excerpt`: the first pages the
   * worker cuts from the upload). Always in the API's answers; absent from books kept from before
   * it existed (a cart in local storage), which read as having none.
   */
  hasExcerpt: z.boolean().optional(),
  /**
   * What the book's print specification says (the page shows it): pages (null when unknown), trim
   * size in mm, paper grammage, colour or black and white, reading direction. Absent in answers
   * from before it was added.
   */
  printSpec: z
    .object({
      pages: z.number().int().nullable(),
      trim: z.object({ name: z.string(), widthMm: z.number(), heightMm: z.number() }).nullable(),
      paper: z.string().nullable(),
      printing: z.enum(['bw', 'color']).nullable(),
      readingDirection: z.enum(['rtl', 'ltr']).nullable(),
    })
    .optional(),
  /**
   * Moderation, in the answers its author (or an admin) gets: `pending` until approved, then
   * `approved`, or `rejected` with the reason. Absent from public answers.
   */
  approvalStatus: z.enum(['pending', 'approved', 'rejected']).optional(),
  moderationReason: z.string().optional(),
  /**
   * The book's sales in shekels (gross, the ledger's sales less reversals), in the answers its
   * author gets, beside `salesCount` counted the same way — as the earnings page shows them.
   */
  salesRevenue: z.number().optional(),
  /** The print preflight's report of the latest upload (`PreflightReport`), for its author only. */
  preflight: preflightReportSchema.nullable().optional(),
  /**
   * The print partner's quote for one copy, for its author and the admins; null while none is
   * known (the partner was unreachable, or the page count is not known yet).
   */
  printCost: printCostQuoteSchema.nullable().optional(),
  /**
   * The book's newest edit when it still waits for approval or was rejected (in the list its
   * author gets): its state, when it was sent, the fields it changes and an admin's reason.
   */
  latestEdit: z
    .object({
      status: z.enum(['pending_approval', 'rejected']),
      submittedAt: z.string(),
      changed: z.array(z.enum(['title', 'price', 'summary', 'tags'])),
      reason: z.string(),
    })
    .nullable()
    .optional(),
});
export type Book = z.infer<typeof bookSchema>;

/** Answer of `GET /api/books`: one page of books and the total for the grid. */
export const bookPageSchema = z.object({
  books: z.array(bookSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
});
export type BookPage = z.infer<typeof bookPageSchema>;

/** One entry of `GET /api/books/categories`. */
export const categoryCountSchema = z.object({
  category: z.string(),
  name: z.string(),
  count: z.number().int(),
});
export type CategoryCount = z.infer<typeof categoryCountSchema>;

export const authorGenderSchema = z.enum(AUTHOR_GENDERS);
export type AuthorGender = z.infer<typeof authorGenderSchema>;

/** An author's public profile with aggregates computed from the books (spec §3). */
export const authorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  bio: z.string(),
  avatar: z.string(),
  genres: z.array(z.string()),
  booksCount: z.number().int(),
  averageRating: z.number(),
  totalSales: z.number().int(),
  joinDate: z.string(),
  email: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The author's links from their profile (empty when none, or when the profile is private). */
  website: z.string().optional(),
  socialMedia: z
    .object({
      facebook: z.string(),
      twitter: z.string(),
      instagram: z.string(),
      linkedin: z.string(),
    })
    .optional(),
  languages: z.array(z.string()).optional(),
  /** How to speak of the author (absent when the author has not said). */
  gender: authorGenderSchema.optional(),
});
export type Author = z.infer<typeof authorSchema>;

/** An approved review as `GET /api/books/:id/comments` shows it. */
export const reviewSchema = z.object({
  _id: z.string(),
  bookId: z.string(),
  authorName: z.string(),
  content: z.string(),
  rating: z.number(),
  createdAt: z.string(),
  isApproved: z.boolean(),
  /** The review's title (issue 24); empty on reviews written before titles. */
  title: z.string().optional(),
  /** Written by a reader whose order of the book was delivered ('רכישה מאומתת'). */
  verifiedPurchase: z.boolean().optional(),
  /** How many readers marked it helpful. */
  helpfulCount: z.number().int().min(0).optional(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Answer of `GET /api/stats`. */
export const siteStatsSchema = z.object({
  authors: z.number().int(),
  books: z.number().int(),
  /** Shekels given to the community fund: the ledger's total once it passes the spec's figure. */
  donated: z.number(),
});
export type SiteStats = z.infer<typeof siteStatsSchema>;
