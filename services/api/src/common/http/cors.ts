import type { FastifyInstance } from 'fastify';

export const CORS_METHODS = 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS';
const DEFAULT_ALLOWED_HEADERS = 'content-type,authorization,x-request-id';

/**
 * CORS limited to the configured front-end origins (`CORS_ORIGINS`; `*` allows any).
 * An allowed origin gets `access-control-allow-origin` echoed with credentials; any other origin
 * gets no CORS headers, so browsers refuse to hand it the answer. Preflights end here with 204.
 * A single cheap hook: the generic plugin route costs more per request than the whole health check.
 */
export function registerCors(fastify: FastifyInstance, origins: readonly string[]): void {
  const any = origins.includes('*');
  const allowed = new Set(origins.map((o) => o.replace(/\/$/, '')));
  fastify.addHook('onRequest', (request, reply, done) => {
    // Answers differ by Origin, so caches must key on it, whether or not this request has one.
    void reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    // Without an Origin header (servers, probes, same-origin GETs) and unless it is a preflight,
    // there is nothing to decide.
    if (origin === undefined && request.method !== 'OPTIONS') {
      done();
      return;
    }
    const preflight =
      request.method === 'OPTIONS' &&
      request.headers['access-control-request-method'] !== undefined;
    if (origin !== undefined && (any || allowed.has(origin))) {
      void reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': 'x-request-id',
      });
      if (preflight) {
        void reply
          .headers({
            'access-control-allow-methods': CORS_METHODS,
            'access-control-allow-headers':
              request.headers['access-control-request-headers'] ?? DEFAULT_ALLOWED_HEADERS,
            'access-control-max-age': '600',
          })
          .code(204)
          .send();
        return;
      }
    } else if (preflight) {
      // Not an allowed origin: answer the preflight without any permission.
      void reply.code(204).send();
      return;
    }
    done();
  });
}
