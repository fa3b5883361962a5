'use strict';
// A small static file server for a built front end. Plain CommonJS on purpose: the launcher runs it
// before any build step exists, and Jest loads it without a transform.
//
// - SPA fallback: a GET for a path that is no file and looks like a page (no extension, or the
//   browser asks for HTML) gets index.html.
// - Compression: a precompressed `file.br` / `file.gz` beside the file wins; otherwise compressible
//   types are compressed once per file version and kept in memory.
// - CORS: every answer allows any origin, because the shell on one origin loads the remotes'
//   entries, chunks and fonts from theirs.
// - Cache: content-hashed files are immutable for a year; everything else (index.html,
//   remoteEntry.js, mf-manifest.json, runtime-config.json) is `no-cache` (revalidate with ETag), so a
//   redeployed remote is picked up on the next reload.
// - `/runtime-config.json` is generated from the environment when `runtimeConfig` is given.
// - Server-side composition of the landing pages (landing.cjs): `landing` makes this server
//   answer `/__landing` from a renderer module (the storefront); `compose` makes it ask for that
//   before it sends a page (the shell).

const http = require('node:http');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const zlib = require('node:zlib');
const { promisify } = require('node:util');
const { runtimeConfigFromEnv } = require('./runtime-config.cjs');
const {
  LANDING_PATH,
  LANDING_SLOT,
  composePage,
  createLandingClient,
  createLandingRenderer,
} = require('./landing.cjs');

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.ico',
  '.webmanifest',
]);
/** `main.3f9a1c2e.js`, `412.a1b2c3d4e5f6.js`, `heebo-hebrew-400.8c1f2a3b.woff2` */
const HASHED = /[.-][0-9a-f]{8,32}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** @param {string} file */
function cacheControlFor(file) {
  return HASHED.test(path.basename(file)) ? IMMUTABLE : NO_CACHE;
}

/** @param {string | undefined} header @returns {'br' | 'gzip' | null} */
function pickEncoding(header) {
  if (!header) return null;
  const accepted = header
    .split(',')
    .map((part) => {
      const [name, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { name: name.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((e) => e.q > 0);
  if (accepted.some((e) => e.name === 'br')) return 'br';
  if (accepted.some((e) => e.name === 'gzip' || e.name === '*')) return 'gzip';
  return null;
}

/**
 * Starts serving `dir`.
 * @param {import('./index.d.cts').StaticServerOptions} options
 * @returns {Promise<import('./index.d.cts').StaticServer>}
 */
async function startStaticServer(options) {
  const root = path.resolve(options.dir);
  const host = options.host;
  const runtimeConfig =
    options.runtimeConfig === true
      ? runtimeConfigFromEnv(process.env)
      : options.runtimeConfig && typeof options.runtimeConfig === 'object'
        ? options.runtimeConfig
        : null;
  const runtimeConfigBody = runtimeConfig ? Buffer.from(JSON.stringify(runtimeConfig)) : null;
  /** compressed bodies by `${file}:${mtimeMs}:${encoding}` */
  const compressed = new Map();
  const landing = options.landing ? createLandingRenderer(options.landing) : null;
  const askForLanding = options.compose ? createLandingClient(options.compose) : null;
  /** The renderer's own folder inside the served one (dist/server/) is not served. */
  const hidden =
    landing && landing.directory.startsWith(root + path.sep) ? landing.directory + path.sep : null;

  /** @param {string} urlPath @returns {Promise<{ file: string, stat: import('node:fs').Stats } | null>} */
  async function findFile(urlPath) {
    let decoded;
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
      let stat = await fsp.stat(file);
      if (stat.isDirectory()) {
        const index = path.join(file, 'index.html');
        stat = await fsp.stat(index);
        return stat.isFile() ? { file: index, stat } : null;
      }
      return stat.isFile() ? { file, stat } : null;
    } catch {
      return null;
    }
  }

  /** @param {string} file @param {import('node:fs').Stats} stat @param {'br' | 'gzip'} encoding */
  async function compressedBody(file, stat, encoding) {
    const pre = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    try {
      const preStat = await fsp.stat(pre);
      if (preStat.isFile() && preStat.mtimeMs >= stat.mtimeMs) return fsp.readFile(pre);
    } catch {
      // no precompressed file: compress below
    }
    const key = `${file}:${stat.mtimeMs}:${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      const raw = await fsp.readFile(file);
      body =
        encoding === 'br'
          ? await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
          : await gzip(raw, { level: 9 });
      compressed.set(key, body);
    }
    return body;
  }

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {{ file: string, stat: import('node:fs').Stats }} found
   * @param {string} cacheControl
   */
  async function sendFile(req, res, found, cacheControl) {
    const { file, stat } = found;
    const ext = path.extname(file).toLowerCase();
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    res.setHeader('Content-Type', MIME[ext] || 'application/octet-stream');
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', stat.mtime.toUTCString());
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding =
      COMPRESSIBLE.has(ext) && stat.size > 256
        ? pickEncoding(req.headers['accept-encoding'])
        : null;
    if (COMPRESSIBLE.has(ext)) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) {
      const body = await compressedBody(file, stat, encoding);
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.setHeader('Content-Length', stat.size);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await new Promise((resolve, reject) => {
      const stream = fs.createReadStream(file);
      stream.on('error', reject);
      res.on('close', resolve);
      stream.pipe(res);
    });
  }

  /**
   * Sends a body made for this request (a composed page, a landing answer): compressed on the
   * fly, never cached as a file is.
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res
   * @param {number} status @param {string} type @param {string} text
   */
  async function sendGenerated(req, res, status, type, text) {
    const raw = Buffer.from(text);
    const encoding = raw.length > 256 ? pickEncoding(req.headers['accept-encoding']) : null;
    const body =
      encoding === 'br'
        ? await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? await gzip(raw, { level: 6 })
          : raw;
    res.statusCode = status;
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', NO_CACHE);
    res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {URL} url */
  async function answerLanding(req, res, url) {
    const pagePath = url.searchParams.get('path') ?? '';
    if (!pagePath.startsWith('/') || pagePath.startsWith('//') || pagePath.length > 2048) {
      const error = {
        statusCode: 400,
        error: 'Bad Request',
        message: 'נתיב העמוד חסר או אינו תקין',
      };
      await sendGenerated(req, res, 400, MIME['.json'], JSON.stringify(error));
      return;
    }
    let answer = null;
    try {
      answer = await /** @type {NonNullable<typeof landing>} */ (landing).render(pagePath);
    } catch (err) {
      // The page is then drawn in the browser; the error is reported, the request is not failed.
      if (options.onError) options.onError(err);
    }
    if (!answer) {
      res.statusCode = 204;
      res.setHeader('Cache-Control', NO_CACHE);
      res.end();
      return;
    }
    await sendGenerated(req, res, 200, MIME['.json'], JSON.stringify(answer));
  }

  /** @type {Map<string, { mtimeMs: number, text: string }>} */
  const pageParts = new Map();
  /** @param {string} file */
  async function readPart(file) {
    const stat = await fsp.stat(file);
    const known = pageParts.get(file);
    if (known && known.mtimeMs === stat.mtimeMs) return known.text;
    const text = await fsp.readFile(file, 'utf8');
    pageParts.set(file, { mtimeMs: stat.mtimeMs, text });
    return text;
  }

  /**
   * index.html with the storefront's landing markup in it, or `null` (no markup for this page in
   * time, or no frame in this build): the caller then sends index.html as it is.
   * @param {string} pagePath
   */
  async function composedPage(pagePath) {
    if (!askForLanding) return null;
    const [index, frame] = await Promise.all([
      readPart(path.join(root, 'index.html')).catch(() => null),
      readPart(path.join(root, 'landing-frame.html')).catch(() => null),
    ]);
    // A build without a frame (or a page) has no use for the storefront's answer.
    if (!index || !frame) return null;
    const landingAnswer = await askForLanding(pagePath);
    if (!landingAnswer) return null;
    return composePage({ index, frame, pagePath, landing: landingAnswer });
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function handle(req, res) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD, OPTIONS');
      res.end();
      return;
    }
    const url = new URL(req.url || '/', 'http://localhost');
    const urlPath = url.pathname;

    if (landing && urlPath === LANDING_PATH) {
      await answerLanding(req, res, url);
      return;
    }

    if (runtimeConfigBody && urlPath === '/runtime-config.json') {
      res.setHeader('Content-Type', MIME['.json']);
      res.setHeader('Cache-Control', NO_CACHE);
      res.setHeader('Content-Length', runtimeConfigBody.length);
      res.end(req.method === 'HEAD' ? undefined : runtimeConfigBody);
      return;
    }

    const found = await findFile(urlPath);
    const isPage = !path.extname(urlPath) || String(req.headers.accept || '').includes('text/html');
    if (askForLanding && isPage && (!found || found.file === path.join(root, 'index.html'))) {
      const page = await composedPage(`${urlPath}${url.search}`);
      if (page) {
        await sendGenerated(req, res, 200, MIME['.html'], page);
        return;
      }
    }
    if (found) {
      await sendFile(req, res, found, cacheControlFor(found.file));
      return;
    }

    // SPA fallback: the shell's router owns every page path.
    if (isPage) {
      const index = await findFile('/index.html');
      if (index) {
        await sendFile(req, res, index, NO_CACHE);
        return;
      }
    }
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', NO_CACHE);
    res.end('Not found');
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      }
      res.end();
      if (options.onError) options.onError(err);
    });
  });
  // Keep-alive sockets would hold close() open; tests stop and restart servers often.
  server.keepAliveTimeout = 1000;

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const urlHost =
    !host || host === '::' || host === '0.0.0.0'
      ? 'localhost'
      : host.includes(':')
        ? `[${host}]`
        : host;
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

module.exports = {
  startStaticServer,
  runtimeConfigFromEnv,
  cacheControlFor,
  pickEncoding,
  composePage,
  LANDING_SLOT,
};
