import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CHEAP_PASSWORD_HASH_ENV } from '@mechabrim/testing';
import { createApiApp } from '../src/app.factory';
import { loadApiConfig } from '../src/config/api-config';

export interface CreateTestApiOptions {
  mongoUri: string;
  redisUrl: string;
  /** Extra environment variables for the API's configuration (e.g. `CORS_ORIGINS`, `JWT_SECRET`). */
  env?: Record<string, string>;
  /** Listen on this port instead of a free one (when a peer must know the URL before start). */
  port?: number;
}

export interface TestApi {
  /** `http://127.0.0.1:<port>` — paths start with `/api`. */
  baseUrl: string;
  app: NestFastifyApplication;
  close(): Promise<void>;
}

/**
 * The API's own test harness (it lives beside the API rather than in libs/testing, because a lib
 * may not import an app). Starts the real API (the same factory `main.ts` uses) on a free loopback port, configured from
 * `env` the way the process is configured from its environment. Logs are silent unless
 * `TEST_LOG_LEVEL` is set. Close it in `afterAll`.
 */
export async function createTestApi({
  mongoUri,
  redisUrl,
  env = {},
  port: fixedPort = 0,
}: CreateTestApiOptions): Promise<TestApi> {
  const config = loadApiConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MONGODB_URI: mongoUri,
    REDIS_URL: redisUrl,
    API_PORT: '0',
    API_HOST: '127.0.0.1',
    // Suites play several clients through X-Forwarded-For, as a reverse proxy on loopback would.
    TRUST_PROXY: 'loopback',
    // Production refuses a cost below OWASP's: a suite that plays production gets the real one.
    ...(env.NODE_ENV === 'production' ? {} : CHEAP_PASSWORD_HASH_ENV),
    ...env,
  });
  const app = await createApiApp(config);
  await app.listen({ port: fixedPort, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}
