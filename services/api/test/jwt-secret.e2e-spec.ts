import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestMongo, startTestRedis, type TestMongo, type TestRedis } from '@mechabrim/testing';
import { createTestApi, type TestApi } from './test-api';
import { client, expectError, freshIp, type Client } from './http';

// Its own suite: passport keeps one 'jwt' strategy per process, so APIs with different secrets
// cannot share a test file.

/** The development secret that used to be in the source, so anyone could sign tokens with it. */
const FORMER_PUBLIC_SECRET = 'mechabrim-development-secret-do-not-use-in-production';
const PASSWORD = 'Sefer#2024';

function signToken(claims: Record<string, unknown>, secret: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

let mongo: TestMongo;
let redis: TestRedis;

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
});

afterAll(async () => {
  await Promise.all([mongo?.stop(), redis?.stop()]);
});

async function register(email: string, via: Client) {
  const res = await via.post<{ user: { id: string; email: string }; token: string }>(
    '/api/auth/register',
    {
      name: 'נועה כהן',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: 'user',
      agreeToTerms: true,
    },
    { ip: freshIp() },
  );
  expect(res.status).toBe(201);
  return res.body;
}

describe('the development JWT secret', () => {
  let devDataDir: string;
  let devApi: TestApi;

  beforeAll(async () => {
    devDataDir = await mkdtemp(path.join(os.tmpdir(), 'api-dev-secret-'));
    devApi = await createTestApi({
      mongoUri: mongo.uri,
      redisUrl: redis.url,
      env: { NODE_ENV: 'development', DATA_DIR: devDataDir },
    });
  });

  afterAll(async () => {
    await devApi?.close();
    await rm(devDataDir, { recursive: true, force: true });
  });

  it('refuses tokens signed with the formerly public development secret', async () => {
    const { user } = await register('dev.secret@example.com', client(devApi.baseUrl));
    const dev = client(devApi.baseUrl);
    const forged = signToken(
      {
        sub: user.id,
        email: user.email,
        role: 'admin',
        ver: 0,
        exp: Math.floor(Date.now() / 1000) + 3600,
      },
      FORMER_PUBLIC_SECRET,
    );
    expectError(await dev.get('/api/auth/profile', { token: forged }), 401);
  });

  it('generates a random secret once under DATA_DIR, private to its owner, kept across restarts', async () => {
    const file = path.join(devDataDir, 'jwt-secret');
    const secret = (await readFile(file, 'utf8')).trim();
    expect(secret.length).toBeGreaterThanOrEqual(43);
    expect((await stat(file)).mode & 0o077).toBe(0);

    const dev = client(devApi.baseUrl);
    const loggedIn = await dev.post<{ token: string }>(
      '/api/auth/login',
      { email: 'dev.secret@example.com', password: PASSWORD },
      { ip: freshIp() },
    );
    const { token } = loggedIn.body;
    const restarted = await createTestApi({
      mongoUri: mongo.uri,
      redisUrl: redis.url,
      env: { NODE_ENV: 'development', DATA_DIR: devDataDir },
    });
    try {
      expect((await client(restarted.baseUrl).get('/api/auth/profile', { token })).status).toBe(
        200,
      );
    } finally {
      await restarted.close();
    }
  });
});
