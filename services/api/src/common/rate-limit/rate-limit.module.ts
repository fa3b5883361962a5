import { Global, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '../../infra/redis.module';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/** Per-IP budgets of the rate-limited calls (requests per window). */
export const RATE_LIMITS = {
  /** Login and registration: slows password guessing and account spraying. */
  auth: { limit: 10, ttl: 60_000 },
  /** Password-reset requests and resets: each may mail a stranger's address. */
  passwordReset: { limit: 5, ttl: 15 * 60_000 },
  /** Following and unfollowing authors (issue 24); each account has its own budget too. */
  follows: { limit: 30, ttl: 60_000 },
  /** Contact form. */
  contact: { limit: 5, ttl: 60_000 },
  /** Browser logs: a page in an error loop must not flood the API. */
  clientLogs: { limit: 120, ttl: 60_000 },
  /** Writing, editing and deleting reviews (issue 24). */
  reviewWrites: { limit: 20, ttl: 60 * 60_000 },
  /** Reports of reviews: each hides a review until an admin looks. */
  reviewReports: { limit: 10, ttl: 60 * 60_000 },
  /** Helpful marks. */
  reviewHelpful: { limit: 60, ttl: 60 * 60_000 },
  /** 'Donate now' (guests too): each opens a hosted payment page with the provider. */
  donations: { limit: 20, ttl: 60_000 },
} as const;

/**
 * Rate limiting with @nestjs/throttler, keyed by client IP. Only routes that opt in with
 * `@UseGuards(ThrottlerGuard)` and `@Throttle({ default: RATE_LIMITS.x })` are limited; a refusal is
 * a 429 in the usual error shape (the error filter maps ThrottlerException).
 * The counters live in Redis, so every API instance shares one budget per client.
 */
@Global()
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [REDIS_CLIENT],
      useFactory: (redis: Redis) => ({
        throttlers: [{ name: 'default', limit: 120, ttl: 60_000 }],
        storage: new RedisThrottlerStorage(redis),
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitModule {}
