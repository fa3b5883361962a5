import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createWorkerApp } from '../src/app.factory';
import { loadWorkerConfig } from '../src/config/worker-config';

/** A worker on the test's MongoDB and Redis, its health endpoint on a free port. */
export async function startTestWorker(
  infra: { mongoUri: string; redisUrl: string },
  env: Record<string, string> = {},
): Promise<{ app: NestFastifyApplication; url: string }> {
  const config = loadWorkerConfig({
    NODE_ENV: 'test',
    MONGODB_URI: infra.mongoUri,
    REDIS_URL: infra.redisUrl,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WORKER_PORT: '0',
    // Books' sales counts follow the ledger within a tenth of a second, not five.
    SALES_COUNT_DELAY_MS: '100',
    ...env,
  });
  const app = await createWorkerApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  return {
    app,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  };
}
