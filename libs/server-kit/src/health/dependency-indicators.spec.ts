import { startEmbeddedMongo, type EmbeddedMongo } from '@mechabrim/embedded-mongo';
import { getFreePort, startTestRedis, until, type TestRedis } from '@mechabrim/testing';
import {
  Inject,
  Module,
  ServiceUnavailableException,
  type DynamicModule,
  type INestApplicationContext,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { HealthCheckService, TerminusModule, type HealthCheckResult } from '@nestjs/terminus';
import { Redis } from 'ioredis';
import { mongooseRootOptions } from '../mongo/mongo-connection';
import { closeRedis, createFailFastRedis } from '../redis/redis-client';
import { DependencyIndicators, downDependencies, HEALTH_REDIS } from './dependency-indicators';

/** The kit's parts as a service wires them: background MongoDB connection, fail-fast Redis, indicators. */
@Module({})
class KitHealthModule implements OnApplicationShutdown {
  constructor(@Inject(HEALTH_REDIS) private readonly redis: Redis) {}

  static forRoot(mongoUri: string, redisUrl: string): DynamicModule {
    return {
      module: KitHealthModule,
      imports: [
        TerminusModule.forRoot({ logger: false }),
        MongooseModule.forRoot(
          mongoUri,
          mongooseRootOptions(mongoUri, { timeoutMs: 1000, maxPoolSize: 2 }),
        ),
      ],
      providers: [
        { provide: HEALTH_REDIS, useFactory: () => createFailFastRedis(redisUrl, 'kit-test') },
        DependencyIndicators,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.redis);
  }
}

describe('a service built from the kit', () => {
  let redis: TestRedis;
  let mongo: EmbeddedMongo | undefined;
  let app: INestApplicationContext | undefined;

  afterAll(async () => {
    await app?.close();
    await Promise.all([mongo?.stop(), redis?.stop()]);
  });

  /** The dependencies the health check finds down; empty when it passes. */
  async function down(): Promise<string[]> {
    if (!app) throw new Error('app not started');
    const indicators = app.get(DependencyIndicators);
    try {
      await app
        .get(HealthCheckService)
        .check([() => indicators.mongodb(), () => indicators.redisPing()]);
      return [];
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      return downDependencies(error.getResponse() as HealthCheckResult);
    }
  }

  const whenDown = (expected: string[]) =>
    until(`health down: [${expected.join(', ')}]`, async () => {
      const current = await down();
      return current.join() === expected.join() ? current : undefined;
    });

  it('starts before MongoDB, connects once it is up, and names each dependency that is down', async () => {
    const mongoPort = await getFreePort();
    redis = await startTestRedis();
    app = await NestFactory.createApplicationContext(
      KitHealthModule.forRoot(`mongodb://127.0.0.1:${mongoPort}/kit_health`, redis.url),
      { logger: false },
    );
    await app.init();
    expect(await whenDown(['mongodb'])).toEqual(['mongodb']);

    // The first attempt failed: the kit keeps retrying it in the background.
    mongo = await startEmbeddedMongo({ host: '127.0.0.1', port: mongoPort });
    await whenDown([]);

    await redis.stop();
    await whenDown(['redis']);

    await redis.start();
    await whenDown([]);
  });
});
