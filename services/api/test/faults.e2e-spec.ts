import { startEmbeddedMongo } from '@mechabrim/embedded-mongo';
import {
  getFreePort,
  startTestMongo,
  startTestRedis,
  type TestMongo,
  type TestRedis,
  until,
} from '@mechabrim/testing';
import { createTestApi, type TestApi } from './test-api';

const HEBREW = /[\u0590-\u05FF]/;

const logEntry = () =>
  JSON.stringify({
    timestamp: new Date().toISOString(),
    level: 'error',
    message: `boom ${Math.random()}`,
  });

describe('Redis stops and comes back', () => {
  let mongo: TestMongo;
  let redis: TestRedis;
  let api: TestApi;

  beforeAll(async () => {
    [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
    api = await createTestApi({ mongoUri: mongo.uri, redisUrl: redis.url });
  });
  afterAll(async () => {
    await api?.close();
    await Promise.all([mongo?.stop(), redis?.stop()]);
  });

  const health = async () => {
    const res = await fetch(`${api.baseUrl}/api/health`);
    return { status: res.status, body: await res.json() };
  };
  const postLog = () =>
    fetch(`${api.baseUrl}/api/logs/client-error`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: logEntry(),
    });

  it('reports redis down with 503, answers queue-backed requests 503, stays up, and recovers', async () => {
    await until('healthy API', async () => ((await health()).status === 200 ? true : undefined));
    expect((await postLog()).status).toBe(202);

    await redis.stop();

    const down = await until('health to report redis down', async () => {
      const h = await health();
      return h.status === 503 ? h.body : undefined;
    });
    expect(down).toMatchObject({ statusCode: 503, error: 'Service Unavailable', down: ['redis'] });
    expect(down.message).toMatch(HEBREW);
    expect(down.message).toMatch(/redis/);
    expect(down.checks.redis.status).toBe('down');
    expect(down.checks.mongodb.status).toBe('up');

    const refused = await postLog();
    expect(refused.status).toBe(503);
    const body = await refused.json();
    expect(body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect(body.message).toMatch(HEBREW);

    // Routes that do not need Redis keep working meanwhile.
    expect((await fetch(`${api.baseUrl}/api/nowhere`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/api/authors`)).status).toBe(200);

    await redis.start();

    await until('health to recover', async () =>
      (await health()).status === 200 ? true : undefined,
    );
    const accepted = await until('enqueueing to recover', async () => {
      const res = await postLog();
      return res.status === 202 ? res : undefined;
    });
    expect(await accepted.json()).toEqual({ accepted: 1 });
  });
});

describe('MongoDB unreachable at start', () => {
  let redis: TestRedis;
  let api: TestApi;
  let stopMongo: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await api?.close();
    await stopMongo?.();
    await redis?.stop();
  });

  it('starts anyway, reports mongodb down with 503, and connects once MongoDB appears', async () => {
    const port = await getFreePort();
    api = await createTestApi({
      mongoUri: `mongodb://127.0.0.1:${port}/faults`,
      redisUrl: redis.url,
    });

    const res = await fetch(`${api.baseUrl}/api/health`);
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.down).toEqual(['mongodb']);
    expect(body.message).toMatch(/mongodb/);
    expect(body.checks.redis.status).toBe('up');

    // A request that needs MongoDB answers 503 in the error shape (after the driver's short wait).
    const books = await fetch(`${api.baseUrl}/api/authors`);
    expect(books.status).toBe(503);
    const refused = await books.json();
    expect(refused).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect(refused.message).toMatch(HEBREW);

    const server = await startEmbeddedMongo({ host: '127.0.0.1', port });
    stopMongo = () => server.stop();
    await until(
      'health once MongoDB is up',
      async () => ((await fetch(`${api.baseUrl}/api/health`)).status === 200 ? true : undefined),
      20000,
    );
    expect((await fetch(`${api.baseUrl}/api/authors`)).status).toBe(200);
  });
});

describe('Redis unreachable at start', () => {
  let mongo: TestMongo;
  let redis: TestRedis | undefined;
  let api: TestApi;

  beforeAll(async () => {
    mongo = await startTestMongo();
  });
  afterAll(async () => {
    await api?.close();
    await redis?.stop();
    await mongo?.stop();
  });

  it('starts anyway, answers 503 for the queue, and enqueues once Redis appears', async () => {
    const port = await getFreePort();
    api = await createTestApi({ mongoUri: mongo.uri, redisUrl: `redis://127.0.0.1:${port}` });
    const post = () =>
      fetch(`${api.baseUrl}/api/logs/client-error`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: logEntry(),
      });

    const refused = await post();
    expect(refused.status).toBe(503);
    const health = await fetch(`${api.baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect((await health.json()).checks.redis.status).toBe('down');

    redis = await startTestRedis({ port });
    const accepted = await until('enqueueing once Redis is up', async () => {
      const res = await post();
      return res.status === 202 ? res : undefined;
    });
    expect(await accepted.json()).toEqual({ accepted: 1 });
    await until('health once Redis is up', async () =>
      (await fetch(`${api.baseUrl}/api/health`)).status === 200 ? true : undefined,
    );
  });
});
