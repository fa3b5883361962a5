/**
 * How each purchase is split, in percent of the price (spec §1, §2): the author (printing and
 * shipping come out of this share), the community projects, the site's upkeep. The home page's
 * bar, its legend and texts, the book page's donation line and 'how it works' read it from here.
 * (No contract or service computes the split, so it lives with the screens that show it.)
 */
export const MONEY_SPLIT = { author: 85, community: 10, platform: 5 } as const;

export type MoneySplitPart = keyof typeof MONEY_SPLIT;
export const MONEY_SPLIT_PARTS: readonly MoneySplitPart[] = ['author', 'community', 'platform'];
