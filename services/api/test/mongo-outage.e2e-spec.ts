import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedMongo, type EmbeddedMongo } from '@mechabrim/embedded-mongo';
import { getFreePort, startTestRedis, type TestRedis, until } from '@mechabrim/testing';
import { createTestApi, type TestApi } from './test-api';

const HEBREW = /[\u0590-\u05FF]/;

/** MongoDB goes away while the API is serving, then comes back on the same address with its data. */
describe('MongoDB stops and comes back', () => {
  let redis: TestRedis;
  let api: TestApi;
  let mongo: EmbeddedMongo | undefined;
  let port: number;
  let dataDir: string;

  const startMongo = async () => {
    mongo = await startEmbeddedMongo({ host: '127.0.0.1', port, dataDir });
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'mechabrim-mongo-outage-'));
    [port, redis] = await Promise.all([getFreePort(), startTestRedis()]);
    await startMongo();
    api = await createTestApi({
      mongoUri: `mongodb://127.0.0.1:${port}/outage`,
      redisUrl: redis.url,
    });
  });
  afterAll(async () => {
    await api?.close();
    await mongo?.stop();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const health = async () => {
    const res = await fetch(`${api.baseUrl}/api/health`);
    return { status: res.status, body: await res.json() };
  };
  const register = (email: string) =>
    fetch(`${api.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'קוראת נאמנה',
        email,
        password: 'Sefer#2024',
        confirmPassword: 'Sefer#2024',
        role: 'user',
        agreeToTerms: true,
      }),
    });

  it('answers 503 in the error shape while MongoDB is down, stays up, and serves the same data once it is back', async () => {
    await until('healthy API', async () => ((await health()).status === 200 ? true : undefined));
    const registered = await register('outage@example.com');
    expect(registered.status).toBe(201);

    await mongo!.stop();
    mongo = undefined;

    const down = await until('health to report mongodb down', async () => {
      const h = await health();
      return h.status === 503 ? h.body : undefined;
    });
    expect(down).toMatchObject({ statusCode: 503, down: ['mongodb'] });
    expect(down.checks.redis.status).toBe('up');

    const refused = await fetch(`${api.baseUrl}/api/authors`);
    expect(refused.status).toBe(503);
    const body = await refused.json();
    expect(body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect(body.message).toMatch(HEBREW);
    // A write refused meanwhile changes nothing (checked below).
    expect((await register('lost@example.com')).status).toBe(503);

    await startMongo();
    await until(
      'health to recover',
      async () => ((await health()).status === 200 ? true : undefined),
      30_000,
    );
    expect((await fetch(`${api.baseUrl}/api/authors`)).status).toBe(200);
    // What was written before the outage is there; the account is a duplicate now.
    expect((await register('outage@example.com')).status).toBe(409);
    expect((await register('lost@example.com')).status).toBe(201);
  });
});
