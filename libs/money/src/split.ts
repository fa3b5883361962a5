import { type Agorot, agorot, lineTotal, minAgorot, percentOf, ZERO_AGOROT } from './agorot';

/*
 * How a sale is split between the author, the community and the platform. Spec §1 keeps several
 * readings; each is a SplitPolicy and configuration picks one (ARCHITECTURE.md decision 9).
 *
 * The rounding rule, the same for every policy: the community's and the platform's shares are
 * each rounded once to the nearest agora (halves up, `percentOf`), and the author gets the rest
 * of the line. So the parts always add up to the line exactly, the author's rounding is never
 * more than one agora, and under the 85/10/5 policy the community's share of a line is exactly
 * `donationOf(line)`. Print and shipping are then taken out of the share of whoever bears them
 * (never more than that share: an author is never owed a negative amount).
 */

/** Whether the copy sold is a file or a printed book. */
export type SaleFormat = 'digital' | 'physical';

/** One line of a sale: a unit price, how many copies and, for a printed book, what printing and
 * shipping those copies cost. */
export interface SaleLine {
  unitPrice: Agorot;
  quantity: number;
  format: SaleFormat;
  /** The print partner's cost for all the line's copies, shipping included. Zero if absent. */
  printAndShipping?: Agorot;
}

/** Who gets what of a line. `author + community + platform + printAndShipping` is the line total. */
export interface SaleSplit {
  author: Agorot;
  community: Agorot;
  platform: Agorot;
  /** Paid to the print partner, out of the share that bears it. */
  printAndShipping: Agorot;
  /** Print and shipping cost that the bearing share was too small to cover (normally zero). */
  uncoveredPrintAndShipping: Agorot;
}

/** Shares of a line in whole percent; they add up to 100. */
export interface SplitShares {
  author: number;
  community: number;
  platform: number;
}

/** A way of splitting sales (a strategy chosen by configuration). */
export interface SplitPolicy {
  readonly name: SplitPolicyName;
  /** The percentages for a format, for the screens that explain them. */
  shares(format: SaleFormat): SplitShares;
  /** Whose share print and shipping come out of. */
  readonly printAndShippingFrom: 'author' | 'platform';
  /** Splits one line; the parts add up exactly to `unitPrice × quantity`. */
  split(line: SaleLine): SaleSplit;
}

/** The names configuration may give (`SPLIT_POLICY`). */
export const SPLIT_POLICY_NAMES = ['community-first', 'compensation'] as const;
export type SplitPolicyName = (typeof SPLIT_POLICY_NAMES)[number];

function policy(
  name: SplitPolicyName,
  sharesByFormat: Record<SaleFormat, SplitShares>,
  printAndShippingFrom: 'author' | 'platform',
): SplitPolicy {
  for (const shares of Object.values(sharesByFormat)) {
    if (shares.author + shares.community + shares.platform !== 100) {
      throw new Error(`split policy ${name}: shares must add up to 100`);
    }
  }
  return {
    name,
    printAndShippingFrom,
    shares: (format) => sharesByFormat[format],
    split(line) {
      const total = lineTotal(line.unitPrice, line.quantity);
      const cost = line.printAndShipping ?? ZERO_AGOROT;
      if (total < 0 || cost < 0) throw new RangeError('a sale line cannot be negative');
      const shares = sharesByFormat[line.format];
      const community = percentOf(total, shares.community);
      let platform = percentOf(total, shares.platform);
      let author = agorot(total - community - platform);
      const bearer = printAndShippingFrom === 'author' ? author : platform;
      const printAndShipping = minAgorot(cost, bearer);
      if (printAndShippingFrom === 'author') author = agorot(author - printAndShipping);
      else platform = agorot(platform - printAndShipping);
      return {
        author,
        community,
        platform,
        printAndShipping,
        uncoveredPrintAndShipping: agorot(cost - printAndShipping),
      };
    },
  };
}

/**
 * 85 % author, 10 % community, 5 % platform, for every format; print and shipping come out of
 * the author's 85 % (spec §1: the home page, how it works, the author dashboard, the authors'
 * terms, and the about page's "10 % to charity, 5 % to the store, the rest to the author after
 * printing and shipping"). The product's default.
 */
export const communityFirst85_10_5: SplitPolicy = policy(
  'community-first',
  {
    digital: { author: 85, community: 10, platform: 5 },
    physical: { author: 85, community: 10, platform: 5 },
  },
  'author',
);

/**
 * The author-compensation policy page (spec §1): digital 70 % author, 20 % platform, 10 %
 * community; printed 60 % author, 25 % platform, 15 % community, with printing and shipping
 * inside the platform's 25 % (as that page says).
 */
export const compensationPolicy: SplitPolicy = policy(
  'compensation',
  {
    digital: { author: 70, community: 10, platform: 20 },
    physical: { author: 60, community: 15, platform: 25 },
  },
  'platform',
);

/** The policy used when configuration names none. */
export const DEFAULT_SPLIT_POLICY: SplitPolicyName = 'community-first';

const POLICIES: Record<SplitPolicyName, SplitPolicy> = {
  'community-first': communityFirst85_10_5,
  compensation: compensationPolicy,
};

/** Whether a configured value names a split policy (for environment validation). */
export function isSplitPolicyName(value: string): value is SplitPolicyName {
  return (SPLIT_POLICY_NAMES as readonly string[]).includes(value);
}

/**
 * The split policy configuration names. Throws `RangeError` listing the valid names for anything
 * else, so a typo stops the service at start instead of splitting money another way.
 */
export function selectSplitPolicy(name: string = DEFAULT_SPLIT_POLICY): SplitPolicy {
  if (!isSplitPolicyName(name)) {
    throw new RangeError(
      `unknown split policy "${name}"; expected one of: ${SPLIT_POLICY_NAMES.join(', ')}`,
    );
  }
  return POLICIES[name];
}

/** A sold order line as stored: whole agorot, the print partner's cost when the line carries one. */
export interface StoredSaleLine {
  quantity: number;
  priceAgorot: number;
  printAndShippingAgorot?: number | null;
}

/**
 * The split of a stored order line: every copy sold is a printed book, and the line's print and
 * shipping cost (none recorded: 0) comes out as the policy says. The one reading the worker books
 * into the ledger and the portal shows as expected before it has.
 */
export function splitSoldLine(policy: SplitPolicy, line: StoredSaleLine): SaleSplit {
  return policy.split({
    unitPrice: agorot(line.priceAgorot),
    quantity: line.quantity,
    format: 'physical',
    printAndShipping: agorot(line.printAndShippingAgorot ?? 0),
  });
}
