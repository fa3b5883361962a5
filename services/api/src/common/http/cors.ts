import type { FastifyCorsOptions } from '@fastify/cors';

export const CORS_METHODS = 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS';

/**
 * `@fastify/cors` limited to the configured front-end origins (`CORS_ORIGINS`; `*` allows any).
 * An allowed origin gets `access-control-allow-origin` echoed with credentials; any other origin
 * gets no CORS headers, so browsers refuse to hand it the answer (its preflight finds no route).
 * Every answer varies by Origin. One `onRequest` hook with fixed options: no per-request options
 * delegator, which cost more per request than the whole health check (bench/src/api-health).
 */
export function corsOptions(origins: readonly string[]): FastifyCorsOptions {
  const any = origins.includes('*');
  const allowed = new Set(origins.map((o) => o.replace(/\/$/, '')));
  return {
    origin: (origin, callback) => {
      callback(null, origin !== undefined && (any || allowed.has(origin)));
    },
    credentials: true,
    methods: CORS_METHODS,
    exposedHeaders: 'x-request-id',
    maxAge: 600,
  };
}
