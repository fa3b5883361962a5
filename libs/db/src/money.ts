/**
 * Money is stored in whole agorot (ARCHITECTURE.md decision 6); the API speaks shekels (spec §3).
 * These two conversions are the only place a stored amount is rounded.
 */
export function shekelsToAgorot(shekels: number): number {
  if (!Number.isFinite(shekels)) throw new RangeError(`not an amount: ${shekels}`);
  return Math.round(shekels * 100);
}

/** Agorot as shekels (2 decimals at most). */
export function agorotToShekels(agorot: number): number {
  if (!Number.isInteger(agorot)) throw new RangeError(`agorot must be whole: ${agorot}`);
  return agorot / 100;
}
