// `/robots.txt`, `/sitemap.xml` and its parts `/sitemap-<n>.xml` (sitemap.ts) for the store,
// the sitemap's entries read from the API. An address that is no sitemap part is the site's
// (site-pages.ts answers it, as any other address).

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendJsonError } from './answer-headers';
import type { SitePageHandler } from './site-pages';
import { createSeoFiles } from './sitemap';
import { strings } from './strings.he';

/** Crawlers may keep robots.txt and the sitemap for as long as the sitemap is kept here. */
const SEO_CACHE = 'public, max-age=600';

export interface SeoOptions {
  siteUrl: string;
  apiBaseUrl: string;
  cacheMs?: number;
  retryMs?: number;
  maxUrls?: number;
  maxBytes?: number;
  onError?: (err: unknown) => void;
}

export const seoRoutes: FastifyPluginAsync<SeoOptions & { otherwise: SitePageHandler }> = async (
  app,
  { otherwise, ...options },
) => {
  const seoFiles = createSeoFiles(options);

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const seoFile = await seoFiles.answer(new URL(request.url, 'http://localhost').pathname);
    if (seoFile === 'unavailable') {
      void reply.header('Retry-After', '60');
      return sendJsonError(reply, 503, 'Service Unavailable', strings.apiUnavailable);
    }
    if (!seoFile) return otherwise(request, reply);
    return reply.type(seoFile.type).header('Cache-Control', SEO_CACHE).send(seoFile.body);
  }

  app.get('/robots.txt', answer);
  app.get('/sitemap.xml', answer);
  app.get('/sitemap-*', answer);
};
