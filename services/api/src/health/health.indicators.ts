import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { HealthIndicatorService } from '@nestjs/terminus';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { REDIS_CLIENT } from '../infra/redis.module';

/** A ping result is reused this long, so health checks stay cheap under load. */
export const HEALTH_CACHE_MS = 1000;
const PING_TIMEOUT_MS = 1500;

@Injectable()
export class DependencyIndicators {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @InjectConnection() private readonly mongo: Connection,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  mongodb() {
    return this.indicators
      .check('mongodb')
      .attempt(async () => {
        const db = this.mongo.db;
        if (this.mongo.readyState !== 1 || !db) throw new Error('not connected');
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
