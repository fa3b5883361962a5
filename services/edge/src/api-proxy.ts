// `/api` and `/api/*` proxied to the API, so a page calls the API on its own origin.
import fastifyHttpProxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { MAX_REQUEST_BODY_BYTES } from '@mechabrim/contracts';
import { JSON_TYPE, NO_CACHE } from './answer-headers';
import { strings } from './strings.he';

/**
 * Registers the proxy in a context of its own. A body the edge answers before it has all arrived
 * needs nothing more here: @fastify/reply-from closes the connection when the API answered early,
 * and a body nobody started to read is read away by Node.
 */
export async function registerApiProxy(
  app: FastifyInstance,
  options: { upstream: string; onError?: (err: unknown) => void },
): Promise<void> {
  await app.register(async (api) => {
    // A body larger than the API would ever read is refused here, before a byte goes upstream:
    // the API would close the connection on it, and the proxy could then pass on only a 502.
    api.addHook('onRequest', (request, reply, done) => {
      if (Number(request.headers['content-length']) > MAX_REQUEST_BODY_BYTES) {
        void reply
          .code(413)
          .type(JSON_TYPE)
          .header('Cache-Control', NO_CACHE)
          .send({ statusCode: 413, error: 'Payload Too Large', message: strings.bodyTooLarge });
        return;
      }
      done();
    });
    await api.register(fastifyHttpProxy, {
      upstream: options.upstream,
      prefix: '/api',
      rewritePrefix: '/api',
      replyOptions: {
        // The API sees who asked and at which address, not this server.
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-forwarded-for': [headers['x-forwarded-for'], request.socket.remoteAddress]
            .filter(Boolean)
            .join(', '),
          'x-forwarded-host': request.headers.host ?? '',
          'x-forwarded-proto': request.protocol,
        }),
        onError: (reply, { error }) => {
          if (options.onError) options.onError(error);
          void reply.code(502).type(JSON_TYPE).send({
            statusCode: 502,
            error: 'Bad Gateway',
            message: strings.apiUnavailable,
          });
        },
      },
    });
  });
}
