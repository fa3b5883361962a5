// The front ends' production server (the shell, each remote, the standalone author portal), on
// Fastify:
//
// - Files with @fastify/static: a precompressed `file.br` / `file.gz` beside the file wins;
//   otherwise @fastify/compress compresses compressible answers as the browser accepts.
// - SPA fallback: a GET for a path that is no file and looks like a page (no extension, or the
//   browser asks for HTML) gets index.html.
// - Cache: content-hashed files are immutable for a year; everything else (index.html,
//   remoteEntry.js, mf-manifest.json, runtime-config.json) is `no-cache` (revalidate with ETag), so
//   a redeployed remote is picked up on the next reload.
// - `/runtime-config.json`, generated from the environment for the address the page was opened
//   at when `runtimeConfig` is `true` (runtime-config.ts).
// - `/api/*` proxied to the API (`apiUpstream`), so the page calls the API on its own origin.
// - Security headers (security-headers.ts): CORS only for front-end origins, a CSP the federated
//   app runs under, frame and referrer policies, HSTS behind TLS.
// - Server-side composition of the landing pages (landing.ts): `landing` makes this server answer
//   `/__landing` from a renderer module (the storefront); `compose` makes it ask for that before
//   it sends a page (the shell).
// - Released remotes (released-remotes.ts): `/remotes/<remote>/<version>/…` from the release
//   store, immutably, and the runtime config pointed at the versions the environment's pointers
//   name, read again when they change.

import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import os from 'node:os';
import { STATUS_CODES } from 'node:http';
import { readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { RemoteId } from '@mechabrim/releases';
import {
  LANDING_PATH,
  composePage,
  createLandingClient,
  createLandingRenderer,
  landingCookies,
  withPageHead,
  type LandingAnswer,
  type RemoteLanding,
} from './landing';
import {
  contentTypeOf,
  HTML_TYPE,
  IMMUTABLE,
  JSON_TYPE,
  NO_CACHE,
  sendNotFound,
} from './answer-headers';
import { registerApiProxy } from './api-proxy';
import { sendReleasedFile } from './released-files';
import {
  RELEASES_PREFIX,
  bucketOf,
  RendererCopies,
  landingModuleFor,
  newBucket,
  withReleases,
  type EdgeReleases,
} from './released-remotes';
import { runtimeConfigFromEnv, type Env, type RuntimeConfig } from './runtime-config';
import {
  DEFAULT_PAYMENT_FRAME_ORIGINS,
  HSTS,
  REFERRER_POLICY,
  allowedCorsOrigin,
  contentSecurityPolicy,
  inlineScriptHashes,
} from './security-headers';
import { createSeoFiles } from './sitemap';
import { strings } from './strings.he';

/** `main.3f9a1c2e.js`, `412.a1b2c3d4e5f6.js`, `heebo-hebrew-400.8c1f2a3b.woff2` */
const HASHED = /[.-][0-9a-f]{8,32}\.[a-z0-9]+$/i;
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** The Cache-Control value for a served file name. */
export function cacheControlFor(file: string): string {
  return HASHED.test(path.basename(file)) ? IMMUTABLE : NO_CACHE;
}

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
  landing?: {
    module: string;
    apiBaseUrl: string;
    apiTimeoutMs?: number;
    cacheMs?: number;
    /** The store's public address, which pages' heads are written for. */
    siteUrl?: string;
    /** The remote whose renderer it is: with `releases`, the renderer of the reader's version runs. */
    remote?: RemoteId;
  };
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
  seo?: {
    siteUrl: string;
    apiBaseUrl: string;
    cacheMs?: number;
    retryMs?: number;
    maxUrls?: number;
    maxBytes?: number;
  };
  /** Called with errors raised while answering a request. */
  onError?: (err: unknown) => void;
}

export interface EdgeServer {
  /** `http://localhost:<port>` (or the given host). */
  url: string;
  port: number;
  close(): Promise<void>;
}

interface FoundFile {
  file: string;
  stat: Stats;
}

/**
 * Adds a header name to Vary, keeping what is there (@fastify/compress and @fastify/static add
 * `accept-encoding` in lower case, and skip it when it is already listed).
 */
function addVary(reply: FastifyReply, name: string) {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (!names.some((part) => part.toLowerCase() === name)) names.push(name);
  reply.header('vary', names.join(', '));
}

/** Starts serving `options.dir`. */
export async function startEdgeServer(options: EdgeServerOptions): Promise<EdgeServer> {
  const root = path.resolve(options.dir);
  const env = options.env ?? process.env;
  const fixedRuntimeConfig =
    typeof options.runtimeConfig === 'object' ? options.runtimeConfig : null;
  const generatesRuntimeConfig = options.runtimeConfig === true;
  const paymentFrameOrigins = options.paymentFrameOrigins ?? DEFAULT_PAYMENT_FRAME_ORIGINS;
  const corsOrigins = options.corsOrigins ?? [];
  const hsts = options.hsts ?? 'auto';
  const releases = options.releases ?? null;
  const landingOptions = options.landing;
  const landingRemote = landingOptions?.remote;
  // A store with no folders on this machine (object storage): its renderers are copied here.
  const rendererCopies =
    releases && landingRemote && !releases.store.folderOf
      ? new RendererCopies(
          releases.store,
          path.join(os.tmpdir(), `mechabrim-edge-renderers-${process.pid}-${randomUUID()}`),
        )
      : undefined;
  const landing = landingOptions
    ? createLandingRenderer({
        ...landingOptions,
        module:
          releases && landingRemote
            ? (bucket: number | null) =>
                landingModuleFor(releases, landingRemote, landingOptions.module, bucket, {
                  copies: rendererCopies,
                  onError: options.onError,
                })
            : landingOptions.module,
      })
    : null;
  const askForLanding = options.compose ? createLandingClient(options.compose) : null;
  const seoFiles = options.seo
    ? createSeoFiles({ ...options.seo, onError: options.onError })
    : null;
  /** Crawlers may keep robots.txt and the sitemap for as long as the sitemap is kept here. */
  const SEO_CACHE = 'public, max-age=600';
  /** The renderer's own folder inside the served one (dist/server/) is not served. */
  const landingDirectory = landingOptions
    ? path.dirname(path.resolve(landingOptions.module))
    : null;
  const hidden =
    landingDirectory && landingDirectory.startsWith(root + path.sep)
      ? landingDirectory + path.sep
      : null;

  /** An error answer: JSON with a Hebrew message, whatever went wrong; 5xx are reported. */
  function sendError(reply: FastifyReply, err: { statusCode?: number }) {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500 && options.onError) options.onError(err);
    return reply
      .code(status)
      .type(JSON_TYPE)
      .header('Cache-Control', NO_CACHE)
      .send({
        statusCode: status,
        error: STATUS_CODES[status] ?? 'Error',
        message: status >= 500 ? strings.serverError : strings.badRequest,
      });
  }

  const app = Fastify({
    trustProxy: options.trustProxy ?? false,
    // Keep-alive sockets would hold close() open; tests stop and restart servers often.
    keepAliveTimeout: 1000,
    forceCloseConnections: true,
    // A malformed address or header is refused before any route: the same answer as any error.
    frameworkErrors: (err, _request, reply) => void sendError(reply, err),
  });

  app.setErrorHandler((err: { statusCode?: number }, _request, reply) => sendError(reply, err));
  await app.register(fastifyCompress, {
    global: true,
    threshold: 256,
    encodings: ['br', 'gzip'],
  });

  if (options.apiUpstream) {
    await registerApiProxy(app, { upstream: options.apiUpstream, onError: options.onError });
  }

  /** Page parts (index.html, the landing frame) by file, read again when their file changes. */
  const pageParts = new Map<string, { mtimeMs: number; text: string }>();
  async function readPart(file: string): Promise<string> {
    const { mtimeMs } = await stat(file);
    const known = pageParts.get(file);
    if (known && known.mtimeMs === mtimeMs) return known.text;
    const text = await readFile(file, 'utf8');
    pageParts.set(file, { mtimeMs, text });
    return text;
  }
  const indexFile = path.join(root, 'index.html');

  /** The origin the browser opened this page at, as the request (and a trusted proxy) tells. */
  function pageOrigin(request: FastifyRequest): string | undefined {
    try {
      const origin = new URL(`${request.protocol}://${request.host}`);
      return origin.origin;
    } catch {
      return undefined;
    }
  }

  /** The page's runtime config, each released remote at the version a reader in `bucket` gets. */
  function runtimeConfigFor(
    request: FastifyRequest,
    bucket: number | null = null,
  ): RuntimeConfig | null {
    const config =
      fixedRuntimeConfig ??
      (generatesRuntimeConfig ? runtimeConfigFromEnv(env, pageOrigin(request)) : null);
    if (!config || !releases) return config;
    return withReleases(
      config,
      releases.pointers.current(options.onError),
      bucket,
      releases.publicUrl,
    );
  }

  /**
   * The reader's release bucket: from their cookie, else — while a canary runs — a new one, kept
   * by a cookie set on this answer; `null` otherwise (every reader gets the live version).
   */
  function readerBucket(request: FastifyRequest, reply: FastifyReply): number | null {
    const bucket = bucketOf(request.headers.cookie);
    if (bucket !== null || !releases) return bucket;
    const pointers = releases.pointers.current(options.onError);
    if (!Object.values(pointers).some((remote) => remote.candidate)) return null;
    const given = newBucket(request.protocol === 'https');
    void reply.header('Set-Cookie', given.cookie);
    return given.bucket;
  }

  /** `/runtime-config.json`, each released remote at the version this reader gets. */
  function sendRuntimeConfig(request: FastifyRequest, reply: FastifyReply) {
    if (!fixedRuntimeConfig && !generatesRuntimeConfig) return null;
    const config = runtimeConfigFor(request, releases ? readerBucket(request, reply) : null);
    if (!config) return null;
    if (releases) void reply.header('Vary', 'accept-encoding, cookie');
    return reply.type(JSON_TYPE).header('Cache-Control', NO_CACHE).send(JSON.stringify(config));
  }

  async function findFile(urlPath: string): Promise<FoundFile | null> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const file = path.join(root, path.normalize(decoded));
    if (file !== root && !file.startsWith(root + path.sep)) return null;
    if (hidden && (file + path.sep).startsWith(hidden)) return null;
    try {
      let found = await stat(file);
      if (found.isDirectory()) {
        const index = path.join(file, 'index.html');
        found = await stat(index);
        return found.isFile() ? { file: index, stat: found } : null;
      }
      return found.isFile() ? { file, stat: found } : null;
    } catch {
      return null;
    }
  }

  function sendFound(reply: FastifyReply, found: FoundFile) {
    return reply.sendFile(path.relative(root, found.file), root);
  }

  /**
   * index.html with the storefront's landing markup in it, or `null` (no markup for this page in
   * time, or no frame in this build): the caller then sends index.html as it is.
   */
  async function composedPage(
    pagePath: string,
    cookie: string | undefined,
    bucket: number | null,
  ): Promise<string | 'not-found' | null> {
    if (!askForLanding) return null;
    const [index, frame] = await Promise.all([
      readPart(indexFile).catch(() => null),
      readPart(path.join(root, 'landing-frame.html')).catch(() => null),
    ]);
    // A build without a frame (or a page) has no use for the storefront's answer.
    if (!index || !frame) return null;
    const landingAnswer = await askForLanding(pagePath, cookie, bucket);
    if (landingAnswer?.notFound) return 'not-found';
    if (!landingAnswer) return null;
    // Drawn in the browser, with the page's own head.
    if (landingAnswer.headOnly) return withPageHead(index, landingAnswer.head);
    return composePage({ index, frame, pagePath, landing: landingAnswer });
  }

  async function answerLanding(reply: FastifyReply, url: URL, cookie: string | undefined) {
    const pagePath = url.searchParams.get('path') ?? '';
    if (!pagePath.startsWith('/') || pagePath.startsWith('//') || pagePath.length > 2048) {
      return reply
        .code(400)
        .type(JSON_TYPE)
        .header('Cache-Control', NO_CACHE)
        .send({ statusCode: 400, error: 'Bad Request', message: strings.badLandingPath });
    }
    let answer: LandingAnswer | null = null;
    try {
      answer = landing
        ? await landing.render(pagePath, landingCookies(cookie), bucketOf(cookie))
        : null;
    } catch (err) {
      // The page is then drawn in the browser; the error is reported, the request is not failed.
      if (options.onError) options.onError(err);
    }
    if (!answer) return reply.code(204).header('Cache-Control', NO_CACHE).send();
    return reply
      .type(JSON_TYPE)
      .header('Cache-Control', NO_CACHE)
      .header('Vary', 'accept-encoding')
      .send(JSON.stringify(answer));
  }

  await app.register(async (frontEnd) => {
    await frontEnd.register(fastifyStatic, {
      root,
      serve: false,
      preCompressed: true,
      // Cache-Control is set per file below (content-hashed names are immutable).
      cacheControl: false,
      setHeaders: (reply, file) => {
        // Checked by the original file's name: the precompressed twin has the same cache life.
        const original = file.replace(/\.(br|gz)$/, '');
        const type = contentTypeOf(original);
        if (type) reply.header('Content-Type', type);
        reply.header('Cache-Control', cacheControlFor(original));
      },
    });

    frontEnd.addHook('onSend', async (request, reply, payload) => {
      const cors = allowedCorsOrigin(request.headers.origin, request.hostname, corsOrigins);
      if (cors) {
        reply.header('Access-Control-Allow-Origin', cors);
        reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
        reply.header('Access-Control-Allow-Headers', '*');
      }
      // The answer depends on who asks: a shared cache must not hand it to another origin.
      if (request.headers.origin !== undefined) addVary(reply, 'origin');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', REFERRER_POLICY);
      if (hsts === 'always' || (hsts === 'auto' && request.protocol === 'https')) {
        reply.header('Strict-Transport-Security', HSTS);
      }
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) {
        const index = await readPart(indexFile).catch(() => '');
        reply.header(
          'Content-Security-Policy',
          contentSecurityPolicy({
            runtimeConfig: runtimeConfigFor(request),
            inlineScriptHashes: inlineScriptHashes(index),
            paymentFrameOrigins,
            // Released versions on another origin: allowed whatever version this reader gets
            // (the policy is not drawn per bucket, and a canary's reader loads the candidate).
            ...(releases?.publicUrl ? { remoteUrls: [releases.publicUrl] } : {}),
          }),
        );
        reply.header('X-Frame-Options', 'SAMEORIGIN');
      }
      return payload;
    });

    frontEnd.route({
      method: ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        if (request.method === 'OPTIONS') return reply.code(204).send();
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return reply.code(405).header('Allow', ALLOWED_METHODS).send();
        }
        const url = new URL(request.url, 'http://localhost');
        const urlPath = url.pathname;

        const seoFile = seoFiles ? await seoFiles.answer(urlPath) : null;
        if (seoFile === 'unavailable') {
          return reply
            .code(503)
            .type(JSON_TYPE)
            .header('Cache-Control', NO_CACHE)
            .header('Retry-After', '60')
            .send({
              statusCode: 503,
              error: 'Service Unavailable',
              message: strings.apiUnavailable,
            });
        }
        if (seoFile) {
          return reply.type(seoFile.type).header('Cache-Control', SEO_CACHE).send(seoFile.body);
        }

        if (landing && urlPath === LANDING_PATH) {
          return answerLanding(reply, url, request.headers.cookie);
        }

        if (releases && urlPath.startsWith(RELEASES_PREFIX)) {
          return sendReleasedFile(request, reply, releases.store, urlPath, options.onError);
        }

        if (urlPath === '/runtime-config.json') {
          const sent = sendRuntimeConfig(request, reply);
          if (sent) return sent;
        }

        const found = await findFile(urlPath);
        const isPage =
          !path.extname(urlPath) || String(request.headers.accept ?? '').includes('text/html');
        if (isPage && (!found || found.file === indexFile) && options.isSitePage) {
          if (!options.isSitePage(urlPath)) void reply.code(404);
        }
        if (askForLanding && isPage && (!found || found.file === indexFile)) {
          const page = await composedPage(
            `${urlPath}${url.search}`,
            request.headers.cookie,
            releases ? readerBucket(request, reply) : null,
          );
          // No such book or author: the app draws its not-found screen, answered with 404.
          if (page === 'not-found') void reply.code(404);
          else if (page) {
            return (
              reply
                .type(HTML_TYPE)
                .header('Cache-Control', NO_CACHE)
                // The cart page is drawn from the cart's cookie.
                .header('Vary', 'accept-encoding, cookie')
                .send(page)
            );
          }
        }
        if (found) return sendFound(reply, found);

        // SPA fallback: the shell's router owns every page path.
        if (isPage) {
          const index = await findFile('/index.html');
          if (index) return sendFound(reply, index);
        }
        return sendNotFound(reply);
      },
    });
  });

  try {
    // All interfaces (IPv6 and IPv4) unless told otherwise, as Node's own listen() does.
    await app.listen({ port: options.port ?? 0, host: options.host ?? '::' });
  } catch (err) {
    const noIpv6 = (err as { code?: string }).code === 'EAFNOSUPPORT' && !options.host;
    if (!noIpv6) throw err;
    await app.listen({ port: options.port ?? 0, host: '0.0.0.0' });
  }
  const address = app.server.address() as AddressInfo;
  const host = options.host;
  const urlHost =
    !host || host === '::' || host === '0.0.0.0'
      ? 'localhost'
      : host.includes(':')
        ? `[${host}]`
        : host;
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    close: async () => {
      await app.close();
      if (rendererCopies) await rm(rendererCopies.dir, { recursive: true, force: true });
    },
  };
}
