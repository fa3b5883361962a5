// Who may read the front end's answers from another origin, with @fastify/cors: the origins
// `allowedCorsOrigin` admits (security-headers.ts) get their origin back, any other none (never
// `*`); every OPTIONS request is answered 204, a preflight with the methods this server takes.

import fastifyCors from '@fastify/cors';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { allowedCorsOrigin } from './security-headers';

/** The methods the front end answers (writes go to `/api`, proxied to the API, not here). */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

const cors: FastifyPluginAsync<{ origins: readonly string[] }> = async (app, { origins }) => {
  await app.register(fastifyCors, {
    // Per request: the admitted origin depends on the host name this server was asked by.
    delegator: (request, callback) => {
      const admitted = allowedCorsOrigin(request.headers.origin, request.hostname, origins);
      callback(null, {
        // The one admitted origin, or a list no origin is on: an OPTIONS request from any other
        // is still answered, with no Access-Control-Allow-Origin.
        origin: admitted ? [admitted] : [],
        methods: ALLOWED_METHODS,
        allowedHeaders: '*',
        // An OPTIONS request without Origin or Access-Control-Request-Method is answered too.
        strictPreflight: false,
      });
    },
  });
};

/** CORS for the answers of the context it is registered in (not the proxied API's). */
export const frontEndCors = fastifyPlugin(cors, { name: 'front-end-cors' });
