import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { REDIS_CLIENT } from '../infra/redis.module';

/**
 * What one client address may send to the two anonymous log routes together, per minute. A page
 * in an error loop stays well inside it (the browser batches 50 entries at a time); a script
 * replaying bulks from one address is held to about 1 MB a minute instead of ~190 MB.
 */
export const CLIENT_LOG_BUDGET = {
  windowMs: 60_000,
  entries: 200,
  bytes: 1024 * 1024,
} as const;

/**
 * KEYS[1] = entries counter, KEYS[2] = bytes counter; ARGV = entries, bytes, entry limit, byte
 * limit, window ms. Charges the request when it fits in what is left of the window and returns 0;
 * otherwise charges nothing and returns the ms until the window ends.
 */
const CHARGE_SCRIPT = `
local entries = tonumber(redis.call('GET', KEYS[1]) or '0')
local bytes = tonumber(redis.call('GET', KEYS[2]) or '0')
if entries + tonumber(ARGV[1]) > tonumber(ARGV[3]) or bytes + tonumber(ARGV[2]) > tonumber(ARGV[4]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = tonumber(ARGV[5]) end
  return ttl
end
redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('INCRBY', KEYS[2], ARGV[2])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[5]) end
if redis.call('PTTL', KEYS[2]) < 0 then redis.call('PEXPIRE', KEYS[2], ARGV[5]) end
return 0
`;

/**
 * One budget per client address shared by `client-error` and `client-bulk`, counted in entries
 * and in bytes, in Redis so every API process charges the same budget. While Redis is
 * unreachable nothing is charged (the queue the entries go to is down too, and answers 503).
 */
@Injectable()
export class ClientLogBudget {
  private readonly logger = new Logger('ClientLogBudget');
  private warned = false;

  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  /** Charges `entries` and `bytes` to `address`; throws a 429 when they do not fit. */
  async charge(address: string, entries: number, bytes: number): Promise<void> {
    const key = `mechabrim:client-log-budget:${address}`;
    let retryInMs: number;
    try {
      retryInMs = Number(
        await this.redis.eval(
          CHARGE_SCRIPT,
          2,
          `${key}:entries`,
          `${key}:bytes`,
          String(entries),
          String(bytes),
          String(CLIENT_LOG_BUDGET.entries),
          String(CLIENT_LOG_BUDGET.bytes),
          String(CLIENT_LOG_BUDGET.windowMs),
        ),
      );
      this.warned = false;
    } catch (error) {
      if (!this.warned) this.logger.warn(`client-log budget suspended: ${String(error)}`);
      this.warned = true;
      return;
    }
    if (retryInMs > 0) {
      throw new DomainError('too_many_requests', messagesHe.clientLogs.budgetExceeded, undefined, {
        retryAfterSeconds: Math.ceil(retryInMs / 1000),
      });
    }
  }
}
