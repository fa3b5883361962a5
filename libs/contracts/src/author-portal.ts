import { isWholeAgorot, SHIPPING_METHODS } from '@mechabrim/money';
import { z } from 'zod';
import { objectIdSchema, queryInt } from './fields';
import { MAX_BOOK_PRICE, BOOK_UPLOAD_HE } from './book-options';
import { AUTHOR_GENDERS, authorGenderSchema, bookSchema } from './catalogue';
import { VALIDATION_HE } from './validation-messages.he';

/*
 * The author portal's calls (spec §7, issue 12): hide/show, delete and edit of an author's own
 * book, the author's stats, orders and earnings, the author profile, and the admins' moderation.
 * Money in answers is in shekels (two decimals, from agorot through `@mechabrim/money`).
 */

/** Hebrew messages of the portal's schemas, shared by its forms and the server. */
export const PORTAL_VALIDATION_HE = {
  titleRequired: 'שם הספר הוא שדה חובה',
  titleTooLong: 'שם הספר ארוך מדי (עד 300 תווים)',
  priceRequired: BOOK_UPLOAD_HE.priceRequired,
  priceInvalid: 'המחיר חייב להיות מספר לא שלילי עם עד שתי ספרות אחרי הנקודה',
  priceTooHigh: BOOK_UPLOAD_HE.priceTooHigh,
  summaryTooLong: 'התיאור ארוך מדי (עד 5000 תווים)',
  tagsInvalid: 'אפשר עד 30 תגיות, כל אחת עד 50 תווים',
  statusInvalid: 'עריכה נשלחת לאישור בלבד (pending_approval)',
  availabilityRequired: 'יש לציין אם הספר זמין (isAvailable)',
  urlInvalid: 'נא להזין כתובת אתר מלאה שמתחילה ב־https:// או http://',
  listInvalid: 'אפשר עד 20 ערכים, כל אחד עד 60 תווים',
  experienceTooLong: 'תיאור הניסיון ארוך מדי (עד 2000 תווים)',
  genderInvalid: 'לשון הפנייה יכולה להיות נקבה, זכר או לא לציין',
  reasonRequired: 'יש לכתוב לסופרים את סיבת הדחייה',
  reasonTooLong: 'הסיבה ארוכה מדי (עד 1000 תווים)',
  orderStatusInvalid: 'סטטוס ההזמנה אינו מוכר',
} as const;

const M = PORTAL_VALIDATION_HE;

/** A list typed as comma-separated text or sent as an array: trimmed, empties dropped (spec §5). */
const commaList = (maxItems: number, maxLength: number, message: string) =>
  z
    .union([
      z.string({ error: message }),
      z.array(z.string({ error: message }), { error: message }),
    ])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(','))
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    )
    .pipe(z.array(z.string().max(maxLength, message)).max(maxItems, message));

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

/** Answer of `GET /api/stats/author` (spec §3 "Author stats response"); money in shekels. */
export const authorStatsSchema = z.object({
  totalBooks: z.number().int(),
  activeBooks: z.number().int(),
  pendingBooks: z.number().int(),
  /** Copies sold (the ledger: sales less reversals). */
  totalSales: z.number().int(),
  /** The author's earnings to date (the ledger's author entries). */
  totalRevenue: z.number(),
  /**
   * Earnings the monthly payout has not paid yet (the 15th, from 100 ₪; spec §9), including
   * `expectedRevenue`.
   */
  pendingRevenue: z.number(),
  /**
   * The author's expected share of paid orders the ledger has not split yet (the split policy's
   * estimate; final once the worker writes the split).
   */
  expectedRevenue: z.number(),
  /** Copies sold this month (Israel time). */
  monthlySales: z.number().int(),
  monthlyRevenue: z.number(),
});
export type AuthorStats = z.infer<typeof authorStatsSchema>;

/**
 * Order statuses the author view shows (spec §4), with the reader's words (`ORDER_STATUS_HE`);
 * anything else reads as pending. The 'pending' tab holds the paid orders too (not in processing yet).
 */
export const AUTHOR_ORDER_STATUSES = [
  'pending',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type AuthorOrderStatus = (typeof AUTHOR_ORDER_STATUSES)[number];

/**
 * An order as its author sees it (spec §3 "Order (author view)"): only the author's own lines;
 * `totalAmount` and `donationAmount` are of those lines, `authorRevenue` what the ledger gives the
 * author for them; for a paid order whose split is not written yet, what the split policy will give
 * (`authorRevenueExpected`), so the portal shows it as not yet final.
 */
export const authorOrderSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  status: z.enum(AUTHOR_ORDER_STATUSES),
  user: z.object({ name: z.string(), email: z.string() }),
  shippingAddress: z.object({ street: z.string(), city: z.string() }),
  books: z.array(
    z.object({
      book: z.object({
        _id: z.string(),
        author: z.string(),
        title: z.string(),
        coverImage: z.string(),
      }),
      quantity: z.number().int(),
      price: z.number(),
      lineTotal: z.number(),
      /**
       * The print cost of one copy, in shekels, taken out of the author's share: what the split
       * deducted (the book's quote at the sale), or before the split the book's quote; null when
       * the book has none.
       */
      printCostPerCopy: z.number().nullable(),
    }),
  ),
  totalAmount: z.number(),
  donationAmount: z.number(),
  authorRevenue: z.number(),
  /** True while `authorRevenue` is the split policy's estimate, before the ledger has it. */
  authorRevenueExpected: z.boolean(),
  paymentMethod: z.string(),
  trackingNumbers: z.array(z.string()),
  /**
   * How the order travels (null for orders stored before shipping was chosen; absent from older
   * answers): a self-pickup order's `shipped` and `delivered` read 'ready for pickup' and 'picked
   * up', and it has no post tracking.
   */
  shippingMethod: z.enum(SHIPPING_METHODS).nullable().optional(),
});
export type AuthorOrder = z.infer<typeof authorOrderSchema>;

/** Answer of `GET /api/orders/author`: one page, newest first, and the count of every tab. */
export const authorOrdersPageSchema = z.object({
  orders: z.array(authorOrderSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
  counts: z.object({
    all: z.number().int(),
    pending: z.number().int(),
    processing: z.number().int(),
    shipped: z.number().int(),
    delivered: z.number().int(),
    cancelled: z.number().int(),
  }),
});
export type AuthorOrdersPage = z.infer<typeof authorOrdersPageSchema>;

/** Query of `GET /api/orders/author`. */
export const authorOrdersQuerySchema = z.strictObject({
  page: queryInt({ min: 1, max: 10_000, fallback: 1, message: VALIDATION_HE.pageInvalid }),
  limit: queryInt({ min: 1, max: 100, fallback: 20, message: VALIDATION_HE.limitInvalid }),
  status: z.enum(AUTHOR_ORDER_STATUSES, { error: M.orderStatusInvalid }).optional(),
});
export type AuthorOrdersQuery = z.output<typeof authorOrdersQuerySchema>;

const earningsMoney = {
  grossRevenue: z.number(),
  salesAfterTax: z.number(),
  vat: z.number(),
  communityContribution: z.number(),
  platformFee: z.number(),
  fixedFee: z.number(),
  netEarnings: z.number(),
};

/** Answer of `GET /api/earnings/author` (spec §3 "Earnings response"); shekels, from the ledger. */
export const earningsSchema = z.object({
  totalEarnings: z.number(),
  monthlyEarnings: z.number(),
  totalCommunityContributions: z.number(),
  totalOrders: z.number().int(),
  /** Oldest month first; `month` is `YYYY-MM` in Israel time. */
  monthlyBreakdown: z.array(
    z.object({
      month: z.string(),
      ...earningsMoney,
      /** The VAT rates of the month's sales (each sale at the rate in force on its date). */
      vatPercents: z.array(z.number().int()),
    }),
  ),
  /** The sum of the rows. */
  totals: z.object(earningsMoney),
  topSellingBooks: z.array(
    z.object({
      bookId: z.string(),
      title: z.string(),
      sales: z.number().int(),
      revenue: z.number(),
    }),
  ),
  /** The VAT rate in force today. */
  vatPercent: z.number().int(),
  /** The VAT rates the table used, ascending; today's rate when it has no sales yet. */
  vatPercents: z.array(z.number().int()).min(1),
  /** The configured split policy's shares (whole percent) the ledger books sales by. */
  splitShares: z.object({
    author: z.number().int(),
    community: z.number().int(),
    platform: z.number().int(),
  }),
  currency: z.literal('ILS'),
});
export type Earnings = z.infer<typeof earningsSchema>;

/** Answer of `GET /api/earnings/test`: the earnings service answers. */
export const earningsTestSchema = z.object({ ok: z.literal(true), message: z.string() });
export type EarningsTest = z.infer<typeof earningsTestSchema>;

/**
 * The address as a link may carry it: an absolute http(s) URL with a host, as typed; anything
 * else (`javascript:`, `data:`, a bare word, a URL with credentials) gives `''`. The API applies
 * it to every stored link it answers and the storefront again before it renders one.
 */
export function safeHttpUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 300) return '';
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
    if (!url.hostname || url.username || url.password) return '';
    return value.trim();
  } catch {
    return '';
  }
}

/** A link of the profile: an http(s) address, or empty to remove it. */
const profileUrl = z
  .string({ error: M.urlInvalid })
  .trim()
  .max(300, M.urlInvalid)
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !!url.hostname;
    } catch {
      return false;
    }
  }, M.urlInvalid);

/**
 * Body of `PUT /api/authors/me/profile` (spec §3 "Author profile"): every part optional, what is
 * sent replaces what was stored. Genres and languages may be comma-separated text; `gender` is
 * the grammatical gender the storefront speaks of the author in.
 */
export const authorProfileRequestSchema = z.strictObject({
  website: profileUrl.optional(),
  socialMedia: z
    .strictObject({
      facebook: profileUrl.optional(),
      twitter: profileUrl.optional(),
      instagram: profileUrl.optional(),
      linkedin: profileUrl.optional(),
    })
    .optional(),
  authorInfo: z
    .strictObject({
      genres: commaList(20, 60, M.listInvalid).optional(),
      languages: commaList(20, 60, M.listInvalid).optional(),
      experience: z.string().trim().max(2000, M.experienceTooLong).optional(),
      awards: commaList(20, 60, M.listInvalid).optional(),
    })
    .optional(),
  preferences: z
    .strictObject({
      notifications: z.boolean().optional(),
      newsletter: z.boolean().optional(),
      publicProfile: z.boolean().optional(),
    })
    .optional(),
  /** How the storefront speaks of the author; `''` or `null` clears it (neutral text). */
  gender: z
    .enum([...AUTHOR_GENDERS, ''], { error: M.genderInvalid })
    .nullable()
    .optional(),
});
export type AuthorProfileRequest = z.output<typeof authorProfileRequestSchema>;

/** The author's whole profile, as saved (answer of `GET`/`PUT /api/authors/me/profile`). */
export const authorProfileSchema = z.object({
  website: z.string(),
  socialMedia: z.object({
    facebook: z.string(),
    twitter: z.string(),
    instagram: z.string(),
    linkedin: z.string(),
  }),
  authorInfo: z.object({
    genres: z.array(z.string()),
    languages: z.array(z.string()),
    experience: z.string(),
    awards: z.array(z.string()),
  }),
  preferences: z.object({
    notifications: z.boolean(),
    newsletter: z.boolean(),
    publicProfile: z.boolean(),
  }),
  /** Absent when the author has not chosen one. */
  gender: authorGenderSchema.optional(),
});
export type AuthorProfile = z.infer<typeof authorProfileSchema>;

/** Answer of `PUT /api/authors/me/profile`: the profile as saved and a message. */
export const authorProfileAnswerSchema = authorProfileSchema.extend({ message: z.string() });
export type AuthorProfileAnswer = z.infer<typeof authorProfileAnswerSchema>;

/** Body of an approve or reject: a reject needs the reason the author will read. */
export const moderationDecisionSchema = z.strictObject({
  reason: z.string({ error: M.reasonRequired }).trim().max(1000, M.reasonTooLong).optional(),
});
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
