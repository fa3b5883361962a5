import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { HealthIndicatorService, type HealthCheckResult } from '@nestjs/terminus';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';

/**
 * Injection token of the Redis client the health checks ping: a fail-fast client
 * (`createFailFastRedis`), never a BullMQ worker's blocking connection.
 */
export const HEALTH_REDIS = Symbol('HEALTH_REDIS');

/** A ping result is reused this long, so health checks stay cheap under load. */
export const HEALTH_CACHE_MS = 1000;
const PING_TIMEOUT_MS = 1500;

/**
 * Terminus indicators for the two dependencies of every server process, MongoDB (the default
 * mongoose connection) and Redis ({@link HEALTH_REDIS}); each ping is bounded by a timeout and
 * cached for {@link HEALTH_CACHE_MS}. Provide it beside `TerminusModule`.
 */
@Injectable()
export class DependencyIndicators {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @InjectConnection() private readonly mongo: Connection,
    @Inject(HEALTH_REDIS) private readonly redis: Redis,
  ) {}

  mongodb() {
    return this.indicators
      .check('mongodb')
      .attempt(async () => {
        const db = this.mongo.db;
        if (!db) throw new Error('not connected');
        // A ping, not mongoose's readyState: after MongoDB came back, mongoose stays
        // 'disconnected' until the driver's monitor checks again, and the ping's server selection
        // asks it to check now. (A monitor whose check was lost is restarted by the watchdog in
        // mongo/monitor-watchdog.ts.)
        await db.admin().ping();
      })
      .withTimeout(PING_TIMEOUT_MS)
      .cacheFor(HEALTH_CACHE_MS);
  }

  redisPing() {
    return this.indicators
      .check('redis')
      .attempt(async () => {
        await whenReady(this.redis, PING_TIMEOUT_MS - 100);
        await this.redis.ping();
      })
      .withTimeout(PING_TIMEOUT_MS)
      .cacheFor(HEALTH_CACHE_MS);
  }
}

/** The names of the dependencies a failed health check found down, in the order checked. */
export function downDependencies(result: HealthCheckResult): string[] {
  return Object.entries(result.details)
    .filter(([, detail]) => detail.status === 'down')
    .map(([name]) => name);
}

/** A client still (re)connecting gets a moment before it counts as down. */
function whenReady(redis: Redis, waitMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  if (!['connecting', 'connect', 'reconnecting'].includes(redis.status)) {
    return Promise.reject(new Error(`not connected (${redis.status})`));
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`not connected (${redis.status})`));
    }, waitMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}
