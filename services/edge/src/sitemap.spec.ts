// /robots.txt and /sitemap.xml as the shell's edge server answers them, the sitemap's entries read
// over HTTP from a small server answering `GET /api/sitemap-entries` as the API does (its own
// integration test is services/api/test/sitemap.e2e-spec.ts), and every file checked against the
// sitemaps.org protocol's schema rules with an XML parser.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import type { SitemapEntriesPage, SitemapEntry, SitemapKind } from '@mechabrim/contracts';
import { startEdgeServer, type EdgeServer } from './edge-server';
import { buildSitemap, SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS } from './sitemap';

const HOST = '127.0.0.1';
const SITE = 'https://mechabrim.test/';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** W3C Datetime (https://www.w3.org/TR/NOTE-datetime), as the protocol's <lastmod> takes it. */
const W3C_DATETIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;
const { DOMParser } = new JSDOM('').window;

/**
 * Checks a sitemap file against the protocol's schema (sitemap.xsd, siteindex.xsd): well-formed
 * UTF-8 XML, the namespace, only the allowed elements, one absolute <loc> of at most 2,048
 * characters on the store's origin per entry, W3C dates, at most 50,000 entries and 50 MB.
 * Returns the root's name and its entries.
 */
function validate(xml: string): { root: string; entries: { loc: string; lastmod?: string }[] } {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  const root = document.documentElement;
  expect(root.namespaceURI).toBe(NS);
  const child = { urlset: 'url', sitemapindex: 'sitemap' }[root.localName];
  expect(child).toBeDefined();
  const allowed =
    root.localName === 'urlset' ? ['loc', 'lastmod', 'changefreq', 'priority'] : ['loc', 'lastmod'];
  const entries = [...root.children].map((entry) => {
    expect(entry.localName).toBe(child);
    expect(entry.namespaceURI).toBe(NS);
    const names = [...entry.children].map((field) => field.localName);
    expect(names.every((name) => allowed.includes(name))).toBe(true);
    expect(names.filter((name) => name === 'loc')).toHaveLength(1);
    expect(names[0]).toBe('loc');
    expect(names.filter((name) => name === 'lastmod').length).toBeLessThanOrEqual(1);
    const loc = entry.getElementsByTagNameNS(NS, 'loc')[0]?.textContent ?? '';
    expect(loc.length).toBeLessThanOrEqual(2048);
    expect(new URL(loc).href).toBe(loc);
    expect(new URL(loc).origin).toBe(new URL(SITE).origin);
    const lastmod = entry.getElementsByTagNameNS(NS, 'lastmod')[0]?.textContent ?? undefined;
    if (lastmod !== undefined) expect(lastmod).toMatch(W3C_DATETIME);
    return lastmod === undefined ? { loc } : { loc, lastmod };
  });
  expect(entries.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
  return { root: root.localName, entries };
}

const id = (n: number) => n.toString(16).padStart(24, '0');
const ENTRIES: Record<SitemapKind, SitemapEntry[]> = {
  books: [1, 2, 3, 4, 5].map((n) => ({ id: id(n), lastmod: `2025-0${n}-01T10:00:00.000Z` })),
  authors: [{ id: id(100), lastmod: '2025-02-02T08:30:00.000Z' }],
  categories: [
    { id: 'מדע בדיוני', lastmod: '2025-05-01T10:00:00.000Z' },
    { id: 'ילדים & נוער', lastmod: '2025-01-01T00:00:00.000Z' },
  ],
};

describe('robots.txt and sitemap.xml', () => {
  let api: http.Server;
  let apiUrl: string;
  let apiDown = false;
  /** How the books' pages misbehave: repeating a cursor, or an empty page with a cursor. */
  let booksFault: 'repeat-next' | 'empty-page' | null = null;
  let asked: string[] = [];
  let dir: string;
  const servers: EdgeServer[] = [];

  beforeAll(async () => {
    // Pages of two, whatever limit is asked: the edge must follow `next`.
    api = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://api.test');
      asked.push(`${url.pathname}${url.search}`);
      if (apiDown || url.pathname !== '/api/sitemap-entries') {
        res.writeHead(apiDown ? 503 : 404, { 'Content-Type': 'application/json' }).end('{}');
        return;
      }
      const kind = url.searchParams.get('kind') as SitemapKind;
      const all = ENTRIES[kind];
      const after = url.searchParams.get('after');
      if (kind === 'books' && booksFault) {
        // The first page again whatever is asked, naming its own last id as the next; or
        // nothing, with a cursor past everything.
        const page: SitemapEntriesPage =
          booksFault === 'repeat-next'
            ? { entries: all.slice(0, 2), next: all[1]?.id ?? null }
            : { entries: after ? [] : all.slice(0, 2), next: id(after ? 999 : 2) };
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(page));
        return;
      }
      const from = after ? all.findIndex((entry) => entry.id === after) + 1 : 0;
      const entries = all.slice(from, from + 2);
      const page: SitemapEntriesPage = {
        entries,
        next: from + 2 < all.length ? (entries.at(-1)?.id ?? null) : null,
      };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(page));
    });
    await new Promise<void>((resolve) => api.listen(0, HOST, resolve));
    apiUrl = `http://${HOST}:${(api.address() as AddressInfo).port}`;
    dir = mkdtempSync(path.join(os.tmpdir(), 'sitemap-shell-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body></body></html>');
  });
  beforeEach(() => {
    asked = [];
    apiDown = false;
    booksFault = null;
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  async function shell(
    seo: { maxUrls?: number; cacheMs?: number; retryMs?: number } = {},
    onError?: (err: unknown) => void,
  ) {
    const server = await startEdgeServer({
      dir,
      port: 0,
      host: HOST,
      seo: { siteUrl: SITE, apiBaseUrl: apiUrl, ...seo },
      onError,
    });
    servers.push(server);
    return server;
  }

  it('answers robots.txt: the store allowed, accounts, checkout, portal and API not; the sitemap named', async () => {
    const res = await fetch(`${(await shell()).url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await res.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/cart', '/checkout', '/payment/', '/orders', '/profile', '/login']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    for (const path of ['/author-dashboard', '/admin', '/api/', '/book/upload']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // Link previews fetch covers from the API's paths.
    expect(lines).toContain('Allow: /api/books/*/cover/');
    expect(lines).toContain(`Sitemap: ${SITE}sitemap.xml`);
  });

  it('lists the pages, every book, author and category, with their last-modified dates', async () => {
    const res = await fetch(`${(await shell()).url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const { root, entries } = validate(await res.text());
    expect(root).toBe('urlset');
    const lastmodOf = new Map(entries.map((entry) => [entry.loc, entry.lastmod]));
    for (const book of ENTRIES.books) {
      expect(lastmodOf.get(`${SITE}book/${book.id}`)).toBe(book.lastmod.replace('.000Z', 'Z'));
    }
    expect(lastmodOf.get(`${SITE}author/${id(100)}`)).toBe('2025-02-02T08:30:00Z');
    expect(lastmodOf.get(`${SITE}category/${encodeURIComponent('ילדים & נוער')}`)).toBe(
      '2025-01-01T00:00:00Z',
    );
    // The home page and the catalogue changed with the newest book.
    expect(lastmodOf.get(SITE)).toBe('2025-05-01T10:00:00Z');
    expect(lastmodOf.get(`${SITE}books`)).toBe('2025-05-01T10:00:00Z');
    expect(lastmodOf.has(`${SITE}about`)).toBe(true);
    expect(entries).toHaveLength(new Set(entries.map((entry) => entry.loc)).size);
    // Every page of every kind was read, following `next`.
    expect(asked.filter((url) => url.includes('kind=books'))).toHaveLength(3);
  });

  it('splits into a sitemap index over the per-file limit, each part a valid urlset', async () => {
    const server = await shell({ maxUrls: 5 });
    const index = validate(await (await fetch(`${server.url}/sitemap.xml`)).text());
    expect(index.root).toBe('sitemapindex');
    const all = validate(await (await fetch(`${(await shell()).url}/sitemap.xml`)).text()).entries;
    const parts = Math.ceil(all.length / 5);
    expect(index.entries.map((entry) => entry.loc)).toEqual(
      Array.from({ length: parts }, (_, n) => `${SITE}sitemap-${n + 1}.xml`),
    );
    const listed: string[] = [];
    for (const [n, entry] of index.entries.entries()) {
      const part = validate(await (await fetch(`${server.url}/sitemap-${n + 1}.xml`)).text());
      expect(part.root).toBe('urlset');
      expect(part.entries.length).toBeLessThanOrEqual(5);
      // The index's date is the part's newest.
      const newest = part.entries
        .map((e) => e.lastmod ?? '')
        .sort()
        .at(-1);
      expect(entry.lastmod).toBe(newest || undefined);
      listed.push(...part.entries.map((e) => e.loc));
    }
    expect(listed).toEqual(all.map((entry) => entry.loc));
    expect((await fetch(`${server.url}/sitemap-${parts + 1}.xml`)).status).toBe(404);
  });

  it('keeps each file within the byte limit, and escapes &, <, quotes in addresses', () => {
    const urls = Array.from({ length: 40 }, (_, n) => ({
      loc: `${SITE}books?category=a&b=<${n}>'"`,
      lastmod: '2025-01-01T00:00:00.000Z',
    }));
    const files = buildSitemap(urls, SITE, { maxBytes: 1024 });
    expect(files.parts.length).toBeGreaterThan(1);
    const read: string[] = [];
    for (const part of files.parts) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(1024);
      expect(part).toContain('&amp;b=&lt;');
      const document = new DOMParser().parseFromString(part, 'application/xml');
      expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
      read.push(
        ...[...document.getElementsByTagNameNS(NS, 'loc')].map((loc) => loc.textContent ?? ''),
      );
    }
    expect(read).toEqual(urls.map((url) => url.loc));
    expect(validate(files.root).root).toBe('sitemapindex');
  });

  it('answers 503 in Hebrew while the API is down, and the sitemap once it is back', async () => {
    const server = await shell();
    apiDown = true;
    const down = await fetch(`${server.url}/sitemap.xml`);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('60');
    expect(((await down.json()) as { message: string }).message).toBe(
      'השירות אינו זמין כרגע, נסו שוב בעוד רגע',
    );
    apiDown = false;
    const back = await fetch(`${server.url}/sitemap.xml`);
    expect(back.status).toBe(200);
    expect(validate(await back.text()).root).toBe('urlset');
  });

  it('builds the sitemap once within its cache time', async () => {
    const server = await shell();
    await fetch(`${server.url}/sitemap.xml`);
    const first = asked.length;
    await fetch(`${server.url}/sitemap.xml`);
    expect(asked).toHaveLength(first);
  });

  it('stops reading when the API repeats its cursor or answers an empty page, each book listed once', async () => {
    for (const fault of ['repeat-next', 'empty-page'] as const) {
      booksFault = fault;
      asked = [];
      const server = await shell();
      const res = await fetch(`${server.url}/sitemap.xml`);
      expect(res.status).toBe(200);
      const books = validate(await res.text())
        .entries.map((entry) => entry.loc)
        .filter((loc) => loc.includes('/book/'));
      expect(books).toEqual([1, 2].map((n) => `${SITE}book/${id(n)}`));
      expect(asked.filter((url) => url.includes('kind=books'))).toEqual([
        `/api/sitemap-entries?kind=books&limit=5000`,
        `/api/sitemap-entries?kind=books&limit=5000&after=${id(2)}`,
      ]);
    }
  });

  it('keeps answering the last good sitemap when a rebuild fails, and tells why', async () => {
    const errors: unknown[] = [];
    const server = await shell({ cacheMs: 0, retryMs: 0 }, (err) => errors.push(err));
    const good = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(validate(good).entries.length).toBeGreaterThan(0);
    apiDown = true;
    asked = [];
    const stale = await fetch(`${server.url}/sitemap.xml`);
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(good);
    // It did try again, and the failure was reported.
    expect(asked.length).toBeGreaterThan(0);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/answered 503/);
  });

  it('after a failed rebuild, does not ask the API again within retryMs', async () => {
    const server = await shell({ cacheMs: 0, retryMs: 60 * 60_000 });
    const good = await (await fetch(`${server.url}/sitemap.xml`)).text();
    apiDown = true;
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toBe(good);
    asked = [];
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toBe(good);
    expect(asked).toEqual([]);
  });
});
