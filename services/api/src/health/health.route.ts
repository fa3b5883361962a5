import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { sendError } from '../common/filters/all-exceptions.filter';
import type { HealthAnswer, HealthAnswers } from './health-answers';

/** The path of the health check (HealthController under the global prefix `api`). */
export const HEALTH_PATH = '/api/health';

/** What terminus's `@HealthCheck()` sets on the route: probes must never see a stored answer. */
const CACHE_CONTROL = 'no-cache, no-store, must-revalidate';

function send(reply: FastifyReply, answer: HealthAnswer): void {
  void reply
    .code(answer.status)
    .header('cache-control', CACHE_CONTROL)
    .header('content-type', 'application/json; charset=utf-8')
    .send(answer.json);
}

/**
 * The plain Fastify handler of `GET /api/health`: the answer of {@link HealthAnswers} (terminus,
 * cached 500 ms), serialized once per evaluation, sent without a promise while it is fresh. An
 * unexpected error leaves in the standard error shape, as the Nest error filter would send it.
 */
export function healthHandler(answers: HealthAnswers): RouteHandlerMethod {
  return function health(request: FastifyRequest, reply: FastifyReply): void {
    const answer = answers.current();
    if (!(answer instanceof Promise)) {
      send(reply, answer);
      return;
    }
    answer.then(
      (settled) => send(reply, settled),
      (error: unknown) => sendError(error, request, reply),
    );
  };
}

/**
 * Load balancers and monitors poll `GET /api/health`, so it is served on a lean path: when Nest
 * registers HealthController's route (during `app.init()`), its handler is replaced by
 * {@link healthHandler}. The route keeps its declaration, path and OpenAPI entry from the
 * controller and every global Fastify hook (security headers, CORS, request id, the 503 while
 * closing), but skips Nest's per-request pipeline (execution context, guards, interceptors,
 * pipes, the response controller), which cost more than the rest of the request
 * (bench/src/api-health.bench.ts). Call before `app.init()`.
 */
export function serveHealthOnLeanPath(fastify: FastifyInstance, answers: HealthAnswers): void {
  const handler = healthHandler(answers);
  let served = false;
  fastify.addHook('onRoute', (route) => {
    // Fastify derives the HEAD route from the GET one; both get the lean handler.
    if (route.url === HEALTH_PATH && (route.method === 'GET' || route.method === 'HEAD')) {
      route.handler = handler;
      served ||= route.method === 'GET';
    }
  });
  // Should HealthController's path ever change, fail at start rather than fall back unnoticed.
  fastify.addHook('onReady', (done) => {
    done(served ? undefined : new Error(`no GET ${HEALTH_PATH} route to serve on the lean path`));
  });
}
