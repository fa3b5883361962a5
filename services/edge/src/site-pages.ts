// Every address no other route answers: a file of the build, else — for a page path (no
// extension, or the browser asks for HTML) — index.html, the shell's router owning every page
// (the SPA fallback); with `composer`, index.html composed with the server-drawn markup.
// Writes are refused (405): they go to `/api`; OPTIONS is CORS's (front-end-cors.ts).

import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { addVary, HTML_TYPE, NO_CACHE, sendJsonError, sendNotFound } from './answer-headers';
import { ALLOWED_METHODS } from './front-end-cors';
import type { ComposedPage } from './landing-routes';
import type { ReaderConfig } from './released-routes';
import type { ServedFiles } from './static-files';
import { strings } from './strings.he';

export interface SitePagesOptions {
  files: ServedFiles;
  reader: ReaderConfig;
  /** Whether readers get released versions (and so a release bucket with the page). */
  releases: boolean;
  composer: ComposedPage | null;
  /** Whether a page path is one of the site's; one that is not is answered with 404. */
  isSitePage?: (pathname: string) => boolean;
}

/** Answers an address with a file of the build or a page. */
export type SitePageHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<FastifyReply>;

export function createSitePages(options: SitePagesOptions): SitePageHandler {
  const { files, reader, composer, isSitePage } = options;
  const indexFile = path.join(files.root, 'index.html');

  /** The composed page for this page path, or `null`: index.html is sent as it is. */
  async function composedPage(request: FastifyRequest, reply: FastifyReply, url: URL) {
    if (!composer) return null;
    const page = await composer(
      `${url.pathname}${url.search}`,
      request.headers.cookie,
      options.releases ? reader.readerBucket(request, reply) : null,
    );
    // No such book or author: the app draws its not-found screen, answered with 404.
    if (page === 'not-found') void reply.code(404);
    return page === 'not-found' ? null : page;
  }

  return async (request, reply) => {
    const url = pageUrl(request.url);
    if (!url) return sendJsonError(reply, 400, 'Bad Request', strings.badRequest);
    const found = await files.find(url.pathname);
    const isPage =
      !path.extname(url.pathname) || String(request.headers.accept ?? '').includes('text/html');
    const isIndex = isPage && (!found || found.file === indexFile);
    if (isIndex && isSitePage && !isSitePage(url.pathname)) void reply.code(404);
    const page = isIndex ? await composedPage(request, reply, url) : null;
    if (page !== null) {
      // The cart page is drawn from the cart's cookie.
      return addVary(reply, 'accept-encoding', 'cookie')
        .type(HTML_TYPE)
        .header('Cache-Control', NO_CACHE)
        .send(page);
    }
    if (found) return files.send(reply, found);
    // SPA fallback: the shell's router owns every page path.
    const index = isPage ? await files.find('/index.html') : null;
    return index ? files.send(reply, index) : sendNotFound(reply);
  };
}

/**
 * The page's address. Read as a path of a fixed origin, not resolved against it: resolving would
 * take `//host/…` for another host, and `//` or `//[` would throw. Null when it is no address.
 */
function pageUrl(requestUrl: string): URL | null {
  try {
    return new URL(`http://localhost${requestUrl.startsWith('/') ? '' : '/'}${requestUrl}`);
  } catch {
    return null;
  }
}

/** Every address no other route of the front end answers; writes are refused with 405. */
export const sitePages: FastifyPluginAsync<{ answer: SitePageHandler }> = async (
  app,
  { answer },
) => {
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: answer });
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: (_request, reply) =>
      sendJsonError(
        reply.header('Allow', ALLOWED_METHODS),
        405,
        'Method Not Allowed',
        strings.methodNotAllowed,
      ),
  });
};
