import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import type { Logger } from 'pino';
import { createPinoLogger, JsonLogger } from '@mechabrim/server-kit';
import { WorkerConfig } from './config/worker-config';
import { WorkerModule } from './worker.module';

/**
 * The worker: BullMQ processors plus a small Fastify server for `GET /health`.
 * Processors start consuming during `init()`; `close()` waits for in-flight jobs (worker.close()).
 */
export async function createWorkerApp(
  config: WorkerConfig,
  options: { logger?: Logger } = {},
): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createPinoLogger('worker', config.logLevel);
  const app = await NestFactory.create<NestFastifyApplication>(
    WorkerModule.forRoot(config, logger),
    new FastifyAdapter({
      loggerInstance: logger,
      logController: new LogController({ disableRequestLogging: true }),
    }),
    { logger: new JsonLogger(logger), abortOnError: false },
  );
  await app.init();
  return app;
}
