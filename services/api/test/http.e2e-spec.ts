import { startTestMongo, startTestRedis, type TestMongo, type TestRedis } from '@mechabrim/testing';
import { createTestApi, type TestApi } from './test-api';

const ALLOWED_ORIGIN = 'http://localhost:4200';
const HEBREW = /[\u0590-\u05FF]/;

let mongo: TestMongo;
let redis: TestRedis;
let api: TestApi;

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  api = await createTestApi({
    mongoUri: mongo.uri,
    redisUrl: redis.url,
    env: { CORS_ORIGINS: `${ALLOWED_ORIGIN},http://localhost:4201`, API_BODY_LIMIT_BYTES: '4096' },
  });
});

afterAll(async () => {
  await api?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
});

const url = (path: string) => `${api.baseUrl}${path}`;
const postJson = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

function expectErrorShape(body: Record<string, unknown>, status: number) {
  expect(body.statusCode).toBe(status);
  expect(typeof body.error).toBe('string');
  expect(body.message).toMatch(HEBREW);
}

describe('GET /api/health', () => {
  it('reports MongoDB and Redis up, each separately', async () => {
    // MongoDB connects in the background after start: allow it a moment.
    let res = await fetch(url('/api/health'));
    for (let i = 0; i < 40 && res.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      res = await fetch(url('/api/health'));
    }
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('ok');
    expect(body.details.mongodb.status).toBe('up');
    expect(body.details.redis.status).toBe('up');
  });
});

describe('one error shape', () => {
  it('answers an unknown route with 404 {statusCode, error, message}', async () => {
    const res = await fetch(url('/api/no-such-thing'));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    expectErrorShape(body, 404);
    expect(body.error).toBe('Not Found');
  });

  it('answers a path outside /api with the same 404 shape', async () => {
    const res = await fetch(url('/health'));
    expect(res.status).toBe(404);
    expectErrorShape(await res.json(), 404);
  });

  it('answers a malformed JSON body with 400, never 500', async () => {
    const res = await postJson('/api/logs/client-error', '{"level": "error", ');
    expect(res.status).toBe(400);
    const body = await res.json();
    expectErrorShape(body, 400);
    expect(body.message).toBe('גוף הבקשה אינו JSON תקין.');
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await postJson('/api/logs/client-error', '');
    expect(res.status).toBe(400);
    expectErrorShape(await res.json(), 400);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await postJson(
      '/api/logs/client-error',
      JSON.stringify({ message: 'א'.repeat(5000) }),
    );
    expect(res.status).toBe(413);
    expectErrorShape(await res.json(), 413);
  });

  it('names each invalid field in details, in Hebrew', async () => {
    const res = await postJson(
      '/api/logs/client-error',
      JSON.stringify({
        timestamp: 'yesterday',
        level: 'loud',
        message: { text: 'object where a string belongs' },
        extra: 1,
      }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expectErrorShape(body, 400);
    const fields = (body.details as { field: string; message: string }[])
      .map((d) => d.field)
      .sort();
    expect(fields).toEqual(['extra', 'level', 'message', 'timestamp']);
    for (const d of body.details) expect(d.message).toMatch(HEBREW);
  });

  it('rejects $-prefixed keys (MongoDB operators) anywhere in the body', async () => {
    const res = await postJson(
      '/api/logs/client-error',
      JSON.stringify({
        timestamp: new Date().toISOString(),
        level: 'error',
        message: 'x',
        data: { nested: { $gt: '' } },
      }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.details).toEqual([
      { field: 'data.nested.$gt', message: expect.stringMatching(HEBREW) },
    ]);
  });

  it('rejects a wrong content type with 415 in the shape', async () => {
    const res = await fetch(url('/api/logs/client-error'), {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(res.status).toBe(415);
    expectErrorShape(await res.json(), 415);
  });
});

describe('client logs', () => {
  it('accepts a valid entry for background storage with 202', async () => {
    const res = await postJson(
      '/api/logs/client-error',
      JSON.stringify({
        timestamp: new Date().toISOString(),
        level: 'error',
        message: 'נפל',
        url: '/book/1',
      }),
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 1 });
  });
});

describe('CORS', () => {
  it('allows a configured front-end origin', async () => {
    const res = await fetch(url('/api/health'), {
      method: 'OPTIONS',
      headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
  });

  it('grants no permission to a preflight from another origin', async () => {
    const res = await fetch(url('/api/logs/client-error'), {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('does not allow any other origin', async () => {
    const res = await fetch(url('/api/health'), { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('security headers and docs', () => {
  it('sends helmet headers', async () => {
    const res = await fetch(url('/api/no-such-thing'));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
  });

  it('serves the OpenAPI UI at /api/docs and the document at /api/docs-json', async () => {
    const ui = await fetch(url('/api/docs'));
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type')).toMatch(/text\/html/);
    expect(ui.headers.get('content-security-policy')).toMatch(/script-src 'self' 'unsafe-inline'/);
    expect(await ui.text()).toMatch(/swagger/i);

    const doc = await fetch(url('/api/docs-json'));
    expect(doc.status).toBe(200);
    const json = await doc.json();
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/logs/client-error']),
    );
  });
});
