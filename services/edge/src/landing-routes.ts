// The edge's side of the server-drawn landing pages (landing.ts): a remote's server answers
// `GET /__landing?path=` from its renderer module (the storefront's), and the shell's server
// asks for that before it sends a page and composes the answer into index.html.

import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { RemoteId } from '@mechabrim/releases';
import { addVary, JSON_TYPE, NO_CACHE, sendJsonError } from './answer-headers';
import {
  LANDING_PATH,
  composePage,
  createLandingClient,
  createLandingRenderer,
  landingCookies,
  withPageHead,
  type LandingAnswer,
  type LandingRenderer,
  type RemoteLanding,
} from './landing';
import type { PageParts } from './page-parts';
import { RendererCopies, bucketOf, landingModuleFor, type EdgeReleases } from './released-remotes';
import { strings } from './strings.he';

export interface LandingOptions {
  /** The renderer module (the storefront's dist/server/landing.cjs). */
  module: string;
  apiBaseUrl: string;
  apiTimeoutMs?: number;
  cacheMs?: number;
  /** The store's public address, which pages' heads are written for. */
  siteUrl?: string;
  /** The remote whose renderer it is: with `releases`, the renderer of the reader's version runs. */
  remote?: RemoteId;
}

export interface LandingSide {
  renderer: LandingRenderer;
  /** The renderer's own folder, never served as files. */
  directory: string;
  /** Removes what the renderer left on this machine (copies of released renderers). */
  cleanUp(): Promise<void>;
}

/** The renderer: the module given, or — with releases — the one of the reader's version. */
export function createLandingSide(
  options: LandingOptions,
  releases: EdgeReleases | null,
  onError?: (err: unknown) => void,
): LandingSide {
  const remote = options.remote;
  // A store with no folders on this machine (object storage): its renderers are copied here.
  const copies =
    releases && remote && !releases.store.folderOf
      ? new RendererCopies(
          releases.store,
          path.join(os.tmpdir(), `mechabrim-edge-renderers-${process.pid}-${randomUUID()}`),
        )
      : undefined;
  const renderer = createLandingRenderer({
    ...options,
    module:
      releases && remote
        ? (bucket: number | null) =>
            landingModuleFor(releases, remote, options.module, bucket, { copies, onError })
        : options.module,
  });
  return {
    renderer,
    directory: path.dirname(path.resolve(options.module)),
    cleanUp: async () => {
      if (copies) await rm(copies.dir, { recursive: true, force: true });
    },
  };
}

/** `GET /__landing?path=`: the renderer's answer as JSON, or 204 (the browser draws the page). */
export const landingRoutes: FastifyPluginAsync<{
  renderer: LandingRenderer;
  onError?: (err: unknown) => void;
}> = async (app, { renderer, onError }) => {
  app.get(LANDING_PATH, async (request, reply) => {
    const pagePath = new URL(request.url, 'http://localhost').searchParams.get('path') ?? '';
    if (!pagePath.startsWith('/') || pagePath.startsWith('//') || pagePath.length > 2048) {
      return sendJsonError(reply, 400, 'Bad Request', strings.badLandingPath);
    }
    const cookie = request.headers.cookie;
    let answer: LandingAnswer | null = null;
    try {
      answer = await renderer.render(pagePath, landingCookies(cookie), bucketOf(cookie));
    } catch (err) {
      // The page is then drawn in the browser; the error is reported, the request is not failed.
      if (onError) onError(err);
    }
    if (!answer) return reply.code(204).header('Cache-Control', NO_CACHE).send();
    return addVary(reply, 'accept-encoding')
      .type(JSON_TYPE)
      .header('Cache-Control', NO_CACHE)
      .send(JSON.stringify(answer));
  });
};

/**
 * The shell's side: index.html with the remote's landing markup in it, `'not-found'` (the page's
 * subject does not exist), or `null` (no markup for this page in time, or no frame in this
 * build): the caller then sends index.html as it is.
 */
export type ComposedPage = (
  pagePath: string,
  cookie: string | undefined,
  bucket: number | null,
) => Promise<string | 'not-found' | null>;

export function createPageComposer(
  compose: { landingUrl: string; timeoutMs?: number; remotes?: readonly RemoteLanding[] },
  parts: PageParts,
): ComposedPage {
  const askForLanding = createLandingClient(compose);
  return async (pagePath, cookie, bucket) => {
    const [index, frame] = await Promise.all([
      parts.read(parts.indexFile).catch(() => null),
      parts.read(parts.frameFile).catch(() => null),
    ]);
    // A build without a frame (or a page) has no use for the storefront's answer.
    if (!index || !frame) return null;
    const landing = await askForLanding(pagePath, cookie, bucket);
    if (landing?.notFound) return 'not-found';
    if (!landing) return null;
    // Drawn in the browser, with the page's own head.
    if (landing.headOnly) return withPageHead(index, landing.head);
    return composePage({ index, frame, pagePath, landing });
  };
}
