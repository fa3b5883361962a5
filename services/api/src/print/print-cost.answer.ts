import type { PrintCostQuote } from '@mechabrim/contracts';
import { agorot, lowestPriceCovering, toShekels, type SplitPolicy } from '@mechabrim/money';

/** A print cost quote as the book stores it (`printCost` of the books schema). */
export interface StoredPrintCost {
  agorot: number;
  quotedAt: Date;
  podPackageId: string;
  pages: number;
}

/**
 * A stored quote as its author and the admins see it, in shekels, with the lowest price that
 * carries it under `policy` (null: no quote yet).
 */
export function toPrintCostAnswer(
  cost: StoredPrintCost | null | undefined,
  policy: SplitPolicy,
): PrintCostQuote | null {
  if (!cost) return null;
  return {
    perCopy: toShekels(agorot(cost.agorot)),
    quotedAt: cost.quotedAt.toISOString(),
    podPackageId: cost.podPackageId,
    pages: cost.pages,
    lowestPrice: toShekels(lowestPriceCovering(policy, agorot(cost.agorot))),
  };
}
