import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  startTestMongo,
  startTestRedis,
  until,
  type TestMongo,
  type TestRedis,
} from '@mechabrim/testing';
import pino from 'pino';
import { createApiApp } from '../src/app.factory';
import { loadApiConfig } from '../src/config/api-config';

const HEBREW = /[\u0590-\u05FF]/;

/**
 * `GET /api/health` is served by a lean Fastify handler (src/health/health.route.ts) instead of
 * Nest's pipeline: the same answers, headers and documentation, and no access-log line for a
 * successful probe.
 */
describe('GET /api/health on its lean path', () => {
  let mongo: TestMongo;
  let redis: TestRedis;
  let app: NestFastifyApplication;
  let baseUrl: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const config = loadApiConfig({
      NODE_ENV: 'test',
      MONGODB_URI: mongo.uri,
      REDIS_URL: redis.url,
      API_PORT: '0',
      API_HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
    app = await createApiApp(config, { logger });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([mongo?.stop(), redis?.stop()]);
  });

  const requestLines = (url: string) => lines.filter((l) => l.msg === 'request' && l.url === url);

  it('answers 200 with the terminus summary, no-cache and the security headers', async () => {
    const res = await until('healthy API', async () => {
      const r = await fetch(`${baseUrl}/api/health`);
      return r.status === 200 ? r : undefined;
    });
    expect(await res.json()).toEqual({
      status: 'ok',
      details: { mongodb: { status: 'up' }, redis: { status: 'up' } },
    });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('vary')).toBe('Origin');

    // Asked again on a miss: a busy machine can make one ping of MongoDB or Redis overrun its
    // 1.5 s, and the answer then says so (503), truthfully.
    const head = await until('HEAD to answer healthy', async () => {
      const answer = await fetch(`${baseUrl}/api/health`, { method: 'HEAD' });
      return answer.status === 200 ? answer : undefined;
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('writes no access-log line for a successful probe, and one for other requests', async () => {
    await fetch(`${baseUrl}/api/health`);
    await fetch(`${baseUrl}/api/no-such-thing`);
    await until('the 404 line', async () => requestLines('/api/no-such-thing').length || undefined);
    // (The 503s while MongoDB was still connecting, before the first test passed, are logged.)
    expect(requestLines('/api/health').filter((l) => l.status === 200)).toEqual([]);
  });

  it('is still documented in the OpenAPI document, with its 200 and 503 answers', async () => {
    const doc = (await (await fetch(`${baseUrl}/api/docs-json`)).json()) as {
      paths: Record<string, { get?: { tags?: string[]; responses: Record<string, unknown> } }>;
    };
    const get = doc.paths['/api/health']?.get;
    expect(get?.tags).toEqual(['health']);
    expect(Object.keys(get?.responses ?? {}).sort()).toEqual(['200', '503']);
  });

  it('answers 503 in the error shape naming Redis when it is down, and logs that answer', async () => {
    await redis.stop();
    const res = await until('health to report redis down', async () => {
      const r = await fetch(`${baseUrl}/api/health`);
      return r.status === 503 ? r : undefined;
    });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
    const body = await res.json();
    expect(body).toMatchObject({
      statusCode: 503,
      error: 'Service Unavailable',
      status: 'error',
      down: ['redis'],
      checks: { mongodb: { status: 'up' }, redis: { status: 'down' } },
    });
    expect(body.message).toMatch(HEBREW);
    await until('the 503 line', async () =>
      requestLines('/api/health').some((l) => l.status === 503) ? true : undefined,
    );

    // Back up: the answer recovers by itself (and the client is connected again for app.close()).
    await redis.start();
    await until('health to recover', async () =>
      (await fetch(`${baseUrl}/api/health`)).status === 200 ? true : undefined,
    );
  });
});
