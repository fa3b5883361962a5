import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { startEdgeServer, type EdgeServer } from './edge-server';
import {
  LANDING_COOKIES,
  LANDING_SLOT,
  composePage,
  createLandingClient,
  landingCookies,
} from './landing';

const HOST = '127.0.0.1';
const API = 'http://api.test';
const BAD_PATH_MESSAGE = 'נתיב העמוד חסר או אינו תקין';

const INDEX_HTML =
  '<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"><title>מחברים</title>' +
  '<script defer="defer" src="/main.js?abc"></script></head>' +
  '<body><div id="root"></div></body></html>';
const FRAME_HTML =
  '<div class="shell"><header>h</header><main><div class="shell-area"><!--mb-landing--></div></main></div>';
/**
 * How long the shells that must compose wait for the storefront: only a bound on a failing test,
 * so generous; a busy machine stalled this process past 1 s and the page came uncomposed. That
 * the shell gives up at all is shown by the "too slow" test's own 200 ms shell (before 8 s).
 */
const COMPOSE_TIMEOUT_MS = 10_000;
const LANDING_CSS = '.book{color:#123456}.book-cover{aspect-ratio:2/3}';
/** Long enough (> 256 bytes) that a composed page is compressed. */
const BOOK_BLURB = 'ספר טוב על מחברים ומחברות. '.repeat(30);

/**
 * The fixture renderer. Every call is logged to `calls.log` beside it, one JSON line, so a test
 * can count renders whether the module runs inside Jest or in a child process.
 * `/slower` waits 8 s on a timer `cancelTimers()` clears, so nothing fires after the tests.
 */
function rendererSource(version = 'v1') {
  return `'use strict';
const fs = require('node:fs');
const path = require('node:path');
const log = path.join(__dirname, 'calls.log');
const timers = new Set();
exports.cancelTimers = () => {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
};
exports.renderLanding = async (pagePath, options) => {
  fs.appendFileSync(log, JSON.stringify({ pagePath, options }) + '\\n');
  const { pathname } = new URL(pagePath, 'http://x.test');
  if (pathname === '/') {
    return { html: '<section class="home">בית ${version}</section>', state: { home: true } };
  }
  if (pathname.startsWith('/book/')) {
    const id = pathname.slice('/book/'.length);
    return {
      html: '<article class="book" data-version="${version}">ספר ' + id + ' ${version}<p>${BOOK_BLURB}</p></article>',
      state: { book: { id, title: 'ספר ' + id, note: '</script><script>alert(1)</script>\\u2028' } },
    };
  }
  if (pathname === '/category/no-such') return { notFound: true };
  if (pathname === '/echo') return { html: '<p>echo</p>', state: { pagePath, options } };
  if (pathname === '/broken') throw new Error('renderer exploded');
  if (pathname === '/slow') return new Promise(() => {});
  if (pathname === '/slower') {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve({ html: '<p>late</p>', state: null });
      }, 8000);
      timers.add(timer);
    });
  }
  return null; // /contact and everything else: drawn in the browser
};
`;
}

interface Storefront {
  dir: string;
  module: string;
  /** The renderer's calls so far, in order. */
  calls(): { pagePath: string; options: { apiBaseUrl: string; timeoutMs?: number } }[];
}

/** A storefront build: `dir/server/landing.cjs` (+ `.css`), an index.html and an asset. */
function makeStorefront(options: { css?: string | null } = {}): Storefront {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'landing-storefront-'));
  mkdirSync(path.join(dir, 'server'));
  const module = path.join(dir, 'server', 'landing.cjs');
  writeFileSync(module, rendererSource());
  const css = options.css === undefined ? LANDING_CSS : options.css;
  if (css !== null) writeFileSync(path.join(dir, 'server', 'landing.css'), css);
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body>storefront</body></html>',
  );
  writeFileSync(path.join(dir, 'remoteEntry.js'), 'var storefront;');
  const log = path.join(dir, 'server', 'calls.log');
  return {
    dir,
    module,
    calls: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line))
        : [],
  };
}

/** A shell build: index.html, main.js and (unless `frame: false`) landing-frame.html. */
function makeShell(options: { frame?: boolean } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'landing-shell-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  if (options.frame !== false) writeFileSync(path.join(dir, 'landing-frame.html'), FRAME_HTML);
  writeFileSync(path.join(dir, 'main.js'), `console.log(${JSON.stringify('מעטפת '.repeat(100))});`);
  return dir;
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that leaves the body as sent (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const landingUrl = (server: EdgeServer, pagePath?: string) =>
  pagePath === undefined
    ? `${server.url}/__landing`
    : `${server.url}/__landing?path=${encodeURIComponent(pagePath)}`;

/** The text of the page's landing-state script, parsed. */
function stateIn(page: string): unknown {
  const match = /<script type="application\/json" id="mb-landing-state">([\s\S]*?)<\/script>/.exec(
    page,
  );
  if (!match) throw new Error('no landing state script in the page');
  return JSON.parse(match[1] ?? '');
}

/** The text of the page's landing style element, up to the first thing that would close it. */
function styleIn(page: string): string {
  const start = page.indexOf('<style data-landing-css="">');
  if (start < 0) throw new Error('no landing style in the page');
  const from = start + '<style data-landing-css="">'.length;
  return page.slice(from, page.toLowerCase().indexOf('</style', from));
}

const unescapeAttribute = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

describe('composePage', () => {
  const landing = {
    html: '<article class="book">ספר</article>',
    state: { book: { id: '1', title: 'ספר' } },
    css: '.book{color:red}',
  };

  it('names the frame slot', () => {
    expect(LANDING_SLOT).toBe('<!--mb-landing-->');
    expect(FRAME_HTML).toContain(LANDING_SLOT);
  });

  it('fills the root with the frame and the markup, and puts CSS and state into <head>', () => {
    const page = composePage({
      index: INDEX_HTML,
      frame: FRAME_HTML,
      pagePath: '/book/1',
      landing,
    });
    expect(page).not.toBeNull();
    const html = page as string;
    // As the HTML serializer spells it (an empty attribute as `=""`).
    expect(html.startsWith('<!DOCTYPE html><html data-landing="" lang="he" dir="rtl"><head>')).toBe(
      true,
    );
    expect(html).toContain(
      '<body><div id="root"><div class="shell"><header>h</header><main><div class="shell-area">' +
        '<div class="shell-landing" data-landing-path="/book/1"><article class="book">ספר</article></div>' +
        '</div></main></div></div></body></html>',
    );
    expect(html).not.toContain(LANDING_SLOT);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style data-landing-css="">.book{color:red}</style>');
    expect(head).toContain('<script type="application/json" id="mb-landing-state">');
    expect(head.indexOf('<style data-landing-css="">')).toBeLessThan(
      head.indexOf('id="mb-landing-state"'),
    );
    expect(html.split('</head>')).toHaveLength(2);
    expect(stateIn(html)).toEqual(landing.state);
  });

  it("holds the first picture until the frame's <main> is parsed, when the frame has one", () => {
    const withMain = FRAME_HTML.replace('<main>', '<main id="main" tabindex="-1">');
    const html = composePage({ index: INDEX_HTML, frame: withMain, pagePath: '/', landing });
    const document = new JSDOM(html as string).window.document;
    const expects = document.head.querySelectorAll('link[rel="expect"]');
    expect(expects).toHaveLength(1);
    expect(expects[0]?.getAttribute('href')).toBe('#main');
    expect(expects[0]?.getAttribute('blocking')).toBe('render');
    // The element it names holds the page's markup.
    expect(document.querySelector('#main .shell-landing article.book')).not.toBeNull();
    // A frame without it: no link, which would hold rendering until the whole page is parsed;
    // nor for an id="main" in the remote's markup, which is not the frame's.
    const without = composePage({ index: INDEX_HTML, frame: FRAME_HTML, pagePath: '/', landing });
    expect(without).not.toContain('rel="expect"');
    const markupMain = composePage({
      index: INDEX_HTML,
      frame: FRAME_HTML,
      pagePath: '/',
      landing: { ...landing, html: '<main id="main"><p>ספר</p></main>' },
    });
    expect(markupMain).toContain('<main id="main"><p>ספר</p></main>');
    expect(markupMain).not.toContain('rel="expect"');
    // Nor a <main id> of the frame's that is not where the page goes.
    const elsewhere = composePage({
      index: INDEX_HTML,
      frame: '<div class="shell"><main id="main"></main><div><!--mb-landing--></div></div>',
      pagePath: '/',
      landing,
    });
    expect(elsewhere).not.toContain('rel="expect"');
  });

  it('hands the deferred scripts to the start-up script, and leaves other scripts alone', () => {
    const index = INDEX_HTML.replace(
      '</head>',
      '<script defer src="/vendor.js"></script><script src="/sync.js"></script>' +
        '<script type="module" src="/mod.js"></script></head>',
    );
    const html = composePage({ index, frame: FRAME_HTML, pagePath: '/', landing }) as string;
    expect(html).toContain('<script data-after-paint="/main.js?abc"></script>');
    expect(html).toContain('<script data-after-paint="/vendor.js"></script>');
    expect(html).not.toMatch(/<script defer/);
    expect(html).toContain('<script src="/sync.js"></script>');
    expect(html).toContain('<script type="module" src="/mod.js"></script>');
  });

  it('keeps state holding </script>, <!-- and line separators inside its script', () => {
    const state = {
      title: '</script><script>alert("x")</script>',
      comment: '<!-- <script>',
      separators: 'a\u2028b\u2029c',
      nested: [{ html: '</SCRIPT >' }],
    };
    const html = composePage({
      index: INDEX_HTML,
      frame: FRAME_HTML,
      pagePath: '/book/1',
      landing: { ...landing, state },
    }) as string;
    expect(html).not.toContain('</script><script>alert');
    expect(html).not.toContain('<!-- <script>');
    expect(html).not.toContain('</SCRIPT');
    expect(html).not.toContain('\u2028');
    expect(html).not.toContain('\u2029');
    expect(stateIn(html)).toEqual(state);
    // The state script is followed by </head>: nothing in the state closed it early.
    expect(html).toMatch(/id="mb-landing-state">[^<]*<\/script><\/head>/);
  });

  it('writes null state when the answer has none, and no style element without CSS', () => {
    const html = composePage({
      index: INDEX_HTML,
      frame: FRAME_HTML,
      pagePath: '/',
      landing: { html: '<p>בית</p>' },
    }) as string;
    expect(stateIn(html)).toBeNull();
    expect(html).not.toContain('<style');
    expect(html).toContain('<p>בית</p>');
  });

  it('neutralises a </style in the CSS, in any case', () => {
    const css = '.a{color:red}</style><script>alert(1)</script><style>.b{}</STYLE >.c{}';
    const html = composePage({
      index: INDEX_HTML,
      frame: FRAME_HTML,
      pagePath: '/',
      landing: { ...landing, css },
    }) as string;
    expect(html).not.toContain('</style><script>');
    expect(html).not.toContain('</STYLE');
    // Everything up to the first closing tag is the stylesheet, all of it.
    expect(styleIn(html)).toBe(css.replace(/<\/style/gi, '<\\/style'));
    expect(html).toContain('.c{}</style>');
  });

  it('holds the controls of the frame and the markup until the app takes over; links stay live', () => {
    const html = composePage({
      index: INDEX_HTML,
      frame:
        '<header><input id="q" type="text"/><button type="button">תפריט</button></header><!--mb-landing-->',
      pagePath: '/book/1',
      landing: {
        html: '<a href="/">בית</a><button type="button" disabled="">אזל</button><select id="s"></select><textarea></textarea>',
      },
    }) as string;
    // A void element as the serializer writes it (no `/>`).
    expect(html).toContain('<input data-until-app="" readonly="" id="q" type="text">');
    expect(html).toContain('<button data-until-app="" type="button">תפריט</button>');
    expect(html).toContain('<button data-until-app="" type="button" disabled="">אזל</button>');
    expect(html).toContain('<select data-until-app="" id="s"></select>');
    expect(html).toContain('<textarea data-until-app="" readonly=""></textarea>');
    expect(html).toContain('<a href="/">בית</a>');
  });

  it("names the remote's box after the remote whose markup it holds", () => {
    const frame = FRAME_HTML.replace(
      'class="shell-area"',
      'class="shell-area" data-remote="storefront"',
    );
    const compose = (remote?: string) =>
      composePage({ index: INDEX_HTML, frame, pagePath: '/cart', landing: { ...landing, remote } });
    expect(compose('checkout')).toContain('<div class="shell-area" data-remote="checkout">');
    expect(compose()).toContain('<div class="shell-area" data-remote="storefront">');
    // Anything but a plain name is not written into the page.
    expect(compose('x" onclick="alert(1)')).toContain('data-remote="storefront"');
  });

  it('escapes the page path in its attribute', () => {
    const pagePath = '/search?q="><img src=x onerror=alert(1)>&a=1&amp;b';
    const html = composePage({ index: INDEX_HTML, frame: FRAME_HTML, pagePath, landing }) as string;
    // The serializer escapes `&` and `"` in an attribute (`<` and `>` inside quotes are text).
    expect(html).toContain(
      'data-landing-path="/search?q=&quot;><img src=x onerror=alert(1)>&amp;a=1&amp;amp;b"',
    );
    // Nothing left the attribute: the parsed page has no <img>, and the attribute is the path.
    const { document } = new JSDOM(html).window;
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('.shell-landing')?.getAttribute('data-landing-path')).toBe(
      pagePath,
    );
    const attribute = /data-landing-path="([^"]*)"/.exec(html);
    expect(attribute).not.toBeNull();
    expect(unescapeAttribute(attribute?.[1] ?? '')).toBe(pagePath);
  });

  it('inserts markup, CSS and state literally, whatever replacement patterns they hold', () => {
    const html = composePage({
      index: INDEX_HTML,
      frame: FRAME_HTML,
      pagePath: '/$&',
      landing: {
        html: "<p>$& $' $` $1 $$</p>",
        css: ".x::after{content:'$&'}",
        state: { price: "$' $&" },
      },
    }) as string;
    // The serializer writes the text's `&` as `&amp;`: the same text once parsed.
    expect(html).toContain(`data-landing-path="/$&amp;"><p>$&amp; $' $\` $1 $$</p></div>`);
    expect(new JSDOM(html).window.document.querySelector('.shell-landing p')?.textContent).toBe(
      "$& $' $` $1 $$",
    );
    expect(html).toContain(`<style data-landing-css="">.x::after{content:'$&'}</style>`);
    expect(stateIn(html)).toEqual({ price: "$' $&" });
  });

  it('accepts an unquoted or spaced-out root element', () => {
    for (const root of ['<div id=root></div>', '<div id="root">\n    </div>']) {
      const index = INDEX_HTML.replace('<div id="root"></div>', root);
      const html = composePage({ index, frame: FRAME_HTML, pagePath: '/', landing }) as string;
      expect(html).toContain('<div id="root"><div class="shell">');
    }
  });

  it('returns null when index.html or the frame has no place for the landing', () => {
    const compose = (index: string, frame: string) =>
      composePage({ index, frame, pagePath: '/book/1', landing });
    expect(
      compose(INDEX_HTML.replace('<div id="root"></div>', '<div id="app"></div>'), FRAME_HTML),
    ).toBeNull();
    expect(
      compose(INDEX_HTML.replace('<div id="root"></div>', '<div id="root">x</div>'), FRAME_HTML),
    ).toBeNull();
    expect(compose(INDEX_HTML, FRAME_HTML.replace(LANDING_SLOT, ''))).toBeNull();
    expect(compose(INDEX_HTML, '')).toBeNull();
    expect(compose(INDEX_HTML.replace('</head>', ''), FRAME_HTML)).toBeNull();
  });
});

describe('landing answers (storefront side)', () => {
  let store: Storefront;
  let server: EdgeServer;
  let onError: jest.Mock;
  const extra: EdgeServer[] = [];

  beforeEach(async () => {
    store = makeStorefront();
    onError = jest.fn();
    server = await startEdgeServer({
      dir: store.dir,
      port: 0,
      host: HOST,
      landing: { module: store.module, apiBaseUrl: API, apiTimeoutMs: 1234 },
      onError,
    });
  });

  afterEach(async () => {
    await Promise.all([server, ...extra.splice(0)].map((s) => s.close()));
    rmSync(store.dir, { recursive: true, force: true });
  });

  it('answers 200 with the markup, the state and the CSS beside the module', async () => {
    const res = await fetch(landingUrl(server, '/book/123'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    // Asked server to server (the shell's edge), never by a browser on another origin.
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['css', 'html', 'state']);
    expect(body.html).toContain('<article class="book" data-version="v1">ספר 123 v1');
    expect(body.state).toEqual({
      book: { id: '123', title: 'ספר 123', note: '</script><script>alert(1)</script>\u2028' },
    });
    expect(body.css).toBe(LANDING_CSS);
    expect(onError).not.toHaveBeenCalled();
  });

  it('compresses a large answer as the client accepts', async () => {
    const plain = await rawGet(landingUrl(server, '/book/9'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await rawGet(landingUrl(server, '/book/9'), { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    // @fastify/cors names Origin on every answer (whether CORS headers come depends on it).
    expect(br.headers.vary?.toLowerCase()).toBe('origin, accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    const gz = await rawGet(landingUrl(server, '/book/9'), { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
  });

  it('answers an empty CSS string when the module has no stylesheet', async () => {
    const bare = makeStorefront({ css: null });
    try {
      const other = await startEdgeServer({
        dir: bare.dir,
        port: 0,
        host: HOST,
        landing: { module: bare.module, apiBaseUrl: API },
      });
      extra.push(other);
      const body = await (await fetch(landingUrl(other, '/book/1'))).json();
      expect(body.css).toBe('');
      expect(body.html).toContain('ספר 1');
    } finally {
      rmSync(bare.dir, { recursive: true, force: true });
    }
  });

  it('answers 204 for a page the renderer does not prerender', async () => {
    const res = await fetch(landingUrl(server, '/authors'));
    expect(res.status).toBe(204);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe('');
    expect(store.calls().map((c) => c.pagePath)).toEqual(['/authors']);
    expect(onError).not.toHaveBeenCalled();
  });

  it('answers 204 and reports the error when the renderer throws', async () => {
    const res = await fetch(landingUrl(server, '/broken'));
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][0]).toBeInstanceOf(Error);
    expect((onError.mock.calls[0][0] as Error).message).toBe('renderer exploded');
  });

  it('answers 204 and reports the error when the module exports no renderLanding', async () => {
    const bad = makeStorefront();
    const module = path.join(bad.dir, 'server', 'not-a-renderer.cjs');
    writeFileSync(module, "exports.somethingElse = () => '';");
    try {
      const other = await startEdgeServer({
        dir: bad.dir,
        port: 0,
        host: HOST,
        landing: { module, apiBaseUrl: API },
        onError,
      });
      extra.push(other);
      const res = await fetch(landingUrl(other, '/book/1'));
      expect(res.status).toBe(204);
      expect(onError).toHaveBeenCalledTimes(1);
      expect(String(onError.mock.calls[0][0])).toMatch(/does not export renderLanding/);
    } finally {
      rmSync(bad.dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['a path without a leading slash', '?path=x'],
    ['a protocol-relative path', `?path=${encodeURIComponent('//evil.example/book/1')}`],
    ['no path', ''],
    ['an empty path', '?path='],
    ['a path over 2048 characters', `?path=/${'a'.repeat(2048)}`],
  ])('answers 400 for %s without rendering', async (_name, query) => {
    const res = await fetch(`${server.url}/__landing${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: BAD_PATH_MESSAGE,
    });
    expect(store.calls()).toEqual([]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('accepts a path of exactly 2048 characters', async () => {
    const pagePath = `/${'a'.repeat(2047)}`;
    expect((await fetch(landingUrl(server, pagePath))).status).toBe(204);
    expect(store.calls().map((c) => c.pagePath)).toEqual([pagePath]);
  });

  it('passes the renderer the API base URL, its timeout and the path with its query', async () => {
    const pagePath = '/echo?q=שלום עולם&x=1&y=%2F';
    const res = await fetch(landingUrl(server, pagePath));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.state).toEqual({ pagePath, options: { apiBaseUrl: API, timeoutMs: 1234 } });
    expect(store.calls()).toEqual([{ pagePath, options: { apiBaseUrl: API, timeoutMs: 1234 } }]);
  });

  it('passes the renderer the landing cookies of the request, and no other', async () => {
    expect(LANDING_COOKIES).toEqual(['mb_cart', 'mb_signed_in']);
    const res = await fetch(landingUrl(server, '/echo'), {
      headers: { cookie: 'session=secret; mb_cart=a~2.b~1; mb_cartx=1' },
    });
    const body = await res.json();
    expect(body.state.options).toEqual({
      apiBaseUrl: API,
      timeoutMs: 1234,
      cookie: 'mb_cart=a~2.b~1',
    });
    await fetch(landingUrl(server, '/echo?other'), { headers: { cookie: 'session=secret' } });
    expect(store.calls()[1]?.options).toEqual({ apiBaseUrl: API, timeoutMs: 1234 });
    expect(landingCookies(undefined)).toBeUndefined();
    expect(landingCookies(' mb_cart=-;x=1 ')).toBe('mb_cart=-');
  });

  it('renders a page drawn from a cookie once per cookie', async () => {
    const ask = (cookie: string) =>
      fetch(landingUrl(server, '/echo'), { headers: { cookie } }).then((res) => res.json());
    await ask('mb_cart=a~1');
    await ask('mb_cart=a~1');
    await ask('mb_cart=a~2');
    expect(store.calls().map((c) => (c.options as { cookie?: string }).cookie)).toEqual([
      'mb_cart=a~1',
      'mb_cart=a~2',
    ]);
  });

  it('renders a path once within cacheMs, and each path on its own', async () => {
    const first = await (await fetch(landingUrl(server, '/book/7'))).json();
    const second = await (await fetch(landingUrl(server, '/book/7'))).json();
    expect(second).toEqual(first);
    expect(store.calls()).toHaveLength(1);
    await fetch(landingUrl(server, '/book/7?tab=reviews'));
    await fetch(landingUrl(server, '/book/8'));
    expect(store.calls().map((c) => c.pagePath)).toEqual([
      '/book/7',
      '/book/7?tab=reviews',
      '/book/8',
    ]);
  });

  it('shares one render between concurrent requests, and keeps a 204 as well', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() => fetch(landingUrl(server, '/book/5')).then((r) => r.json())),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect((await fetch(landingUrl(server, '/authors'))).status).toBe(204);
    expect((await fetch(landingUrl(server, '/authors'))).status).toBe(204);
    expect(store.calls().map((c) => c.pagePath)).toEqual(['/book/5', '/authors']);
  });

  it('does not keep a failed render', async () => {
    expect((await fetch(landingUrl(server, '/broken'))).status).toBe(204);
    expect((await fetch(landingUrl(server, '/broken'))).status).toBe(204);
    expect(store.calls().map((c) => c.pagePath)).toEqual(['/broken', '/broken']);
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('renders again once cacheMs has passed', async () => {
    const other = await startEdgeServer({
      dir: store.dir,
      port: 0,
      host: HOST,
      landing: { module: store.module, apiBaseUrl: API, cacheMs: 1000 },
    });
    extra.push(other);
    const start = Date.now();
    const now = jest.spyOn(Date, 'now').mockReturnValue(start);
    try {
      await fetch(landingUrl(other, '/book/2'));
      now.mockReturnValue(start + 999);
      await fetch(landingUrl(other, '/book/2'));
      expect(store.calls()).toHaveLength(1);
      now.mockReturnValue(start + 1000);
      await fetch(landingUrl(other, '/book/2'));
      expect(store.calls()).toHaveLength(2);
    } finally {
      now.mockRestore();
    }
  });

  it('does not serve the renderer folder, and serves the rest of the build', async () => {
    for (const file of ['/server/landing.cjs', '/server/landing.css', '/server/calls.log']) {
      const res = await fetch(`${server.url}${file}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('Not found');
    }
    // Asked for as a page, it is the SPA fallback, never the module.
    const asPage = await fetch(`${server.url}/server/landing.cjs`, {
      headers: { Accept: 'text/html' },
    });
    expect(await asPage.text()).not.toContain('renderLanding');
    expect((await fetch(`${server.url}/remoteEntry.js`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/`)).text()).toContain('storefront');
  });

  it('does not answer /__landing without a landing option', async () => {
    const other = await startEdgeServer({ dir: store.dir, port: 0, host: HOST });
    extra.push(other);
    const res = await fetch(landingUrl(other, '/book/1'));
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('storefront');
    expect(store.calls()).toEqual([]);
    // …and such a server serves the module's folder like any other.
    expect((await fetch(`${other.url}/server/landing.cjs`)).status).toBe(200);
  });
});

describe('landing module reload (plain Node)', () => {
  // Jest's require.cache refuses deletes, so a module is never loaded twice inside Jest: the
  // storefront server runs in a child Node process here, as it does in production.
  let store: Storefront;
  let child: ChildProcess | null = null;

  beforeEach(() => {
    store = makeStorefront();
  });

  afterEach(async () => {
    const running = child;
    child = null;
    if (running && running.exitCode === null && running.signalCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }
    rmSync(store.dir, { recursive: true, force: true });
  });

  function startChild(): Promise<string> {
    const script = `
      const { startEdgeServer } = require(${JSON.stringify(path.join(__dirname, 'edge-server.ts'))});
      startEdgeServer({
        dir: ${JSON.stringify(store.dir)},
        port: 0,
        host: '${HOST}',
        landing: { module: ${JSON.stringify(store.module)}, apiBaseUrl: '${API}' },
        onError: (err) => console.error(err),
      }).then((server) => {
        console.log(server.url);
        process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
      });
    `;
    // tsx compiles the server's TypeScript (and the workspace libraries it imports) in the child.
    const proc = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    return new Promise((resolve, reject) => {
      let out = '';
      let err = '';
      proc.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n')[0] ?? '';
        if (out.includes('\n')) resolve(line.trim());
      });
      proc.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
      proc.once('error', reject);
      proc.once('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
    });
  }

  it('loads the module again when its file changes, and forgets its answers', async () => {
    const url = await startChild();
    const ask = async (pagePath: string) =>
      (await fetch(`${url}/__landing?path=${encodeURIComponent(pagePath)}`)).json();

    const before = await ask('/book/1');
    expect(before.html).toContain('data-version="v1"');
    expect(before.css).toBe(LANDING_CSS);
    expect((await ask('/book/1')).html).toContain('data-version="v1"');
    expect(store.calls()).toHaveLength(1);

    writeFileSync(store.module, rendererSource('v2'));
    writeFileSync(path.join(store.dir, 'server', 'landing.css'), '.book{color:green}');
    const later = new Date(Date.now() + 10_000);
    utimesSync(store.module, later, later);

    const after = await ask('/book/1');
    expect(after.html).toContain('data-version="v2"');
    expect(after.html).not.toContain('v1');
    expect(after.css).toBe('.book{color:green}');
    expect(store.calls()).toHaveLength(2);
    expect((await ask('/')).html).toBe('<section class="home">בית v2</section>');
    // The child compiles the server's TypeScript first: seconds on a busy machine.
  }, 30_000);
});

describe('page composition (two servers)', () => {
  let store: Storefront;
  let storefront: EdgeServer;
  let shellDir: string;
  let shell: EdgeServer;
  let shellErrors: jest.Mock;
  const dirs: string[] = [];

  beforeAll(async () => {
    store = makeStorefront();
    storefront = await startEdgeServer({
      dir: store.dir,
      port: 0,
      host: HOST,
      landing: { module: store.module, apiBaseUrl: API },
    });
    shellDir = makeShell();
    shellErrors = jest.fn();
    shell = await startEdgeServer({
      dir: shellDir,
      port: 0,
      host: HOST,
      compose: { landingUrl: landingUrl(storefront), timeoutMs: COMPOSE_TIMEOUT_MS },
      onError: shellErrors,
    });
  });

  afterAll(async () => {
    // The fixture's 8 s render must not fire after the servers are gone.
    // (Inside Jest the module is loaded once, so this is the instance the storefront runs.)
    const fixture: { cancelTimers(): void } = await import(store.module);
    fixture.cancelTimers();
    await Promise.all([shell.close(), storefront.close()]);
    for (const dir of [store.dir, shellDir, ...dirs]) rmSync(dir, { recursive: true, force: true });
  });

  const asked = () => store.calls().map((c) => c.pagePath);

  /** A shell server for one test, closed at its end. */
  async function withShell<T>(
    options: { dir?: string; landingUrl?: string; timeoutMs?: number },
    body: (server: EdgeServer) => Promise<T>,
  ): Promise<T> {
    const server = await startEdgeServer({
      dir: options.dir ?? shellDir,
      port: 0,
      host: HOST,
      compose: {
        landingUrl: options.landingUrl ?? landingUrl(storefront),
        timeoutMs: options.timeoutMs ?? COMPOSE_TIMEOUT_MS,
      },
    });
    try {
      return await body(server);
    } finally {
      await server.close();
    }
  }

  it('composes a landing page into index.html', async () => {
    const res = await fetch(`${shell.url}/book/1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    // Origin: @fastify/cors names it on every answer.
    expect(res.headers.get('vary')?.toLowerCase()).toBe('origin, accept-encoding, cookie');
    expect(res.headers.get('etag')).toBeNull();
    const page = await res.text();
    expect(page.startsWith('<!DOCTYPE html><html data-landing="" lang="he" dir="rtl"><head>')).toBe(
      true,
    );
    expect(page).toContain(
      '<div id="root"><div class="shell"><header>h</header><main><div class="shell-area">' +
        '<div class="shell-landing" data-landing-path="/book/1">' +
        '<article class="book" data-version="v1">ספר 1 v1',
    );
    expect(page).toContain('</article></div></div></main></div></div></body></html>');
    expect(page).toContain(`<style data-landing-css="">${LANDING_CSS}</style>`);
    expect(page).toContain('<script data-after-paint="/main.js?abc"></script>');
    expect(page).not.toContain('defer');
    expect(page).not.toContain('</script><script>alert(1)');
    expect(stateIn(page)).toEqual({
      book: { id: '1', title: 'ספר 1', note: '</script><script>alert(1)</script>\u2028' },
    });
    expect(page.indexOf('id="mb-landing-state"')).toBeLessThan(page.indexOf('</head>'));
    expect(asked()).toContain('/book/1');
    expect(shellErrors).not.toHaveBeenCalled();
  });

  it("asks another remote's server for its paths, with the page's landing cookies", async () => {
    const other = makeStorefront();
    dirs.push(other.dir);
    const checkout = await startEdgeServer({
      dir: other.dir,
      port: 0,
      host: HOST,
      landing: { module: other.module, apiBaseUrl: API },
    });
    const server = await startEdgeServer({
      dir: shellDir,
      port: 0,
      host: HOST,
      compose: {
        landingUrl: landingUrl(storefront),
        timeoutMs: COMPOSE_TIMEOUT_MS,
        remotes: [{ remote: 'checkout', landingUrl: landingUrl(checkout), paths: ['/echo'] }],
      },
    });
    try {
      const before = asked().length;
      const page = await (
        await fetch(`${server.url}/echo?x=1`, { headers: { cookie: 'a=b; mb_cart=c~3' } })
      ).text();
      expect(page).toContain('<p>echo</p>');
      expect(stateIn(page)).toEqual({
        pagePath: '/echo?x=1',
        options: { apiBaseUrl: API, cookie: 'mb_cart=c~3' },
      });
      expect(asked()).toHaveLength(before);
      // Every other path is still the storefront's.
      await fetch(`${server.url}/book/31`);
      expect(asked()).toContain('/book/31');
      expect(other.calls().map((c) => c.pagePath)).toEqual(['/echo?x=1']);
    } finally {
      await Promise.all([server.close(), checkout.close()]);
    }
  });

  it('asks for the page with its query, and composes the front page', async () => {
    const page = await (await fetch(`${shell.url}/book/42?tab=reviews&q=%22x%22`)).text();
    expect(page).toContain('data-landing-path="/book/42?tab=reviews&amp;q=%22x%22"');
    expect(asked()).toContain('/book/42?tab=reviews&q=%22x%22');

    const home = await (await fetch(`${shell.url}/`)).text();
    expect(home).toContain(
      '<div class="shell-landing" data-landing-path="/"><section class="home">בית v1</section></div>',
    );
    expect(stateIn(home)).toEqual({ home: true });
  });

  it('compresses a composed page with brotli or gzip as the browser accepts', async () => {
    const plain = await rawGet(`${shell.url}/book/3`, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const page = plain.body.toString();
    expect(page).toContain('data-landing-path="/book/3"');
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);

    const br = await rawGet(`${shell.url}/book/3`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(page);

    const gz = await rawGet(`${shell.url}/book/3`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(page);
    expect(gz.body.length).toBeLessThan(page.length);

    // fetch decodes brotli itself.
    const decoded = await fetch(`${shell.url}/book/3`, { headers: { 'Accept-Encoding': 'br' } });
    expect(decoded.headers.get('content-encoding')).toBe('br');
    expect(await decoded.text()).toBe(page);
  });

  it('sends index.html as it is for a page the storefront does not prerender', async () => {
    const res = await fetch(`${shell.url}/contact`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(await res.text()).toBe(INDEX_HTML);
    expect(asked()).toContain('/contact');
  });

  it('sends index.html as it is with 404 when the storefront says the page has no subject', async () => {
    // An unknown author or category: the browser draws its not-found screen.
    const res = await fetch(`${shell.url}/category/no-such`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(INDEX_HTML);
    expect(asked()).toContain('/category/no-such');
  });

  it('sends index.html as it is when the renderer fails', async () => {
    expect(await (await fetch(`${shell.url}/broken`)).text()).toBe(INDEX_HTML);
  });

  it('never composes an asset', async () => {
    const before = asked().length;
    const js = await fetch(`${shell.url}/main.js?abc`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe(readFileSync(path.join(shellDir, 'main.js'), 'utf8'));
    const asHtml = await fetch(`${shell.url}/main.js`, { headers: { Accept: 'text/html' } });
    expect(await asHtml.text()).toBe(readFileSync(path.join(shellDir, 'main.js'), 'utf8'));
    const frame = await fetch(`${shell.url}/landing-frame.html`);
    expect(await frame.text()).toBe(FRAME_HTML);
    expect((await fetch(`${shell.url}/missing.3f2a1b0c.js`)).status).toBe(404);
    // index.html by name, not asked for as a page: the file.
    expect(await (await fetch(`${shell.url}/index.html`)).text()).toBe(INDEX_HTML);
    expect(asked()).toHaveLength(before);
  });

  it('sends index.html as it is when the storefront is too slow', async () => {
    await withShell({ timeoutMs: 200 }, async (fast) => {
      // Shown without a clock, which a busy machine would make flaky: `/slow` never answers, so
      // any page at all means the edge gave up; `/slower` answers `<p>late</p>` after 8 s, so
      // index.html as it is means the edge gave up before then.
      for (const slowPath of ['/slow', '/slower']) {
        const res = await fetch(`${fast.url}${slowPath}`);
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(INDEX_HTML);
        expect(asked()).toContain(slowPath);
      }
    });
  });

  it('sends index.html as it is when the storefront is down', async () => {
    const gone = await startEdgeServer({
      dir: store.dir,
      port: 0,
      host: HOST,
      landing: { module: store.module, apiBaseUrl: API },
    });
    const goneUrl = landingUrl(gone);
    await withShell({ landingUrl: goneUrl }, async (orphan) => {
      expect(await (await fetch(`${orphan.url}/book/1`)).text()).toContain('data-landing');
      await gone.close();
      const res = await fetch(`${orphan.url}/book/1`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX_HTML);
    });
  });

  it('sends index.html as it is when the storefront refuses the path', async () => {
    // The shell passes the query along; too long a path is a 400 from the storefront.
    const res = await fetch(`${shell.url}/book/1?q=${'a'.repeat(2100)}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX_HTML);
  });

  it('sends index.html as it is when the build has no landing frame', async () => {
    const bare = makeShell({ frame: false });
    dirs.push(bare);
    await withShell({ dir: bare }, async (server) => {
      const res = await fetch(`${server.url}/book/1`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX_HTML);
    });
  });

  it('sends index.html as it is for an answer that is not a landing', async () => {
    const answers: Record<string, (res: http.ServerResponse) => void> = {
      '/no-html': (res) => res.end(JSON.stringify({ state: {}, css: '' })),
      '/not-json': (res) => res.end('<html>oops</html>'),
      '/html-not-string': (res) => res.end(JSON.stringify({ html: 42 })),
      '/null': (res) => res.end('null'),
      '/error': (res) => {
        res.statusCode = 500;
        res.end(JSON.stringify({ html: '<p>error page</p>' }));
      },
    };
    const seen: string[] = [];
    const fake = http.createServer((req, res) => {
      const pagePath = new URL(req.url ?? '/', 'http://x.test').searchParams.get('path') ?? '';
      seen.push(pagePath);
      res.setHeader('Content-Type', 'application/json');
      (answers[pagePath] ?? ((r: http.ServerResponse) => r.end('{"html":"<p>ok</p>"}')))(res);
    });
    await new Promise<void>((resolve) => fake.listen(0, HOST, resolve));
    const { port } = fake.address() as AddressInfo;
    try {
      await withShell({ landingUrl: `http://${HOST}:${port}/__landing` }, async (server) => {
        for (const pagePath of Object.keys(answers)) {
          expect(await (await fetch(`${server.url}${pagePath}`)).text()).toBe(INDEX_HTML);
        }
        const ok = await (await fetch(`${server.url}/anything?x=1`)).text();
        expect(ok).toContain('data-landing-path="/anything?x=1"><p>ok</p></div>');
        expect(stateIn(ok)).toBeNull();
      });
      expect(seen).toEqual([...Object.keys(answers), '/anything?x=1']);
    } finally {
      fake.closeAllConnections();
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});

describe('landing client (shell side) against a slow answer', () => {
  let slow: http.Server;
  let landingUrl: string;
  beforeAll(async () => {
    // A compressed answer whose body trickles in for longer than the client waits: the deadline
    // falls while it is read. Node's fetch could leave that read pending for ever, and the page
    // request with it (a browser waited minutes for a book page in CI).
    // Letters that do not compress away, so the body takes a while to arrive.
    let seed = 7;
    const letters = Array.from({ length: 40_000 }, () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return String.fromCharCode(0x5d0 + (seed % 27));
    }).join('');
    const body = gzipSync(JSON.stringify({ html: `<p>${letters}</p>` }));
    slow = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      let at = 0;
      const step = () => {
        if (at >= body.length) return void response.end();
        response.write(body.subarray(at, at + 300));
        at += 300;
        setTimeout(step, 2);
      };
      step();
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    landingUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/__landing`;
  });
  afterAll(async () => {
    slow.closeAllConnections();
    await new Promise((resolve) => slow.close(resolve));
  });

  it('gives up by its deadline wherever in the body it falls, and the page is drawn in the browser', async () => {
    for (let timeoutMs = 10; timeoutMs <= 120; timeoutMs += 10) {
      const ask = createLandingClient({ landingUrl, timeoutMs });
      let guard: NodeJS.Timeout | undefined;
      const answer = await Promise.race([
        ask('/book/1'),
        new Promise((resolve) => {
          guard = setTimeout(() => resolve('still waiting'), timeoutMs + 2000);
        }),
      ]);
      clearTimeout(guard);
      expect(answer === null ? 'drawn in the browser' : String(answer).slice(0, 40)).toBe(
        'drawn in the browser',
      );
    }
  });
});
