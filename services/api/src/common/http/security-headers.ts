import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Helmet settings for JSON answers: nothing in them may load anything or be framed. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  // Front ends on other origins read API answers and covers.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/** Helmet settings for the OpenAPI UI at /api/docs, which runs an inline script and styles. */
export const DOCS_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
    },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/**
 * Runs helmet once and returns the headers it sets. Our helmet configuration has no per-request
 * part (no CSP nonces), so the headers are the same for every response; @fastify/helmet would
 * rebuild the whole helmet middleware on every request, which cost about a third of the API's
 * CPU per request (bench/src/api-health.bench.ts).
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error)
        throw error instanceof Error ? error : new Error('helmet failed', { cause: error });
    },
  );
  return headers;
}

/**
 * Adds helmet's headers to every response, errors and 404s included. The pages the API serves to
 * browsers (the OpenAPI UI, the admins' queue board) may run their own scripts and styles.
 */
export function registerSecurityHeaders(
  fastify: FastifyInstance,
  pagePrefixes: readonly string[] = ['/api/docs', '/api/admin/queues'],
): void {
  const api = helmetHeaders(HELMET_OPTIONS);
  const pages = helmetHeaders(DOCS_HELMET_OPTIONS);
  fastify.addHook('onRequest', (request, reply, done) => {
    const isPage = pagePrefixes.some((prefix) => request.url.startsWith(prefix));
    void reply.headers(isPage ? pages : api);
    done();
  });
}
