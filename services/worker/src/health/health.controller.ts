import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  HealthCheck,
  HealthCheckResult,
  HealthCheckService,
  HealthIndicatorService,
} from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { HEALTH_REDIS } from '../infra/tokens';

const CACHE_MS = 1000;
const TIMEOUT_MS = 1500;

/** `GET /health` on WORKER_PORT: 200 when MongoDB and Redis answer, else 503 naming which is down. */
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @InjectConnection() private readonly mongo: Connection,
    @Inject(HEALTH_REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @HealthCheck()
  async check(
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<HealthCheckResult | object> {
    try {
      return await this.health.check([
        () =>
          this.indicators
            .check('mongodb')
            .attempt(async () => {
              const db = this.mongo.db;
              if (this.mongo.readyState !== 1 || !db) throw new Error('not connected');
              await db.admin().ping();
            })
            .withTimeout(TIMEOUT_MS)
            .cacheFor(CACHE_MS),
        () =>
          this.indicators
            .check('redis')
            .attempt(async () => {
              if (this.redis.status !== 'ready')
                throw new Error(`not connected (${this.redis.status})`);
              await this.redis.ping();
            })
            .withTimeout(TIMEOUT_MS)
            .cacheFor(CACHE_MS),
      ]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const result = error.getResponse() as HealthCheckResult;
      const down = Object.entries(result.details)
        .filter(([, d]) => d.status === 'down')
        .map(([name]) => name);
      void reply.status(503);
      return {
        statusCode: 503,
        error: 'Service Unavailable',
        message: `down: ${down.join(', ')}`,
        status: 'error',
        down,
        checks: result.details,
      };
    }
  }
}
