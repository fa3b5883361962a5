import { parsePodPackageId } from './pod-package';

/**
 * The local print simulator's price list (tools/print-simulator answers its cost calculations and
 * print jobs from it; tools/demo-data quotes the demo books by it). A real partner quotes from its
 * own list: the API and the worker only ever read a quote or a charge through the print port. All
 * amounts are whole agorot (ILS), tax included (the simulator charges no further tax).
 *
 * | part                        | amount                                                  |
 * | --------------------------- | ------------------------------------------------------- |
 * | per copy (cover, binding)   | A5 `0583X0827` 9.00 ₪ · 13.5 × 21 `0531X0827` 8.50 ₪ · other trims 10.00 ₪ |
 * | per interior page           | black and white `BW` 0.03 ₪ · colour `FC` 0.12 ₪        |
 * | paper, per page             | `060UW444` (our 70 g) 0 · `080CW444` (80/90 g) 0.01 ₪ · other papers 0.02 ₪ |
 * | shipping, per job           | MAIL 15 ₪ · GROUND, GROUND_HD, GROUND_BUS 19 ₪ · EXPEDITED 29 ₪ · EXPRESS 39 ₪ · PRIORITY_MAIL 60 ₪ |
 * | shipping, per copy          | MAIL 2 ₪ · GROUND* 2.50 ₪ · EXPEDITED 3 ₪ · EXPRESS 4 ₪ · PRIORITY_MAIL 12 ₪ |
 *
 * So an A5, 200-page, black-and-white book on 70 g paper costs 9 + 200 × 0.03 = 15.00 ₪ a copy.
 */
export const SIMULATOR_PRICE_TABLE = {
  perCopyByTrim: { '0583X0827': 900, '0531X0827': 850 } as Readonly<Record<string, number>>,
  perCopyOtherTrim: 1000,
  perPageByColour: { BW: 3, FC: 12 },
  perPageByPaper: { '060UW444': 0, '080CW444': 1 } as Readonly<Record<string, number>>,
  perPageOtherPaper: 2,
  shippingByLevel: {
    MAIL: { perJob: 1500, perCopy: 200 },
    GROUND: { perJob: 1900, perCopy: 250 },
    GROUND_HD: { perJob: 1900, perCopy: 250 },
    GROUND_BUS: { perJob: 1900, perCopy: 250 },
    EXPEDITED: { perJob: 2900, perCopy: 300 },
    EXPRESS: { perJob: 3900, perCopy: 400 },
    PRIORITY_MAIL: { perJob: 6000, perCopy: 1200 },
  } as Readonly<Record<string, { perJob: number; perCopy: number }>>,
} as const;

/**
 * One copy's print cost by {@link SIMULATOR_PRICE_TABLE}, in agorot; null for a product code
 * that is not one or a page count that is not a positive whole number.
 */
export function tablePrintCostPerCopy(podPackageId: string, pages: number): number | null {
  const product = parsePodPackageId(podPackageId);
  if (!product || !Number.isInteger(pages) || pages < 1) return null;
  const t = SIMULATOR_PRICE_TABLE;
  const perCopy = t.perCopyByTrim[product.trim] ?? t.perCopyOtherTrim;
  const perPage =
    t.perPageByColour[product.colour] + (t.perPageByPaper[product.paper] ?? t.perPageOtherPaper);
  return perCopy + perPage * pages;
}

/** Shipping of a job of `copies` copies at a shipping level, in agorot; null for an unknown level. */
export function tableShippingCost(level: string, copies: number): number | null {
  const rate = SIMULATOR_PRICE_TABLE.shippingByLevel[level];
  if (!rate || !Number.isInteger(copies) || copies < 1) return null;
  return rate.perJob + rate.perCopy * copies;
}
