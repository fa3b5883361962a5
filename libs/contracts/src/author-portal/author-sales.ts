import { SHIPPING_METHODS } from '@mechabrim/money';
import { z } from 'zod';
import { queryInt } from '../fields';
import { VALIDATION_HE } from '../validation-messages.he';
import { PORTAL_VALIDATION_HE as M } from './portal-fields';

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
