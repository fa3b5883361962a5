import { type Agorot, percentOf, shekels } from './agorot';

/** Share of a cart's or an order's total shown and recorded as the community donation (spec §1, §9). */
export const DONATION_PERCENT = 10;

/**
 * The community donation of a cart or an order: {@link DONATION_PERCENT} % of its total, rounded
 * once, to the nearest agora (spec §9: "rounded to two decimals"). Always pass the whole total —
 * rounding each line's donation and adding them up can drift by an agora per line.
 */
export function donationOf(total: Agorot): Agorot {
  return percentOf(total, DONATION_PERCENT);
}

/**
 * The community donation policy's own reading (spec §1, the donation policy page): a share of the
 * profits of certain sales, not of every purchase. Kept as a figure for that page's text; no sale
 * is computed with it.
 */
export const DONATION_POLICY_PROFIT_PERCENT = 5;

/**
 * The "shekels donated" figure of the home and how-it-works pages as spec §1 and §9 fix it. The
 * API's `/api/stats` answers the ledger's community total instead once it is larger; the pages
 * show this figure until that answer arrives.
 */
export const DONATED_TO_DATE: Agorot = shekels(5642);
