import {
  getFreePort,
  startTestMongo,
  startTestRedis,
  type TestMongo,
  type TestRedis,
  until,
} from '@mechabrim/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { CLIENT_LOGS_JOB, QUEUE_NAMES, type ClientLogsJob } from '@mechabrim/contracts';
import mongoose, { type Connection } from 'mongoose';
import { createWorkerApp } from '../src/app.factory';
import { loadWorkerConfig } from '../src/config/worker-config';

describe('worker while Redis stops and comes back', () => {
  let mongo: TestMongo;
  let redis: TestRedis;
  let app: NestFastifyApplication;
  let url: string;
  let db: Connection;

  beforeAll(async () => {
    [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
    db = await mongoose.createConnection(mongo.uri).asPromise();
    app = await createWorkerApp(
      loadWorkerConfig({
        NODE_ENV: 'test',
        MONGODB_URI: mongo.uri,
        REDIS_URL: redis.url,
        LOG_LEVEL: 'silent',
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/health`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await Promise.all([mongo?.stop(), redis?.stop()]);
  });

  const health = async () => {
    const res = await fetch(url);
    return { status: res.status, body: await res.json() };
  };

  it('reports redis down on /health, stays up, and processes jobs again once Redis is back', async () => {
    await until('worker healthy', async () => ((await health()).status === 200 ? true : undefined));

    await redis.stop();
    const down = await until('redis reported down', async () => {
      const h = await health();
      return h.status === 503 ? h.body : undefined;
    });
    expect(down).toMatchObject({ statusCode: 503, down: ['redis'] });
    expect(down.checks.mongodb.status).toBe('up');

    await redis.start();
    await until('worker healthy again', async () =>
      (await health()).status === 200 ? true : undefined,
    );

    const queue = new Queue<ClientLogsJob>(QUEUE_NAMES.clientLogs, {
      connection: { url: redis.url },
    });
    try {
      await queue.add(CLIENT_LOGS_JOB, {
        receivedAt: new Date().toISOString(),
        entries: [
          {
            key: 'a'.repeat(64),
            timestamp: new Date().toISOString(),
            level: 'warn',
            message: 'after the outage',
          },
        ],
      });
      await until('the job to be processed after the outage', async () =>
        (await db.collection('client_logs').countDocuments({ message: 'after the outage' })) === 1
          ? true
          : undefined,
      );
    } finally {
      await queue.close();
    }
  });
});

describe('worker started before Redis', () => {
  let mongo: TestMongo;
  let redis: TestRedis | undefined;
  let app: NestFastifyApplication | undefined;
  let db: Connection;

  beforeAll(async () => {
    mongo = await startTestMongo();
    db = await mongoose.createConnection(mongo.uri).asPromise();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await redis?.stop();
    await mongo?.stop();
  });

  it('starts, reports redis down, and consumes jobs once Redis appears', async () => {
    const port = await getFreePort();
    const redisUrl = `redis://127.0.0.1:${port}`;
    app = await createWorkerApp(
      loadWorkerConfig({
        NODE_ENV: 'test',
        MONGODB_URI: mongo.uri,
        REDIS_URL: redisUrl,
        LOG_LEVEL: 'silent',
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address();
    const healthUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/health`;
    const before = await fetch(healthUrl);
    expect(before.status).toBe(503);
    expect((await before.json()).down).toContain('redis');

    redis = await startTestRedis({ port });
    const queue = new Queue<ClientLogsJob>(QUEUE_NAMES.clientLogs, {
      connection: { url: redisUrl },
    });
    try {
      await queue.add(CLIENT_LOGS_JOB, {
        receivedAt: new Date().toISOString(),
        entries: [
          {
            key: 'b'.repeat(64),
            timestamp: new Date().toISOString(),
            level: 'error',
            message: 'redis came late',
          },
        ],
      });
      await until(
        'the job to be processed',
        async () =>
          (await db.collection('client_logs').countDocuments({ message: 'redis came late' })) === 1
            ? true
            : undefined,
        30000,
      );
      await until('worker healthy', async () =>
        (await fetch(healthUrl)).status === 200 ? true : undefined,
      );
    } finally {
      await queue.close();
    }
  });
});
