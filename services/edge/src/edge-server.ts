// The front ends' production server (the shell, each remote, the standalone author portal), on
// Fastify, composed of plugins, each in a file of its own:
//
// - `/api/*` proxied to the API (api-proxy.ts), so the page calls the API on its own origin.
// - CORS for front-end origins only (front-end-cors.ts), and the security headers
//   (security-headers-plugin.ts): a CSP the federated app runs under, frame and referrer
//   policies, HSTS behind TLS.
// - `/robots.txt` and the sitemap (seo-routes.ts).
// - Server-side composition of the landing pages (landing-routes.ts, landing.ts): `landing`
//   makes this server answer `/__landing` from a renderer module (the storefront); `compose`
//   makes it ask for that before it sends a page (the shell).
// - `/runtime-config.json` and the released remotes (released-routes.ts):
//   `/remotes/<remote>/<version>/…` from the release store, immutably, and the runtime config
//   pointed at the versions the environment's pointers name, read again when they change.
// - The build's files with their cache headers (static-files.ts), and every other address
//   (site-pages.ts): a file, or index.html for a page path (the SPA fallback).

import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { sendError } from './answer-headers';
import { registerApiProxy } from './api-proxy';
import { frontEndCors } from './front-end-cors';
import {
  createLandingSide,
  createPageComposer,
  landingRoutes,
  type LandingOptions,
} from './landing-routes';
import type { RemoteLanding } from './landing';
import { createPageParts } from './page-parts';
import { createReaderConfig, releasedRoutes } from './released-routes';
import type { EdgeReleases } from './released-remotes';
import type { Env, RuntimeConfig } from './runtime-config';
import { DEFAULT_PAYMENT_FRAME_ORIGINS } from './security-headers';
import { securityHeadersPlugin } from './security-headers-plugin';
import { seoRoutes, type SeoOptions } from './seo-routes';
import { createSitePages, sitePages } from './site-pages';
import { servedFiles, staticFilesPlugin } from './static-files';

export { cacheControlFor } from './static-files';

export interface EdgeServerOptions {
  /** The built folder to serve (e.g. `shell/dist`). */
  dir: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** Interface to listen on; absent: all interfaces. */
  host?: string;
  /**
   * `true`: generate `/runtime-config.json` from `env` for the address each page was opened at;
   * an object: serve that.
   */
  runtimeConfig?: boolean | RuntimeConfig;
  /** The environment the runtime config and the defaults read (default: `process.env`). */
  env?: Env;
  /** Proxy `/api` and `/api/*` to this API origin (e.g. `http://localhost:3000`). */
  apiUpstream?: string;
  /** Origins the checkout may frame (the payment provider's hosted page). */
  paymentFrameOrigins?: readonly string[];
  /** Front-end origins admitted by CORS besides those on this server's own host name. */
  corsOrigins?: readonly string[];
  /** HSTS: `auto` (default) only for pages that came over HTTPS; `always`; `never`. */
  hsts?: 'auto' | 'always' | 'never';
  /** Trust `X-Forwarded-Proto` / `X-Forwarded-Host` from the proxy in front (default false). */
  trustProxy?: boolean;
  /**
   * Answer `GET /__landing?path=` with a landing renderer module (the storefront's
   * dist/server/landing.cjs, which exports `renderLanding(path, { apiBaseUrl, timeoutMs })`).
   */
  landing?: LandingOptions;
  /**
   * Released remotes: serve `/remotes/<remote>/<version>/…` from the store and point the runtime
   * config at the versions the pointers name. Without pointers, nothing changes.
   */
  releases?: EdgeReleases;
  /**
   * Before sending a page, ask `landingUrl` (a storefront's `/__landing`) for its markup and
   * compose it into the page with dist/landing-frame.html; waits at most `timeoutMs` (500).
   */
  compose?: { landingUrl: string; timeoutMs?: number; remotes?: readonly RemoteLanding[] };
  /**
   * Whether a page path is one of the site's (the shell's route table): a page path that is not
   * is still answered with index.html, whose router draws the not-found screen, but with 404, so
   * that search engines do not keep it.
   */
  isSitePage?: (pathname: string) => boolean;
  /**
   * Serve `/robots.txt` and `/sitemap.xml` (sitemap.ts) for the store at `siteUrl`, the
   * sitemap's entries read from the API at `apiBaseUrl` (the shell).
   */
  seo?: Omit<SeoOptions, 'onError'>;
  /** Called with errors raised while answering a request. */
  onError?: (err: unknown) => void;
}

export interface EdgeServer {
  /** `http://localhost:<port>` (or the given host). */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on `options.host` (all interfaces, IPv6 and IPv4, when absent, as Node does). */
async function listen(
  app: FastifyInstance,
  options: EdgeServerOptions,
): Promise<{ url: string; port: number }> {
  try {
    await app.listen({ port: options.port ?? 0, host: options.host ?? '::' });
  } catch (err) {
    const noIpv6 = (err as { code?: string }).code === 'EAFNOSUPPORT' && !options.host;
    if (!noIpv6) throw err;
    await app.listen({ port: options.port ?? 0, host: '0.0.0.0' });
  }
  const { port } = app.server.address() as AddressInfo;
  const host = options.host;
  const urlHost =
    !host || host === '::' || host === '0.0.0.0'
      ? 'localhost'
      : host.includes(':')
        ? `[${host}]`
        : host;
  return { url: `http://${urlHost}:${port}`, port };
}

/** Starts serving `options.dir`. */
export async function startEdgeServer(options: EdgeServerOptions): Promise<EdgeServer> {
  const root = path.resolve(options.dir);
  const { onError } = options;
  const releases = options.releases ?? null;
  const parts = createPageParts(root);
  const reader = createReaderConfig({ ...options, env: options.env ?? process.env, releases });
  const landing = options.landing ? createLandingSide(options.landing, releases, onError) : null;

  const app = Fastify({
    trustProxy: options.trustProxy ?? false,
    // Keep-alive sockets would hold close() open; tests stop and restart servers often.
    keepAliveTimeout: 1000,
    forceCloseConnections: true,
    // A malformed address or header is refused before any route: the same answer as any error.
    frameworkErrors: (err, _request, reply) => void sendError(reply, err, onError),
  });
  app.setErrorHandler((err: { statusCode?: number }, _request, reply) =>
    sendError(reply, err, onError),
  );
  await app.register(fastifyCompress, { global: true, threshold: 256, encodings: ['br', 'gzip'] });
  if (options.apiUpstream) await registerApiProxy(app, { upstream: options.apiUpstream, onError });

  await app.register(async (frontEnd) => {
    await frontEnd.register(frontEndCors, { origins: options.corsOrigins ?? [] });
    await frontEnd.register(securityHeadersPlugin, {
      parts,
      reader,
      paymentFrameOrigins: options.paymentFrameOrigins ?? DEFAULT_PAYMENT_FRAME_ORIGINS,
      hsts: options.hsts ?? 'auto',
      releasesPublicUrl: releases?.publicUrl,
    });
    await frontEnd.register(staticFilesPlugin, { root });
    const answerSitePage = createSitePages({
      files: servedFiles(root, landing?.directory ?? null),
      reader,
      releases: releases !== null,
      composer: options.compose ? createPageComposer(options.compose, parts) : null,
      isSitePage: options.isSitePage,
    });
    if (options.seo) {
      await frontEnd.register(seoRoutes, { ...options.seo, onError, otherwise: answerSitePage });
    }
    if (landing) await frontEnd.register(landingRoutes, { renderer: landing.renderer, onError });
    await frontEnd.register(releasedRoutes, { reader, releases, onError });
    await frontEnd.register(sitePages, { answer: answerSitePage });
  });

  const { url, port } = await listen(app, options);
  return {
    url,
    port,
    close: async () => {
      await app.close();
      await landing?.cleanUp();
    },
  };
}
