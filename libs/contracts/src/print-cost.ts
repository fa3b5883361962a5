import { z } from 'zod';

/**
 * A book's print cost quote, as its author and the admins see it (and `GET /api/print/quote`
 * answers): the partner's cost of one printed copy in shekels, when it was quoted, the product it
 * was quoted for, and the lowest price whose author share covers it under the split policy.
 */
export const printCostQuoteSchema = z.object({
  perCopy: z.number(),
  quotedAt: z.string(),
  podPackageId: z.string(),
  pages: z.number().int(),
  lowestPrice: z.number(),
});
export type PrintCostQuote = z.infer<typeof printCostQuoteSchema>;
