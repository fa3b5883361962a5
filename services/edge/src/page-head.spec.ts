// A server-drawn page's <head>, as a browser, a search engine and a link preview read it: two
// edge servers (a storefront answering `/__landing` from a renderer module, a shell composing
// pages), the pages read back with a real HTML parser.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { HEAD_SLOT_END, HEAD_SLOT_START, type PageHead } from '@mechabrim/contracts';
import { startEdgeServer, type EdgeServer } from './edge-server';
import { inlineScriptHashes } from './security-headers';

const HOST = '127.0.0.1';
const SITE = 'https://mechabrim.test/';
const EARLY_START = 'window.__early=1;';
const INDEX_TITLE = 'מחברים — ספרים של סופרים עצמאיים';
const INDEX_HEAD =
  `${HEAD_SLOT_START}<title>${INDEX_TITLE}</title>` +
  `<meta name="description" content="חנות ספרים">${HEAD_SLOT_END}`;
const indexHtml = (head: string) =>
  '<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8">' +
  `${head}<script>${EARLY_START}</script>` +
  '<script defer="defer" src="/main.js?abc"></script></head>' +
  '<body><div id="root"></div></body></html>';
const FRAME_HTML =
  '<div class="shell"><main><div class="area"><!--mb-landing--></div></main></div>';

/** A book whose title tries to leave its <script> and its attributes. */
const BOOK = {
  _id: '65a1b2c3d4e5f60718293a4b',
  title: 'הספר </script><script>alert(1)</script> "בין מרכאות" & <b>',
  price: '64.60',
  cover: 'https://api.mechabrim.test/api/books/65a1b2c3d4e5f60718293a4b/cover/web?v=abc&x=1',
};
const BOOK_URL = `${SITE}book/${BOOK._id}`;

const BOOK_HEAD: PageHead = {
  title: `${BOOK.title} | מחברים`,
  description: 'תקציר <i>הספר</i> — "ציטוט" & עוד',
  canonical: BOOK_URL,
  type: 'book',
  image: { url: BOOK.cover, alt: `כריכת הספר ${BOOK.title}` },
  siteName: 'מחברים',
  locale: 'he_IL',
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'Book',
      name: BOOK.title,
      url: BOOK_URL,
      image: BOOK.cover,
      offers: {
        '@type': 'Offer',
        price: BOOK.price,
        priceCurrency: 'ILS',
        availability: 'https://schema.org/InStock',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', position: 1, name: 'דף הבית', item: SITE }],
    },
  ],
};

const AUTHOR_HEAD: PageHead = {
  title: 'נועה לוי | מחברים',
  description: 'הספרים של נועה לוי',
  canonical: `${SITE}author/a1`,
  type: 'profile',
  image: { url: 'https://api.mechabrim.test/avatars/a1.jpg', alt: 'תמונה של נועה לוי' },
  siteName: 'מחברים',
  locale: 'he_IL',
  jsonLd: [{ '@context': 'https://schema.org', '@type': 'Person', name: 'נועה לוי' }],
};

/** The fixture renderer: a drawn book with its head, an author's head alone, a broken head. */
const RENDERER = `'use strict';
exports.renderLanding = async (pagePath, options) => {
  const { pathname } = new URL(pagePath, 'http://x.test');
  if (pathname === '/book/${BOOK._id}') {
    return { html: '<article>ספר</article>', state: null, head: ${JSON.stringify(BOOK_HEAD)}, site: options.siteUrl };
  }
  if (pathname === '/author/a1') return { head: ${JSON.stringify(AUTHOR_HEAD)} };
  if (pathname === '/author/a2') return { head: { title: 7 } };
  if (pathname === '/bad-head') return { html: '<p>ok</p>', state: null, head: { title: '' } };
  if (pathname === '/site') return { html: '<p>' + options.siteUrl + '</p>', state: null };
  return null;
};
`;

/** The page as a browser's parser reads it. */
function read(page: string) {
  const { document } = new JSDOM(page).window;
  const meta = (key: string) =>
    [...document.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`)].map((tag) =>
      tag.getAttribute('content'),
    );
  return {
    document,
    titles: [...document.querySelectorAll('title')].map((title) => title.textContent),
    meta,
    canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) =>
      link.getAttribute('href'),
    ),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? '') as unknown,
    ),
    /** Every <script> element, and where the parser put it. */
    scripts: [...document.querySelectorAll('script')].map((script) => ({
      inHead: script.parentElement === document.head,
      type: script.getAttribute('type'),
    })),
  };
}

describe('page heads (two servers)', () => {
  let storefrontDir: string;
  let shellDir: string;
  let bareShellDir: string;
  let storefront: EdgeServer;
  let shell: EdgeServer;
  let bareShell: EdgeServer;

  beforeAll(async () => {
    storefrontDir = mkdtempSync(path.join(os.tmpdir(), 'head-storefront-'));
    mkdirSync(path.join(storefrontDir, 'server'));
    const module = path.join(storefrontDir, 'server', 'landing.cjs');
    writeFileSync(module, RENDERER);
    storefront = await startEdgeServer({
      dir: storefrontDir,
      port: 0,
      host: HOST,
      landing: { module, apiBaseUrl: 'http://api.test', siteUrl: SITE },
    });
    const landingUrl = `${storefront.url}/__landing`;
    shellDir = mkdtempSync(path.join(os.tmpdir(), 'head-shell-'));
    writeFileSync(path.join(shellDir, 'index.html'), indexHtml(INDEX_HEAD));
    writeFileSync(path.join(shellDir, 'landing-frame.html'), FRAME_HTML);
    shell = await startEdgeServer({
      dir: shellDir,
      port: 0,
      host: HOST,
      compose: { landingUrl, timeoutMs: 10_000 },
    });
    // A build whose index.html has no head markers.
    bareShellDir = mkdtempSync(path.join(os.tmpdir(), 'head-bare-shell-'));
    writeFileSync(
      path.join(bareShellDir, 'index.html'),
      indexHtml(`<title>${INDEX_TITLE}</title>`),
    );
    writeFileSync(path.join(bareShellDir, 'landing-frame.html'), FRAME_HTML);
    bareShell = await startEdgeServer({
      dir: bareShellDir,
      port: 0,
      host: HOST,
      compose: { landingUrl, timeoutMs: 10_000 },
    });
  });

  afterAll(async () => {
    await Promise.all([shell.close(), bareShell.close(), storefront.close()]);
    for (const dir of [storefrontDir, shellDir, bareShellDir]) {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes a book page's title, description, canonical, preview tags and JSON-LD", async () => {
    const res = await fetch(`${shell.url}/book/${BOOK._id}`);
    expect(res.status).toBe(200);
    const page = read(await res.text());

    expect(page.titles).toEqual([BOOK_HEAD.title]);
    expect(page.meta('description')).toEqual([BOOK_HEAD.description]);
    expect(page.canonical).toEqual([BOOK_URL]);
    expect(page.meta('robots')).toEqual([]);
    expect(page.meta('og:title')).toEqual([BOOK_HEAD.title]);
    expect(page.meta('og:description')).toEqual([BOOK_HEAD.description]);
    expect(page.meta('og:type')).toEqual(['book']);
    expect(page.meta('og:url')).toEqual([BOOK_URL]);
    expect(page.meta('og:image')).toEqual([BOOK.cover]);
    expect(page.meta('og:image:alt')).toEqual([`כריכת הספר ${BOOK.title}`]);
    expect(page.meta('og:site_name')).toEqual(['מחברים']);
    expect(page.meta('og:locale')).toEqual(['he_IL']);
    expect(page.meta('twitter:card')).toEqual(['summary']);
    expect(page.meta('twitter:title')).toEqual([BOOK_HEAD.title]);
    expect(page.meta('twitter:image')).toEqual([BOOK.cover]);
    // The JSON-LD reads back as written, the book's title and price with it.
    expect(page.jsonLd).toEqual(BOOK_HEAD.jsonLd);
    // The title's </script> opened no script: two JSON-LD where index.html's title was, the early
    // start, main.js (loaded after paint) and the landing state.
    expect(page.scripts.every((script) => script.inHead)).toBe(true);
    expect(page.scripts.map((script) => script.type)).toEqual([
      'application/ld+json',
      'application/ld+json',
      null,
      null,
      'application/json',
    ]);
    expect(page.document.querySelector('article')?.textContent).toBe('ספר');
  });

  it('keeps the page under its Content-Security-Policy: JSON-LD is data and needs no hash', async () => {
    const res = await fetch(`${shell.url}/book/${BOOK._id}`);
    const page = await res.text();
    const early = `'sha256-${createHash('sha256').update(EARLY_START).digest('base64')}'`;
    const scriptSrc = /script-src ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '');
    expect(scriptSrc?.[1]?.split(' ')).toEqual(["'self'", early]);
    // Hashing the composed page finds the same one inline script to allow.
    expect(inlineScriptHashes(page)).toEqual([early]);
  });

  it("writes an author's head alone into index.html; the page is drawn in the browser", async () => {
    const res = await fetch(`${shell.url}/author/a1`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const page = read(text);
    expect(page.titles).toEqual([AUTHOR_HEAD.title]);
    expect(page.meta('description')).toEqual([AUTHOR_HEAD.description]);
    expect(page.meta('og:type')).toEqual(['profile']);
    expect(page.meta('og:image')).toEqual([AUTHOR_HEAD.image?.url]);
    expect(page.jsonLd).toEqual(AUTHOR_HEAD.jsonLd);
    // Not composed: index.html's own empty root and deferred script.
    expect(page.document.documentElement.hasAttribute('data-landing')).toBe(false);
    expect(text).toContain('<div id="root"></div>');
    expect(text).toContain('<script defer="defer" src="/main.js?abc"></script>');
  });

  it("keeps index.html's own title for a head that is not one", async () => {
    const broken = read(await (await fetch(`${shell.url}/bad-head`)).text());
    expect(broken.titles).toEqual([INDEX_TITLE]);
    expect(broken.document.querySelector('p')?.textContent).toBe('ok');
    const headless = read(await (await fetch(`${shell.url}/author/a2`)).text());
    expect(headless.titles).toEqual([INDEX_TITLE]);
    expect(headless.meta('description')).toEqual(['חנות ספרים']);
  });

  it('keeps one title when the build wrote no head markers', async () => {
    const page = read(await (await fetch(`${bareShell.url}/book/${BOOK._id}`)).text());
    expect(page.titles).toEqual([INDEX_TITLE]);
    expect(page.document.querySelector('article')?.textContent).toBe('ספר');
  });

  it("passes the renderer the store's public address", async () => {
    const page = read(await (await fetch(`${shell.url}/site`)).text());
    expect(page.document.querySelector('p')?.textContent).toBe(SITE);
  });
});
