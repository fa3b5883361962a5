// The store's /robots.txt and /sitemap.xml, served by the shell's edge server for the store's
// public address.
//
// The sitemap follows the sitemaps.org protocol: a <urlset> of absolute <loc>s with W3C
// <lastmod> dates, at most 50,000 URLs and 50 MB (uncompressed) per file; past either, /sitemap.xml
// is a <sitemapindex> of /sitemap-1.xml, /sitemap-2.xml, … Its entries (every available book, each
// author with one, each category with one) come from the API's `GET /api/sitemap-entries` over
// HTTP, read page by page and kept for a while: crawlers read it often, it changes slowly.

import {
  SITEMAP_PAGE_MAX,
  sitemapEntriesPageSchema,
  sitemapPagePath,
  type SitemapEntry,
  type SitemapKind,
} from '@mechabrim/contracts';

/** The protocol's limits of one file. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

const XML_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * Pages crawlers should not walk: the reader's own pages (cart, checkout, payments, orders,
 * account), the author portal, the API — but covers, which link previews show.
 */
const DISALLOWED = [
  '/cart',
  '/checkout',
  '/payment/',
  '/orders',
  '/profile',
  '/wishlist',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/verify-email',
  '/unsubscribe',
  '/author-dashboard',
  '/book/upload',
  '/book/edit/',
  '/admin',
  '/api/',
  '/__landing',
];
const ALLOWED_UNDER_DISALLOWED = ['/api/books/*/cover/', '/api/covers/'];

/** The public pages listed besides books, authors and categories. */
const STATIC_PAGES = [
  '/',
  '/books',
  '/authors',
  '/about',
  '/how-it-works',
  '/author-compensation',
  '/how-to-upload',
  '/community-donation',
  '/shipping-policy',
  '/terms',
  '/authors-terms',
  '/contact',
];

/** One listed page: an absolute address, and when it last changed (ISO) when known. */
export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

/** The store's robots.txt for its public address (with a trailing slash). */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ALLOWED_UNDER_DISALLOWED.map((path) => `Allow: ${path}`),
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', siteUrl).href}`,
    '',
  ].join('\n');
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data (the protocol asks for all five entities escaped). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

/** An ISO date as W3C Datetime to the second (`2025-03-01T10:20:30Z`). */
function w3cDate(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function urlElement(url: SitemapUrl): string {
  const lastmod = url.lastmod ? `<lastmod>${w3cDate(url.lastmod)}</lastmod>` : '';
  return `<url><loc>${escapeXml(url.loc)}</loc>${lastmod}</url>\n`;
}

const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${XML_NS}">\n`;
const URLSET_CLOSE = '</urlset>\n';

/** The later of two ISO dates (either may be absent). */
function later(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

/** A sitemap's files: one <urlset>, or several and the <sitemapindex> that lists them. */
export interface SitemapFiles {
  /** What /sitemap.xml answers. */
  root: string;
  /** `/sitemap-<n>.xml` by n (from 1); empty when one file holds every URL. */
  parts: string[];
}

/**
 * The sitemap of `urls`, split into files of at most `maxUrls` URLs and `maxBytes` bytes each,
 * with an index (at /sitemap.xml, listing `/sitemap-<n>.xml` on `siteUrl`) when more than one.
 */
export function buildSitemap(
  urls: readonly SitemapUrl[],
  siteUrl: string,
  limits: { maxUrls?: number; maxBytes?: number } = {},
): SitemapFiles {
  const maxUrls = limits.maxUrls ?? SITEMAP_MAX_URLS;
  const maxBytes = limits.maxBytes ?? SITEMAP_MAX_BYTES;
  const frame = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);
  const files: { body: string[]; bytes: number; lastmod: string | undefined }[] = [];
  let current: (typeof files)[number] | undefined;
  for (const url of urls) {
    const element = urlElement(url);
    const bytes = Buffer.byteLength(element);
    if (!current || current.body.length >= maxUrls || current.bytes + bytes > maxBytes) {
      current = { body: [], bytes: frame, lastmod: undefined };
      files.push(current);
    }
    current.body.push(element);
    current.bytes += bytes;
    current.lastmod = later(current.lastmod, url.lastmod);
  }
  const urlsets = files.map((file) => `${URLSET_OPEN}${file.body.join('')}${URLSET_CLOSE}`);
  if (urlsets.length <= 1)
    return { root: urlsets[0] ?? `${URLSET_OPEN}${URLSET_CLOSE}`, parts: [] };
  const entries = files.map((file, index) => {
    const loc = escapeXml(new URL(`/sitemap-${index + 1}.xml`, siteUrl).href);
    const lastmod = file.lastmod ? `<lastmod>${w3cDate(file.lastmod)}</lastmod>` : '';
    return `<sitemap><loc>${loc}</loc>${lastmod}</sitemap>\n`;
  });
  return {
    root: `${XML_DECLARATION}<sitemapindex xmlns="${XML_NS}">\n${entries.join('')}</sitemapindex>\n`,
    parts: urlsets,
  };
}

/**
 * Every entry of a kind, page after page, from the API's `GET /api/sitemap-entries`. The API's
 * cursors are ids in ascending order: a `next` not past the cursor just asked with, or an empty
 * page, ends the reading (an upstream repeating its cursor cannot keep it asking forever), and an
 * id met twice is listed once.
 */
async function readEntries(
  apiBaseUrl: string,
  kind: SitemapKind,
  timeoutMs: number,
): Promise<SitemapEntry[]> {
  const entries = new Map<string, SitemapEntry>();
  let after: string | null = null;
  for (;;) {
    const url = new URL('/api/sitemap-entries', apiBaseUrl);
    url.searchParams.set('kind', kind);
    url.searchParams.set('limit', String(SITEMAP_PAGE_MAX));
    if (after) url.searchParams.set('after', after);
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (response.status !== 200) throw new Error(`${url.pathname} answered ${response.status}`);
    const page = sitemapEntriesPageSchema.parse(await response.json());
    for (const entry of page.entries) if (!entries.has(entry.id)) entries.set(entry.id, entry);
    const { next } = page;
    if (!next || page.entries.length === 0 || (after !== null && next <= after)) break;
    after = next;
  }
  return [...entries.values()];
}

/** The store's pages as the sitemap lists them: static pages, categories, authors, books. */
export async function sitemapUrls(
  apiBaseUrl: string,
  siteUrl: string,
  timeoutMs = 10_000,
): Promise<SitemapUrl[]> {
  const [books, authors, categories] = await Promise.all([
    readEntries(apiBaseUrl, 'books', timeoutMs),
    readEntries(apiBaseUrl, 'authors', timeoutMs),
    readEntries(apiBaseUrl, 'categories', timeoutMs),
  ]);
  const newest = (entries: readonly SitemapEntry[]) =>
    entries.reduce<string | undefined>((a, entry) => later(a, entry.lastmod), undefined);
  // The home page and the catalogue change with the books, the authors' list with the authors.
  const lastmodOf: Record<string, string | undefined> = {
    '/': newest(books),
    '/books': newest(books),
    '/authors': newest(authors),
  };
  const address = (path: string) => new URL(path, siteUrl).href;
  const listed = (kind: SitemapKind, entries: readonly SitemapEntry[]) =>
    entries.map((entry) => ({
      loc: address(sitemapPagePath(kind, entry.id)),
      lastmod: entry.lastmod,
    }));
  return [
    ...STATIC_PAGES.map((path) => {
      const lastmod = lastmodOf[path];
      return lastmod ? { loc: address(path), lastmod } : { loc: address(path) };
    }),
    ...listed('categories', categories),
    ...listed('authors', authors),
    ...listed('books', books),
  ];
}

/** A text file the edge answers: its type and its body. */
export interface SeoFile {
  type: string;
  body: string;
}

const XML_TYPE = 'application/xml; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';
const PART = /^\/sitemap-([1-9]\d{0,5})\.xml$/;

/**
 * Answers `/robots.txt`, `/sitemap.xml` and `/sitemap-<n>.xml` for the store at `siteUrl`, from
 * the API at `apiBaseUrl`. The built sitemap is kept for `cacheMs` (10 minutes), then rebuilt on
 * the next request. A failed rebuild keeps the last good sitemap answering (tried again after
 * `retryMs`, a minute); only while there never was one does a request answer 'unavailable', for
 * the caller to refuse with 503.
 */
export function createSeoFiles(options: {
  siteUrl: string;
  apiBaseUrl: string;
  cacheMs?: number;
  /** How long after a failed rebuild the last good sitemap is answered without trying again. */
  retryMs?: number;
  timeoutMs?: number;
  maxUrls?: number;
  maxBytes?: number;
  /** Told why a sitemap could not be built. */
  onError?: (err: unknown) => void;
}): { answer(urlPath: string): Promise<SeoFile | 'unavailable' | null> } {
  const cacheMs = options.cacheMs ?? 10 * 60_000;
  const retryMs = options.retryMs ?? 60_000;
  const robots = robotsTxt(options.siteUrl);
  /** The last sitemap built, and when. */
  let good: { at: number; files: SitemapFiles } | null = null;
  /** The build under way, which every request waiting for one shares. */
  let building: Promise<SitemapFiles> | null = null;
  /** Before this, a failed rebuild is not tried again (the last good sitemap answers). */
  let retryAt = 0;

  function rebuild(): Promise<SitemapFiles> {
    building ??= sitemapUrls(options.apiBaseUrl, options.siteUrl, options.timeoutMs)
      .then((urls) => buildSitemap(urls, options.siteUrl, options))
      .then(
        (files) => {
          good = { at: Date.now(), files };
          return files;
        },
        (err: unknown) => {
          options.onError?.(err);
          retryAt = Date.now() + retryMs;
          throw err;
        },
      )
      .finally(() => {
        building = null;
      });
    return building;
  }

  async function sitemap(): Promise<SitemapFiles> {
    const now = Date.now();
    if (good && (now - good.at < cacheMs || now < retryAt)) return good.files;
    try {
      return await rebuild();
    } catch (err) {
      if (good) return good.files;
      throw err;
    }
  }

  return {
    async answer(urlPath) {
      if (urlPath === '/robots.txt') return { type: TEXT_TYPE, body: robots };
      const part = PART.exec(urlPath);
      if (urlPath !== '/sitemap.xml' && !part) return null;
      let files: SitemapFiles;
      try {
        files = await sitemap();
      } catch {
        return 'unavailable';
      }
      const body = part ? files.parts[Number(part[1]) - 1] : files.root;
      return body === undefined ? null : { type: XML_TYPE, body };
    },
  };
}
