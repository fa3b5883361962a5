import type { Redis } from 'ioredis';
import { DomainError } from '../errors/domain-error';

/** How many of something one key (an account, an address) may do per window. */
export interface Budget {
  limit: number;
  windowMs: number;
}

/**
 * Counts one use of `key`'s budget in Redis (shared by every API instance); over the limit, a 429
 * with the Hebrew `message` and when to try again. The per-IP side of a limit is the route's
 * throttler; this is the per-account (or per-address) side, which a client changing IPs cannot
 * escape. With Redis down nothing is counted: the action's own Redis use answers 503.
 */
export async function spendBudget(
  redis: Redis,
  key: string,
  budget: Budget,
  message: string,
): Promise<void> {
  let count: number;
  try {
    count = await redis.incr(key);
    if (count === 1) await redis.pexpire(key, budget.windowMs);
  } catch {
    return;
  }
  if (count > budget.limit) {
    throw new DomainError('too_many_requests', message, undefined, {
      retryAfterSeconds: Math.ceil(
        Math.max(1000, await redis.pttl(key).catch(() => 60_000)) / 1000,
      ),
    });
  }
}
