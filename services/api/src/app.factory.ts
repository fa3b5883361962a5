import helmet from '@fastify/helmet';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { createPinoLogger, JsonLogger } from './common/logging/logger';
import { ApiConfig } from './config/api-config';
import { setupDocs } from './docs/docs.setup';

export interface CreateApiAppOptions {
  /** Defaults to a JSON logger on stdout at `config.logLevel`. */
  logger?: Logger;
}

/**
 * Builds the API application (not yet listening): Fastify with helmet, CORS, the `/api` prefix,
 * the one error shape, request logs and OpenAPI. Used by `main.ts` and by the e2e tests.
 */
export async function createApiApp(
  config: ApiConfig,
  options: CreateApiAppOptions = {},
): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createPinoLogger(config.logLevel);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // One line per request, written in onResponse below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: true,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new JsonLogger(logger),
    abortOnError: false,
  });

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
    done();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The OpenAPI UI at /api/docs runs an inline bootstrap script and inline styles.
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
      },
    },
    // Front ends on other origins read API answers and covers.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.enableCors({
    origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['x-request-id'],
    maxAge: 600,
  });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter());
  setupDocs(app, config);
  await app.init();
  return app;
}
