import { agorot, type Agorot } from './agorot';

/*
 * The community fund (issue 23 item 7, spec's community page). The community's share of every
 * sale, and direct donations, gather in the fund; each payout run hands the fund's balance to
 * the active projects as allocations, paid in the same bank batch as the authors.
 */

/** A project as an allocation reads it: what it still needs to reach its target. */
export interface FundProject {
  id: string;
  /** The project's target, whole agorot. */
  targetAgorot: number;
  /** What the project has received so far (its allocations, less any returned by the bank). */
  receivedAgorot: number;
}

export interface FundAllocation {
  id: string;
  amount: Agorot;
}

/** What a project still needs: its target less what it received, never below 0. */
export function remainingOf(project: FundProject): Agorot {
  return agorot(Math.max(0, project.targetAgorot - project.receivedAgorot));
}

/**
 * The fund's `balance` shared among `projects`, in whole agorot.
 *
 * The rule: each project gets a share proportional to what it still needs (target less
 * received), never more than that — a project never goes above its target, so once every project
 * has reached its target the rest stays in the fund for the next run (and the projects to come).
 * When the balance covers everything the projects still need, each gets exactly its remainder.
 * Otherwise the whole balance is shared: every project first gets the whole agorot of its exact
 * share (floor), and the agorot left over by those floors go one each to the projects with the
 * largest fractions (largest-remainder method), ties to the earlier project in `projects`' order —
 * so the allocations add up to the balance exactly, and the same input always gives the same
 * answer. A balance of 0 or less allocates nothing; projects that need nothing or would get 0 are
 * left out of the answer.
 */
export function allocateFund(balance: number, projects: readonly FundProject[]): FundAllocation[] {
  if (!Number.isSafeInteger(balance))
    throw new RangeError(`balance ${balance} is not whole agorot`);
  const needing = projects
    .map((project) => ({ id: project.id, need: Number(remainingOf(project)) }))
    .filter((project) => project.need > 0);
  const totalNeed = needing.reduce((sum, project) => sum + project.need, 0);
  if (balance <= 0 || totalNeed === 0) return [];
  if (balance >= totalNeed) {
    return needing.map((project) => ({ id: project.id, amount: agorot(project.need) }));
  }
  // Exact integer maths in BigInt: balance × need can pass 2^53 for large funds.
  const big = BigInt(balance);
  const bigTotal = BigInt(totalNeed);
  const shares = needing.map((project, index) => {
    const exact = big * BigInt(project.need);
    return { id: project.id, index, floor: exact / bigTotal, fraction: exact % bigTotal };
  });
  let left = big - shares.reduce((sum, share) => sum + share.floor, 0n);
  const byFraction = [...shares].sort((a, b) =>
    a.fraction === b.fraction ? a.index - b.index : a.fraction > b.fraction ? -1 : 1,
  );
  for (const share of byFraction) {
    if (left === 0n) break;
    share.floor += 1n;
    left -= 1n;
  }
  return shares
    .filter((share) => share.floor > 0n)
    .map((share) => ({ id: share.id, amount: agorot(Number(share.floor)) }));
}

/** The smallest and largest direct donation, whole shekels (the 'donate now' form and the API). */
export const DONATION_MIN_AGOROT = agorot(1_000);
export const DONATION_MAX_AGOROT = agorot(5_000_000);
