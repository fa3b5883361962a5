import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { LOGIN_BACKOFF_MAX_DELAY_MS, type ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { REDIS_CLIENT } from '../infra/redis.module';

/**
 * Per-account limit on failed sign-ins, on top of the per-address one: an attacker spreading
 * guesses over many addresses still gets only a few a minute on one account. Free failures first,
 * then each further failure locks the account's sign-in for twice as long as the previous one,
 * capped. Every lock expires on its own, and failures are forgotten an hour after the last one,
 * so an attacker can delay a real user by at most {@link LOGIN_BACKOFF.maxDelayMs} after their
 * last attempt and never lock them out for good.
 */
export const LOGIN_BACKOFF = {
  /** Failures allowed before the first lock. */
  freeFailures: 5,
  maxDelayMs: LOGIN_BACKOFF_MAX_DELAY_MS,
  /** The failure count is dropped this long after the last failure. */
  forgetAfterMs: 60 * 60_000,
} as const;

/**
 * How long sign-in stays locked after the given number of consecutive failures (0: not locked),
 * the first lock being `firstDelayMs` (LOGIN_BACKOFF_FIRST_DELAY_MS).
 */
export function loginBackoffDelayMs(failures: number, firstDelayMs: number): number {
  if (failures < LOGIN_BACKOFF.freeFailures) return 0;
  const doublings = failures - LOGIN_BACKOFF.freeFailures;
  // 2^30 ms is already far past the cap; stop doubling before the number grows unbounded.
  return Math.min(firstDelayMs * 2 ** Math.min(doublings, 30), LOGIN_BACKOFF.maxDelayMs);
}

const KEY_PREFIX = 'mechabrim:login-backoff';

/** A check's place is given back after this long even if its process died mid-check. */
const IN_FLIGHT_TTL_MS = 30_000;
/** What a sign-in refused because others on the account are being checked is told to wait. */
const IN_FLIGHT_WAIT_MS = 1000;
/** Gives a check's place back, never below nothing (a count that would be left without expiry). */
const END_ATTEMPT = `if redis.call('decr', KEYS[1]) <= 0 then redis.call('del', KEYS[1]) end return 0`;

/**
 * The counters live in Redis, shared by every API process, keyed by a hash of the e-mail (an
 * unknown e-mail is counted like a known one, so the limit tells nothing about who is
 * registered). While Redis is unreachable the limit is suspended, as the per-address one is:
 * an outage of the counters must not take sign-in down with it.
 */
@Injectable()
export class LoginBackoff {
  private readonly logger = new Logger('LoginBackoff');
  private warned = false;

  private readonly firstDelayMs: number;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.firstDelayMs = config.loginBackoffFirstDelayMs;
  }

  /**
   * Starts a sign-in's password check: the milliseconds to wait instead (0: go on, then call
   * {@link endAttempt}). A failure is counted only once its check is done, so checks running at
   * once are limited too: no more at a time than the free failures left (one once they are
   * spent). Otherwise a burst of guesses sent together would all be checked before the first
   * failure locked the account.
   */
  async beginAttempt(email: string): Promise<number> {
    const { failures, lock, inFlight } = this.keys(email);
    return this.safely(async () => {
      const locked = await this.redis.pttl(lock);
      if (locked > 0) return locked;
      // The count's expiry is set once, when it starts: a place a dead process never gave back
      // is freed within that time, however often others try meanwhile.
      const counted = await this.redis
        .multi()
        .set(inFlight, 0, 'PX', IN_FLIGHT_TTL_MS, 'NX')
        .incr(inFlight)
        .get(failures)
        .exec();
      const running = Number(counted?.[1]?.[1] ?? 0);
      const failed = Number(counted?.[2]?.[1] ?? 0);
      if (running <= Math.max(1, LOGIN_BACKOFF.freeFailures - failed)) return 0;
      await this.redis.eval(END_ATTEMPT, 1, inFlight);
      return IN_FLIGHT_WAIT_MS;
    });
  }

  /** Ends a check {@link beginAttempt} let start. */
  async endAttempt(email: string): Promise<void> {
    await this.safely(async () => {
      await this.redis.eval(END_ATTEMPT, 1, this.keys(email).inFlight);
      return 0;
    });
  }

  /** Counts a failed sign-in; returns the lock it started in ms (0: none yet). */
  async recordFailure(email: string): Promise<number> {
    const { failures, lock } = this.keys(email);
    return this.safely(async () => {
      // INCR is atomic, so concurrent failures on several API processes each get their own count.
      const counted = await this.redis
        .multi()
        .incr(failures)
        .pexpire(failures, LOGIN_BACKOFF.forgetAfterMs)
        .exec();
      const count = Number(counted?.[0]?.[1] ?? 0);
      const delay = loginBackoffDelayMs(count, this.firstDelayMs);
      if (delay > 0) await this.redis.set(lock, '1', 'PX', delay);
      return delay;
    });
  }

  /** A successful sign-in starts the count over. */
  async recordSuccess(email: string): Promise<void> {
    const { failures, lock } = this.keys(email);
    await this.safely(async () => {
      await this.redis.del(failures, lock);
      return 0;
    });
  }

  private keys(email: string): { failures: string; lock: string; inFlight: string } {
    const account = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
    return {
      failures: `${KEY_PREFIX}:${account}:failures`,
      lock: `${KEY_PREFIX}:${account}:lock`,
      inFlight: `${KEY_PREFIX}:${account}:in-flight`,
    };
  }

  private async safely(operation: () => Promise<number>): Promise<number> {
    try {
      const result = await operation();
      this.warned = false;
      return result;
    } catch (error) {
      if (!this.warned)
        this.logger.warn(
          `per-account sign-in limit suspended, Redis unavailable: ${String(error)}`,
        );
      this.warned = true;
      return 0;
    }
  }
}
