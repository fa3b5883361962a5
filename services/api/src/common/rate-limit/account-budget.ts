import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DomainError } from '../errors/domain-error';
import { REDIS_CLIENT } from '../../infra/redis.module';

/** How many times one account may do something in a window. */
export interface Budget {
  limit: number;
  windowMs: number;
}

/**
 * Per-account budgets (the per-IP ones are the routes' throttlers): a Redis counter per account and
 * action that expires with its window, as the password-reset mails are counted. Over the budget, a
 * Hebrew 429 with `Retry-After`. With Redis down the action is let through: the per-IP throttler
 * and the database's own rules still hold.
 */
@Injectable()
export class AccountBudget {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async spend(action: string, accountId: string, budget: Budget, message: string): Promise<void> {
    const key = `mechabrim:account-budget:${action}:${accountId}`;
    let count: number;
    try {
      count = await this.redis.incr(key);
      if (count === 1) await this.redis.pexpire(key, budget.windowMs);
    } catch {
      return;
    }
    if (count > budget.limit) {
      const ttl = await this.redis.pttl(key).catch(() => 60_000);
      throw new DomainError('too_many_requests', message, undefined, {
        retryAfterSeconds: Math.ceil(Math.max(1000, ttl) / 1000),
      });
    }
  }
}
