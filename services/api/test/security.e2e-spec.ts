import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { Queue } from 'bullmq';
import { QUEUE_NAMES } from '@mechabrim/contracts';
import {
  startTestMongo,
  startTestRedis,
  until,
  type TestMongo,
  type TestRedis,
} from '@mechabrim/testing';
import { createTestApi, type TestApi } from './test-api';
import { createApiApp } from '../src/app.factory';
import { loadApiConfig } from '../src/config/api-config';
import { messagesHe } from '../src/common/messages.he';
import { client, expectError, freshIp, type Client } from './http';

const TEST_SECRET = 'security-suite-secret-0123456789';
/**
 * The first sign-in lock in this suite (LOGIN_BACKOFF_FIRST_DELAY_MS; 1 s by default): the locked
 * attempt must come inside it, and a loaded machine can stall a test process for a second or two.
 */
const FIRST_LOCK_MS = 5_000;
const PASSWORD = 'Sefer#2024';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 token with exactly the given claims, signed with `secret`. */
function signToken(claims: Record<string, unknown>, secret: string): string {
  const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(
    JSON.stringify(claims),
  )}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

const reader = (email: string) => ({
  name: 'נועה כהן',
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  role: 'user',
  agreeToTerms: true,
});

interface AuthBody {
  user: { id: string; email: string; role: string };
  token: string;
}

let mongo: TestMongo;
let redis: TestRedis;
let api: TestApi;
let http: Client;
let dataDir: string;

beforeAll(async () => {
  // With a password, as the Redis `npm start` runs: queues, rate limits and the sign-in backoff
  // all have to authenticate.
  [mongo, redis] = await Promise.all([
    startTestMongo(),
    startTestRedis({ password: 'security-suite-redis' }),
  ]);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-security-'));
  api = await createTestApi({
    mongoUri: mongo.uri,
    redisUrl: redis.url,
    env: {
      JWT_SECRET: TEST_SECRET,
      DATA_DIR: dataDir,
      AVATAR_HOSTS: 'images.example.org',
      LOGIN_BACKOFF_FIRST_DELAY_MS: String(FIRST_LOCK_MS),
    },
  });
  http = client(api.baseUrl);
  await until('the API to be healthy', async () =>
    (await http.get('/api/health')).status === 200 ? true : undefined,
  );
});

afterAll(async () => {
  await api?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function register(email: string, via: Client = http): Promise<AuthBody> {
  const res = await via.post<AuthBody>('/api/auth/register', reader(email), { ip: freshIp() });
  expect(res.status).toBe(201);
  return res.body;
}

async function login(email: string, password = PASSWORD, via: Client = http) {
  return via.post<AuthBody>('/api/auth/login', { email, password }, { ip: freshIp() });
}

describe('bearer tokens', () => {
  it('refuses a correctly signed token without an expiry', async () => {
    const { user } = await register('no.exp@example.com');
    const eternal = signToken(
      { sub: user.id, email: user.email, role: 'user', ver: 0 },
      TEST_SECRET,
    );
    expectError(await http.get('/api/auth/profile', { token: eternal }), 401);
  });

  it('refuses a correctly signed token of another audience or without a session', async () => {
    const { user, token } = await register('audience@example.com');
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const claims = { sub: user.id, email: user.email, role: 'user', exp };
    for (const aud of [undefined, 'queue-board', 'something-else']) {
      const other = signToken({ ...claims, sid, ...(aud ? { aud } : {}) }, TEST_SECRET);
      expectError(await http.get('/api/auth/profile', { token: other }), 401);
    }
    // As a token from before sessions: the right audience, no session named.
    const sessionless = signToken({ ...claims, aud: 'mechabrim-api', ver: 0 }, TEST_SECRET);
    expect(
      expectError(await http.get('/api/auth/profile', { token: sessionless }), 401).message,
    ).toBe(messagesHe.auth.sessionEnded);
    // The real one still works: only the audience differed.
    const same = signToken({ ...claims, sid, aud: 'mechabrim-api' }, TEST_SECRET);
    expect((await http.get('/api/auth/profile', { token: same })).status).toBe(200);
  });

  it('refuses logout without a valid token', async () => {
    expectError(await http.post('/api/auth/logout'), 401);
  });

  it('marks auth answers as not to be stored by any cache', async () => {
    const registered = await http.post<AuthBody>(
      '/api/auth/register',
      reader('nostore@example.com'),
      { ip: freshIp() },
    );
    expect(registered.headers.get('cache-control')).toBe('no-store');
    const loggedIn = await login('nostore@example.com');
    expect(loggedIn.headers.get('cache-control')).toBe('no-store');
    const token = loggedIn.body.token;
    const profile = await http.get('/api/auth/profile', { token });
    expect(profile.headers.get('cache-control')).toBe('no-store');
    const updated = await http.put(
      '/api/auth/profile',
      { name: 'נועה', email: 'nostore@example.com' },
      { token },
    );
    expect(updated.headers.get('cache-control')).toBe('no-store');
  });
});

describe('per-account login backoff', () => {
  it('after 5 failures on one account, refuses even the right password (from any address) until a short backoff ends', async () => {
    await register('target@example.com');
    for (let i = 0; i < 5; i += 1) {
      expectError(await login('target@example.com', `Wrong#${i}000`), 401);
    }
    const locked = await login('target@example.com');
    expect(expectError(locked, 429).message).toBe(messagesHe.auth.accountLocked);
    const retryAfter = Number(locked.headers.get('retry-after'));
    // The configured lock, not the default second: 2 s or more left allows a 3 s stall.
    expect(retryAfter).toBeGreaterThanOrEqual(2);
    expect(retryAfter).toBeLessThanOrEqual(FIRST_LOCK_MS / 1000);

    // The first lock is this API's LOGIN_BACKOFF_FIRST_DELAY_MS; once it ends the owner gets in
    // and the count starts over.
    await new Promise((resolve) => setTimeout(resolve, FIRST_LOCK_MS + 100));
    expect((await login('target@example.com')).status).toBe(200);
    expectError(await login('target@example.com', 'Wrong#0000'), 401);
  });

  it('checks no more guesses sent at once than the free failures left: a burst cannot outrun the lock', async () => {
    await register('burst@example.com');
    // Twenty guesses from twenty addresses, all at once.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login('burst@example.com', `Wrong#${i}burst`)),
    );
    const checked = answers.filter((answer) => answer.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(5);
    for (const answer of answers.filter((a) => a.status !== 401)) {
      expect(expectError(answer, 429).message).toBe(messagesHe.auth.accountLocked);
    }
  });

  it('treats an unknown e-mail the same way, so the limit does not reveal who is registered', async () => {
    for (let i = 0; i < 5; i += 1) {
      expectError(await login('ghost@example.com', `Wrong#${i}000`), 401);
    }
    expect(expectError(await login('ghost@example.com'), 429).message).toBe(
      messagesHe.auth.accountLocked,
    );
  });
});

describe('avatars', () => {
  let token: string;
  beforeAll(async () => {
    token = (await register('avatar@example.com')).token;
  });
  const update = (avatar: string) =>
    http.put('/api/auth/profile', { name: 'נועה', email: 'avatar@example.com', avatar }, { token });

  it.each([
    'https://tracker.example.net/pixel.png',
    'http://images.example.org/a.png',
    'javascript:alert(1)',
    '//images.example.org/a.png',
    '/api/auth/profile',
  ])('refuses the avatar %s with 400', async (avatar) => {
    expect(expectError(await update(avatar), 400).message).toMatch(/תמונה/);
  });

  it.each(['https://images.example.org/a.png', '/api/covers/abc-1.png', ''])(
    'accepts the avatar %j',
    async (avatar) => {
      expect((await update(avatar)).status).toBe(200);
    },
  );
});

describe('errors raised by the router', () => {
  it.each([
    ['a malformed percent-encoding', '/api/books/%E0%A4%A', 400],
    ['an over-long route parameter', `/api/books/${'a'.repeat(500)}`, 414],
  ])('answers %s in the one error shape with the security headers', async (_, url, status) => {
    const res = await fetch(`${api.baseUrl}${url}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
    expect(body.statusCode).toBe(status);
    expect(body.message).toMatch(/[\u0590-\u05FF]/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
  });
});

describe('a request the client aborts', () => {
  it('is logged without an error or a stack', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line));
        callback();
      },
    });
    const config = loadApiConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      MONGODB_URI: mongo.uri,
      REDIS_URL: redis.url,
      JWT_SECRET: TEST_SECRET,
      DATA_DIR: dataDir,
    });
    const app = await createApiApp(config, { logger: pino({ level: 'debug' }, sink) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.getHttpServer().address();
      const port = typeof address === 'object' && address ? address.port : 0;
      await new Promise<void>((resolve, reject) => {
        const socket = connect({ port, host: '127.0.0.1' }, () => {
          socket.write(
            'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
              'Content-Length: 10000\r\n\r\n{"email": "a',
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 200);
        });
        socket.on('error', reject);
      });
      const aborted = await until('the aborted request to be logged', async () =>
        lines.find((l) => l.msg === 'request aborted by the client'),
      );
      expect(aborted).toMatchObject({ level: 30, method: 'POST', url: '/api/auth/login' });
      const problems = lines.filter(
        (l) => Number(l.level) >= 50 || JSON.stringify(l).includes('    at '),
      );
      expect(problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('OpenAPI docs in production', () => {
  const production = (extra: Record<string, string> = {}) =>
    createTestApi({
      mongoUri: mongo.uri,
      redisUrl: redis.url,
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: TEST_SECRET,
        DATA_DIR: dataDir,
        // Production refuses the payment simulator.
        PAYMENT_PROVIDER: 'tranzila',
        TRANZILA_TERMINAL: 'mechabrim',
        TRANZILA_APP_KEY: 'app-key',
        TRANZILA_SECRET: 'tranzila-secret',
        TRANZILA_PW: 'terminal-password',
        ...extra,
      },
    });

  it('are off unless API_DOCS=true', async () => {
    const off = await production();
    try {
      expectError(await client(off.baseUrl).get('/api/docs'), 404);
      expectError(await client(off.baseUrl).get('/api/docs-json'), 404);
    } finally {
      await off.close();
    }
    const on = await production({ API_DOCS: 'true' });
    try {
      expect((await client(on.baseUrl).get('/api/docs-json')).status).toBe(200);
    } finally {
      await on.close();
    }
  });
});

describe('client logs', () => {
  const entry = (data?: unknown, message = 'שגיאה') => ({
    timestamp: new Date().toISOString(),
    level: 'error',
    message,
    ...(data === undefined ? {} : { data }),
  });

  function nested(depth: number): unknown {
    let value: unknown = 'leaf';
    for (let i = 0; i < depth; i += 1) value = { a: value };
    return value;
  }

  it('refuses deeply nested data with a Hebrew 400, not a 500', async () => {
    // Written out by hand: JSON.stringify itself overflows Jest's stack at this depth.
    const data = `${'{"a":'.repeat(5000)}"leaf"${'}'.repeat(5000)}`;
    const body = JSON.stringify(entry('DATA')).replace('"DATA"', data);
    const res = await http.post('/api/logs/client-error', body, { ip: freshIp() });
    expect(expectError(res, 400).message).toMatch(/[\u0590-\u05FF]/);
    expectError(
      await http.post('/api/logs/client-error', entry(nested(40)), { ip: freshIp() }),
      400,
    );
    expect(
      (await http.post('/api/logs/client-error', entry(nested(20)), { ip: freshIp() })).status,
    ).toBe(202);
  });

  it('answers a wide JSON array with a 4xx, not a 500', async () => {
    // ~600 KB, under the body limit: 300,000 children, as many as no call's arguments can hold.
    const res = await http.post('/api/auth/login', `[${'0,'.repeat(300_000)}0]`, {
      ip: freshIp(),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(expectError(res, res.status).message).toMatch(/[\u0590-\u05FF]/);
  });

  it('refuses a NUL character in a key of data with a Hebrew 400', async () => {
    const res = await http.post('/api/logs/client-error', entry({ outer: { 'bad\u0000key': 1 } }), {
      ip: freshIp(),
    });
    expectError(res, 400);
    expectError(
      await http.post(
        '/api/logs/client-bulk',
        { logs: [entry({ list: [{ 'k\u0000': 1 }] })] },
        { ip: freshIp() },
      ),
      400,
    );
  });

  it('takes at most 50 entries in one bulk', async () => {
    const ip = freshIp();
    const logs = Array.from({ length: 51 }, (_, i) => entry(undefined, `רשומה ${i}`));
    expectError(await http.post('/api/logs/client-bulk', { logs }, { ip }), 400);
    expect((await http.post('/api/logs/client-bulk', { logs: logs.slice(1) }, { ip })).status).toBe(
      202,
    );
  });

  it('shares one per-address budget of entries between client-error and client-bulk', async () => {
    const ip = freshIp();
    const bulk = (n: number) => ({
      logs: Array.from({ length: 50 }, (_, i) => entry(undefined, `מנה ${n} רשומה ${i}`)),
    });
    for (let n = 0; n < 4; n += 1) {
      expect((await http.post('/api/logs/client-bulk', bulk(n), { ip })).status).toBe(202);
    }
    const refused = await http.post('/api/logs/client-error', entry(undefined, 'עוד'), { ip });
    expectError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(
      (await http.post('/api/logs/client-error', entry(undefined, 'עוד'), { ip: freshIp() }))
        .status,
    ).toBe(202);
  });

  it('shares one per-address budget of bytes between client-error and client-bulk', async () => {
    const ip = freshIp();
    const big = (i: number) => entry({ text: 'x'.repeat(15 * 1024) }, `גדולה ${i}`);
    // 1 MB a minute: four bulks of 16 entries of ~15 KB (≈ 960 KB) pass, the fifth does not.
    let statuses: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      const logs = Array.from({ length: 16 }, (_, i) => big(n * 100 + i));
      statuses = [...statuses, (await http.post('/api/logs/client-bulk', { logs }, { ip })).status];
    }
    expect(statuses.slice(0, 4)).toEqual([202, 202, 202, 202]);
    expect(statuses[4]).toBe(429);
  });

  it('queues log jobs that are removed once stored, payload and all', async () => {
    const res = await http.post('/api/logs/client-error', entry({ step: 1 }, 'נשמרת'), {
      ip: freshIp(),
    });
    expect(res.status).toBe(202);
    const queue = new Queue(QUEUE_NAMES.clientLogs, { connection: { url: redis.url } });
    try {
      const [job] = await queue.getJobs(['waiting', 'delayed', 'prioritized'], 0, 0);
      expect(job?.opts.removeOnComplete).toBe(true);
    } finally {
      await queue.close();
    }
  });
});
