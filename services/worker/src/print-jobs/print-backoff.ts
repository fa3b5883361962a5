/** The longest a failed handoff waits before its next try. */
export const MAX_PRINT_RETRY_MS = 10 * 60_000;
/** How far each delay strays from the exponential curve, either way. */
export const PRINT_RETRY_JITTER = 0.25;

/**
 * The delay before retry number `attemptsMade` (1 after the first failure) of a print handoff:
 * `baseMs` doubled after each failure, capped at {@link MAX_PRINT_RETRY_MS}, then moved by up to
 * ±25 % at random, so orders whose handoff failed together (the partner was down) do not all come
 * back at the same moment.
 */
export function printRetryDelay(
  attemptsMade: number,
  baseMs: number,
  random: () => number = Math.random,
): number {
  const exponent = Math.max(0, attemptsMade - 1);
  const curve = Math.min(MAX_PRINT_RETRY_MS, baseMs * 2 ** Math.min(exponent, 30));
  const spread = (random() * 2 - 1) * PRINT_RETRY_JITTER;
  return Math.max(1, Math.round(curve * (1 + spread)));
}
