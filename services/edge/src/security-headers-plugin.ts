// The security headers on every front-end answer (security-headers.ts): nosniff, the referrer
// policy and HSTS behind TLS on all of them; a page (HTML) also gets the CSP it runs under, with
// the hash of index.html's inline start-up script, and may be framed by its own origin only.

import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { PageParts } from './page-parts';
import type { ReaderConfig } from './released-routes';
import {
  HSTS,
  REFERRER_POLICY,
  contentSecurityPolicy,
  inlineScriptHashes,
} from './security-headers';

export interface SecurityHeadersOptions {
  parts: PageParts;
  reader: ReaderConfig;
  /** Origins the checkout may frame (the payment provider's hosted page). */
  paymentFrameOrigins: readonly string[];
  /** HSTS: `auto` only for pages that came over HTTPS; `always`; `never`. */
  hsts: 'auto' | 'always' | 'never';
  /** The release store's public address, when released versions load from another origin. */
  releasesPublicUrl?: string;
}

const securityHeaders: FastifyPluginAsync<SecurityHeadersOptions> = async (app, options) => {
  const { parts, reader, paymentFrameOrigins, hsts, releasesPublicUrl } = options;
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', REFERRER_POLICY);
    if (hsts === 'always' || (hsts === 'auto' && request.protocol === 'https')) {
      reply.header('Strict-Transport-Security', HSTS);
    }
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      const index = await parts.read(parts.indexFile).catch(() => '');
      reply.header(
        'Content-Security-Policy',
        contentSecurityPolicy({
          runtimeConfig: reader.runtimeConfigFor(request),
          inlineScriptHashes: inlineScriptHashes(index),
          paymentFrameOrigins,
          // Released versions on another origin: allowed whatever version this reader gets
          // (the policy is not drawn per bucket, and a canary's reader loads the candidate).
          ...(releasesPublicUrl ? { remoteUrls: [releasesPublicUrl] } : {}),
        }),
      );
      reply.header('X-Frame-Options', 'SAMEORIGIN');
    }
    return payload;
  });
};

/** The headers for the answers of the context it is registered in. */
export const securityHeadersPlugin = fastifyPlugin(securityHeaders, { name: 'security-headers' });
