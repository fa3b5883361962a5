import { at } from '../at';
import { compareValues, typeRank } from '../values';

/** A first-field value of an index and the documents holding it. */
export interface Entry {
  v: unknown;
  keys: Set<string>;
}

/*
 * Binary search over an index's first-field entries kept in BSON order (the range lookups).
 */

/** The first position whose value does not sort before `value`. */
export function lowerBound(sorted: Entry[], value: unknown): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareValues(at(sorted, mid).v, value) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first position whose value sorts after `value` (where a new equal value goes). */
export function upperBound(sorted: Entry[], value: unknown): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareValues(at(sorted, mid).v, value) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Removes one entry (by identity) from the sorted array, found by binary search. */
export function removeEntry(sorted: Entry[], entry: Entry): void {
  for (let i = lowerBound(sorted, entry.v); i < sorted.length; i++) {
    if (sorted[i] === entry) {
      sorted.splice(i, 1);
      return;
    }
    if (compareValues(at(sorted, i).v, entry.v) !== 0) break;
  }
  // Not found where its value sorts (cannot happen for values with a total order): search it all.
  const i = sorted.indexOf(entry);
  if (i >= 0) sorted.splice(i, 1);
}

/** The first position whose value is of BSON type rank `rank` or after. */
export function firstOfRank(sorted: Entry[], rank: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (typeRank(at(sorted, mid).v) < rank) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
