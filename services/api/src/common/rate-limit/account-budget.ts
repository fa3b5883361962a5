import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DomainError } from '../errors/domain-error';
import { REDIS_CLIENT } from '../../infra/redis.module';

/** How many of something one key (an account, an address) may do per window. */
export interface Budget {
  limit: number;
  windowMs: number;
}

/**
 * Counts one use of `key`'s budget in Redis (shared by every API instance); over the limit, a 429
 * with the Hebrew `message` and when to try again. The per-IP side of a limit is the route's
 * throttler; this is the per-account (or per-address) side, which a client changing IPs cannot
 * escape. With Redis down nothing is counted: the per-IP throttler and the action's own rules
 * still hold.
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

/** `spendBudget` per account and action, for services that take it by injection. */
@Injectable()
export class AccountBudget {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  spend(action: string, accountId: string, budget: Budget, message: string): Promise<void> {
    return spendBudget(
      this.redis,
      `mechabrim:account-budget:${action}:${accountId}`,
      budget,
      message,
    );
  }
}
