import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Logger } from 'pino';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import { MAX_UPLOAD_FILE_BYTES } from '@mechabrim/contracts';
import { createPinoLogger, JsonLogger } from '@mechabrim/server-kit';
import { readRestAfterEarlyAnswers } from '@mechabrim/server-kit/http';
import { registerQueueBoard } from './admin-queues/queue-board';
import { AppModule } from './app.module';
import { CLIENT_LOG_BULK_BODY_LIMIT_BYTES } from './client-logs/entry-size';
import { corsOptions } from './common/http/cors';
import { registerOperatorKeyGuard } from './common/http/operator-keys';
import { helmetHeaders, registerSecurityHeaders } from './common/http/security-headers';
import { AllExceptionsFilter, sendError } from './common/filters/all-exceptions.filter';
import { ApiConfig } from './config/api-config';
import { setupDocs } from './docs/docs.setup';
import { HealthAnswers } from './health/health-answers';
import { HEALTH_PATH, serveHealthOnLeanPath } from './health/health.route';

export interface CreateApiAppOptions {
  /** Defaults to a JSON logger on stdout at `config.logLevel`. */
  logger?: Logger;
}

const isGetOrHead = (method: string) => method === 'GET' || method === 'HEAD';

let requestCounter = 0;
const requestIdPrefix = `${process.pid.toString(36)}-${Date.now().toString(36)}`;

/**
 * Builds the API application (not yet listening): Fastify with helmet's headers, CORS, the `/api`
 * prefix, the one error shape, one JSON log line per request (none for a successful health
 * probe), and OpenAPI. Used by `main.ts`
 * and by the e2e tests (`createTestApi` in services/api/test/test-api.ts).
 */
export async function createApiApp(
  config: ApiConfig,
  options: CreateApiAppOptions = {},
): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createPinoLogger('api', config.logLevel);
  const securityHeaders = helmetHeaders();
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // One line per request, written in onResponse below, instead of Fastify's two; and no child
    // logger per request (the request id is a field of each line instead).
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (parent: FastifyBaseLogger) => parent,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => `${requestIdPrefix}-${(++requestCounter).toString(36)}`,
    return503OnClosing: true,
    // The router refuses a malformed percent-encoding (400) or an over-long route parameter (414)
    // before any hook runs: answer them in the one error shape with the usual security headers.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      void reply.headers(securityHeaders);
      sendError(error, request, reply);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, logger),
    adapter,
    // rawBody: the payment notify's HMAC is computed over the bytes as sent.
    { logger: new JsonLogger(logger), abortOnError: false, rawBody: true },
  );

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onResponse', (request, reply, done) => {
    // Load balancers and monitors poll the health check: its successful answers get no line
    // (a 503 or any other error still does), or probes would drown the log and cost each
    // request a JSON line.
    if (reply.statusCode < 400 && request.url === HEALTH_PATH && isGetOrHead(request.method)) {
      done();
      return;
    }
    logger.info(
      {
        reqId: request.id,
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
    done();
  });
  // Route-level body limits, set as Nest registers the routes (during init, below).
  const routeBodyLimits = new Map([
    ['/api/logs/client-bulk', Math.max(config.bodyLimitBytes, CLIENT_LOG_BULK_BODY_LIMIT_BYTES)],
  ]);
  fastify.addHook('onRoute', (route) => {
    const limit = routeBodyLimits.get(route.url);
    if (limit !== undefined) route.bodyLimit = limit;
  });
  // Multipart bodies (book uploads) are parsed only by the route that asks for them, as a stream:
  // each file is cut off past the spec's 50 MB while it arrives (spec §5).
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_UPLOAD_FILE_BYTES,
      files: 3,
      fields: 30,
      fieldSize: 64 * 1024,
      parts: 40,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
  // A refusal sent while the body still arrives (a refused upload, 413, 401, 429) must leave the
  // connection usable for the next request, which may be another client's through the edge.
  readRestAfterEarlyAnswers(fastify);
  registerSecurityHeaders(fastify);
  await app.register(fastifyCors, corsOptions(config.corsOrigins));
  registerOperatorKeyGuard(fastify);
  serveHealthOnLeanPath(fastify, app.get(HealthAnswers));

  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter());
  setupDocs(app, config);
  await registerQueueBoard(app);
  await app.init();
  return app;
}
