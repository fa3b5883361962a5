import type { Settled } from './group-commit';
import { isPaid } from './split-plan';
import type { OrderSplitOutcome, PlannedWrite, SplitEffect } from './split-types';

const key = (write: PlannedWrite) => write.order._id.toHexString();

/** What the write stage's claim found of the orders it meant to claim (by order id: status). */
export interface ClaimResult {
  /** Cancelled since the read: not claimed, their entries to reverse. */
  lost: ReadonlyMap<string, string>;
  /** Claimed by another delivery of the same order running beside this one. */
  claimedElsewhere: ReadonlyMap<string, string>;
}

/** The first write of each order in a batch: two jobs of one order (two deliveries), one write. */
export function firstPerOrder(writes: readonly PlannedWrite[]): Map<string, PlannedWrite> {
  const first = new Map<string, PlannedWrite>();
  for (const write of writes) if (!first.has(key(write))) first.set(key(write), write);
  return first;
}

/** An order this write did not claim and must not: cancelled before its claim. */
export const unclaimed = (write: PlannedWrite, claim: ClaimResult) =>
  write.kind === 'reverse' || claim.lost.has(key(write));

/**
 * The outbox rows the write stage writes (ARCHITECTURE.md decision 16): every order's counts (the
 * ledger changed, or may have), and the mails of the orders claimed and still sold — none for an
 * order cancelled before its claim, or one another delivery claimed and a cancellation took since.
 */
export function effectsToWrite(writes: readonly PlannedWrite[], claim: ClaimResult): SplitEffect[] {
  return writes.flatMap((write) => {
    const elsewhere = claim.claimedElsewhere.get(key(write));
    const sold = !unclaimed(write, claim) && (elsewhere === undefined || isPaid(elsewhere));
    return [...(sold ? write.mails : []), ...write.counts];
  });
}

/**
 * Each job's outcome, in order: `split` (with its entries) for the delivery that claimed the
 * order, `already-split` for any other delivery or a resumed order, `not-sold` for one cancelled
 * before its claim.
 */
export function outcomesOf(
  writes: readonly PlannedWrite[],
  first: ReadonlyMap<string, PlannedWrite>,
  claim: ClaimResult,
): Settled<OrderSplitOutcome>[] {
  return writes.map((write): Settled<OrderSplitOutcome> => {
    if (first.get(key(write)) !== write || write.kind === 'resume') {
      return { ok: true, value: { outcome: 'already-split' } };
    }
    if (claim.claimedElsewhere.has(key(write))) {
      return { ok: true, value: { outcome: 'already-split' } };
    }
    if (write.kind === 'reverse') {
      return { ok: true, value: { outcome: 'not-sold', status: write.order.status } };
    }
    const status = claim.lost.get(key(write));
    return {
      ok: true,
      value:
        status === undefined
          ? { outcome: 'split', entries: write.entries.length }
          : { outcome: 'not-sold', status },
    };
  });
}
