import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

/** What @nestjs/throttler expects back from a storage (times in seconds). */
interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/**
 * Counts a hit in a fixed window and, past the limit, blocks for `blockMs`, atomically.
 * KEYS[1] = counter, KEYS[2] = block flag; ARGV = window ms, limit, block ms.
 * Returns { hits, ms until the window ends, ms until the block ends (0 = not blocked) }.
 */
const HIT_SCRIPT = `
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then
  return { tonumber(ARGV[2]) + 1, blocked, blocked }
end
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  return { hits, ttl, tonumber(ARGV[3]) }
end
return { hits, ttl, 0 }
`;

/**
 * Rate-limit counters in Redis, shared by every API instance, so a client's budget is the same
 * whichever instance answers. While Redis is unreachable the limiter lets requests through
 * (logged once): an outage of the counters must not take login down with it.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimit');
  private warned = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'mechabrim:throttle',
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const counter = `${this.prefix}:${throttlerName}:${key}`;
    try {
      const [hits, windowMs, blockMs] = (await this.redis.eval(
        HIT_SCRIPT,
        2,
        counter,
        `${counter}:blocked`,
        String(ttl),
        String(limit),
        String(blockDuration > 0 ? blockDuration : ttl),
      )) as [number, number, number];
      this.warned = false;
      return {
        totalHits: hits,
        timeToExpire: Math.ceil(windowMs / 1000),
        isBlocked: blockMs > 0,
        timeToBlockExpire: Math.ceil(blockMs / 1000),
      };
    } catch (error) {
      if (!this.warned)
        this.logger.warn(`rate limiting suspended, Redis unavailable: ${String(error)}`);
      this.warned = true;
      return {
        totalHits: 0,
        timeToExpire: Math.ceil(ttl / 1000),
        isBlocked: false,
        timeToBlockExpire: 0,
      };
    }
  }
}
