import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { cacheControlFor, startEdgeServer, type EdgeServer } from './edge-server';
import { runtimeConfigFromEnv } from './runtime-config';

describe('edge server: files', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof startEdgeServer>>;
  const big = `console.log(${JSON.stringify('מחברים '.repeat(400))});`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'edge-server-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="he" dir="rtl"><body>shell</body></html>',
    );
    writeFileSync(path.join(dir, 'remoteEntry.js'), big);
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'storefront' }));
    writeFileSync(path.join(dir, '412.a1b2c3d4.js'), big);
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(
      path.join(dir, 'assets/heebo-hebrew-400-normal.1f2e3d4c.woff2'),
      Buffer.from([0, 1, 2, 3]),
    );
    writeFileSync(path.join(dir, 'pre.js'), 'x'.repeat(1000));
    writeFileSync(path.join(dir, 'pre.js.gz'), Buffer.from('precompressed'));
    writeFileSync(path.join(os.tmpdir(), 'outside-secret.txt'), 'secret');
    server = await startEdgeServer({
      dir,
      port: 0,
      host: '127.0.0.1',
      runtimeConfig: {
        apiBaseUrl: 'http://api.test',
        remotes: {
          storefront: 'http://s.test/mf-manifest.json',
          checkout: 'http://c.test/mf-manifest.json',
          authorPortal: 'http://a.test/mf-manifest.json',
        },
      },
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (p: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${p}`, { headers });

  it('serves files with their type, CORS for the shell on its own host and a no-cache remote entry', async () => {
    const res = await get('/remoteEntry.js', {
      'Accept-Encoding': 'identity',
      Origin: 'http://127.0.0.1:4200',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4200');
    expect(res.headers.get('vary')?.toLowerCase()).toContain('origin');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(big);
  });

  it('caches content-hashed files for a year and the manifest not at all', async () => {
    expect((await get('/412.a1b2c3d4.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(
      (await get('/assets/heebo-hebrew-400-normal.1f2e3d4c.woff2')).headers.get('content-type'),
    ).toBe('font/woff2');
    expect((await get('/mf-manifest.json')).headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for page paths, and 404s for missing files', async () => {
    const page = await get('/book/upload', { Accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('lang="he"');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/author-dashboard/books')).status).toBe(200);
    expect((await get('/missing.3f2a1b0c.js')).status).toBe(404);
  });

  it('compresses with brotli or gzip as the browser accepts, and prefers a precompressed file', async () => {
    const raw = (p: string, encoding: string) =>
      fetch(`${server.url}${p}`, { headers: { 'Accept-Encoding': encoding } }).then(
        async (res) => ({
          encoding: res.headers.get('content-encoding'),
          vary: res.headers.get('vary'),
          body: Buffer.from(await res.arrayBuffer()),
        }),
      );
    // Node's fetch decodes bodies; read through http instead for the raw bytes.
    const rawGet = (p: string, encoding: string) =>
      new Promise<{ encoding?: string; type?: string; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.url}${p}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                encoding: res.headers['content-encoding'],
                type: res.headers['content-type'],
                body: Buffer.concat(chunks),
              }),
            );
          })
          .on('error', reject);
      });
    const br = await rawGet('/remoteEntry.js', 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(big);
    const gz = await rawGet('/remoteEntry.js', 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(big);
    expect(gz.body.length).toBeLessThan(big.length / 5);
    const pre = await rawGet('/pre.js', 'gzip');
    expect(pre.encoding).toBe('gzip');
    expect(pre.type).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(pre.body.toString()).toBe('precompressed');
    // Without a brotli twin, a brotli-accepting browser gets the gzip twin rather than a
    // compression made for it.
    expect((await rawGet('/pre.js', 'br, gzip')).body.toString()).toBe('precompressed');
    // @fastify/cors names Origin on every answer (whether CORS headers come depends on it).
    expect((await raw('/remoteEntry.js', 'gzip')).vary?.toLowerCase()).toBe(
      'origin, accept-encoding',
    );
  });

  it('prefers brotli, then gzip, respects q=0, and sends identity otherwise', async () => {
    const encodingFor = (accept: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        http
          .get(
            `${server.url}/remoteEntry.js`,
            { headers: { 'Accept-Encoding': accept } },
            (res) => {
              res.resume();
              resolve(res.headers['content-encoding']);
            },
          )
          .on('error', reject);
      });
    expect(await encodingFor('gzip, deflate, br')).toBe('br');
    expect(await encodingFor('gzip')).toBe('gzip');
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('identity')).toBeUndefined();
    expect(await encodingFor('')).toBeUndefined();
  });

  it('answers a conditional request with 304', async () => {
    const first = await get('/remoteEntry.js');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // Through node:http: fetch() adds `Cache-Control: no-cache` to a conditional request, which
    // asks for a full answer (an end-to-end reload), as a browser's revalidation does not.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(
          `${server.url}/remoteEntry.js`,
          { headers: { 'If-None-Match': etag ?? '' } },
          (res) => {
            res.resume();
            resolve(res.statusCode);
          },
        )
        .on('error', reject);
    });
    expect(status).toBe(304);
  });

  it('serves the runtime config it was given, never cached', async () => {
    const res = await get('/runtime-config.json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({
      apiBaseUrl: 'http://api.test',
      remotes: {
        storefront: 'http://s.test/mf-manifest.json',
        checkout: 'http://c.test/mf-manifest.json',
        authorPortal: 'http://a.test/mf-manifest.json',
      },
    });
  });

  it('never serves a file outside its folder', async () => {
    for (const p of [
      '/../outside-secret.txt',
      '/%2e%2e/outside-secret.txt',
      '/..%2foutside-secret.txt',
    ]) {
      const res = await get(p, { Accept: 'text/plain' });
      expect(await res.text()).not.toBe('secret');
    }
  });

  it('answers a malformed address with 400 and a Hebrew message, not a 500', async () => {
    const res = await get('/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'הבקשה אינה תקינה',
    });
  });

  it('reads a path starting with // as a path of this site, never as another host', async () => {
    for (const p of ['//', '//:99999/', '//[', '//evil.example/x']) {
      const res = await get(p, { Accept: 'text/html' });
      expect(res.status).toBeLessThan(500);
      expect(await res.text()).not.toContain('evil.example');
    }
  });

  it('answers CORS preflight and refuses writes in JSON with a Hebrew message', async () => {
    expect((await fetch(`${server.url}/remoteEntry.js`, { method: 'OPTIONS' })).status).toBe(204);
    const write = await fetch(`${server.url}/remoteEntry.js`, { method: 'POST' });
    expect(write.status).toBe(405);
    expect(write.headers.get('allow')).toContain('GET');
    expect(await write.json()).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      message: expect.stringMatching(/[א-ת]/),
    });
  });

  it('stops listening on close', async () => {
    const other = await startEdgeServer({ dir, port: 0, host: '127.0.0.1' });
    await other.close();
    await expect(fetch(`${other.url}/index.html`)).rejects.toMatchObject({
      cause: { code: 'ECONNREFUSED' },
    });
  });
});

describe('runtime config from the environment', () => {
  it('defaults to the four development ports', () => {
    expect(runtimeConfigFromEnv({})).toEqual({
      apiBaseUrl: 'http://localhost:3000',
      remotes: {
        storefront: 'http://localhost:4201/mf-manifest.json',
        checkout: 'http://localhost:4202/mf-manifest.json',
        authorPortal: 'http://localhost:4203/mf-manifest.json',
      },
      storeUrl: 'http://localhost:4200/',
      portalUrl: 'http://localhost:4203/',
    });
  });

  it('follows the port variables, PUBLIC_API_URL and explicit remote URLs', () => {
    expect(
      runtimeConfigFromEnv({
        PUBLIC_API_URL: 'https://api.example.com/',
        STOREFRONT_PORT: '5201',
        CHECKOUT_REMOTE_URL: 'https://cdn.example.com/checkout/',
        AUTHOR_PORTAL_REMOTE_URL: 'https://authors.example.com/mf-manifest.json',
      }),
    ).toEqual({
      apiBaseUrl: 'https://api.example.com',
      remotes: {
        storefront: 'http://localhost:5201/mf-manifest.json',
        checkout: 'https://cdn.example.com/checkout/mf-manifest.json',
        authorPortal: 'https://authors.example.com/mf-manifest.json',
      },
      storeUrl: 'http://localhost:4200/',
      portalUrl: 'http://localhost:4203/',
    });
    expect(runtimeConfigFromEnv({ SHELL_PORT: '5200' }, 'http://192.168.1.20:4203').storeUrl).toBe(
      'http://192.168.1.20:5200/',
    );
    expect(runtimeConfigFromEnv({ PUBLIC_STORE_URL: 'https://mechabrim.co.il' }).storeUrl).toBe(
      'https://mechabrim.co.il/',
    );
    expect(
      runtimeConfigFromEnv({ AUTHOR_PORTAL_PORT: '5203' }, 'http://192.168.1.20:4200').portalUrl,
    ).toBe('http://192.168.1.20:5203/');
    expect(
      runtimeConfigFromEnv({ PUBLIC_PORTAL_URL: 'https://authors.mechabrim.co.il//' }).portalUrl,
    ).toBe('https://authors.mechabrim.co.il/');
  });

  it('puts the API on the page’s origin and the remotes on its host, unless told otherwise', () => {
    expect(runtimeConfigFromEnv({}, 'http://192.168.1.20:4200')).toEqual({
      apiBaseUrl: 'http://192.168.1.20:4200',
      remotes: {
        storefront: 'http://192.168.1.20:4201/mf-manifest.json',
        checkout: 'http://192.168.1.20:4202/mf-manifest.json',
        authorPortal: 'http://192.168.1.20:4203/mf-manifest.json',
      },
      storeUrl: 'http://192.168.1.20:4200/',
      portalUrl: 'http://192.168.1.20:4203/',
    });
    const split = runtimeConfigFromEnv(
      { PUBLIC_API_URL: 'https://api.mechabrim.co.il', PUBLIC_HOST: 'cdn.mechabrim.co.il' },
      'https://mechabrim.co.il',
    );
    expect(split.apiBaseUrl).toBe('https://api.mechabrim.co.il');
    expect(split.remotes.storefront).toBe('http://cdn.mechabrim.co.il:4201/mf-manifest.json');
    expect(runtimeConfigFromEnv({}, 'http://[::1]:4200').remotes.checkout).toBe(
      'http://[::1]:4202/mf-manifest.json',
    );
  });

  it('names the variable holding a bad port', () => {
    expect(() => runtimeConfigFromEnv({ CHECKOUT_PORT: 'abc' })).toThrow(/CHECKOUT_PORT/);
  });
});

describe('cache and encoding choices', () => {
  it('treats only content-hashed names as immutable', () => {
    expect(cacheControlFor('main.js')).toBe('no-cache');
    expect(cacheControlFor('remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('__federation_expose_App.83f4bd66.js')).toContain('immutable');
  });
});

describe('edge server: a host page (the shell)', () => {
  const EARLY_START = 'window.__mbEarly={};';
  let dir: string;
  let api: http.Server;
  let apiUrl: string;
  const apiRequests: { method?: string; url?: string; headers: http.IncomingHttpHeaders }[] = [];
  let server: EdgeServer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'edge-shell-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html lang="he" dir="rtl"><head><script>${EARLY_START}</script>` +
        '<script defer src="/main.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dir, 'main.js'), 'console.log(1)');
    // A stand-in upstream that answers what it was asked, so the test sees what the API receives.
    api = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        apiRequests.push({ method: req.method, url: req.url, headers: req.headers });
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ method: req.method, url: req.url, body }));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    server = await startEdgeServer({
      dir,
      port: 0,
      runtimeConfig: true,
      env: { STOREFRONT_PORT: '5201', CHECKOUT_PORT: '5202', AUTHOR_PORTAL_PORT: '5203' },
      apiUpstream: apiUrl,
      paymentFrameOrigins: ['https://direct.tranzila.com', 'http://localhost:4300'],
    });
  });

  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => api.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  /** The server asked at `host` (e.g. `127.0.0.1`), as a browser that opened it there does. */
  const at = (host: string, p: string, headers: Record<string, string> = {}) =>
    fetch(`http://${host}:${server.port}${p}`, { headers });

  it('sends the API on the page’s own origin, and the remotes on the page’s host', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const config = await (await at(host, '/runtime-config.json')).json();
      expect(config).toEqual({
        apiBaseUrl: `http://${host}:${server.port}`,
        remotes: {
          storefront: `http://${host}:5201/mf-manifest.json`,
          checkout: `http://${host}:5202/mf-manifest.json`,
          authorPortal: `http://${host}:5203/mf-manifest.json`,
        },
        storeUrl: `http://${host}:4200/`,
        portalUrl: `http://${host}:5203/`,
      });
    }
  });

  it('proxies /api to the API with the method, query and body, and says who asked', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/auth/login?next=%2F`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      method: 'POST',
      url: '/api/auth/login?next=%2F',
      body: '{"email":"a@b.co"}',
    });
    const seen = apiRequests.at(-1);
    expect(seen?.headers['x-forwarded-host']).toBe(`127.0.0.1:${server.port}`);
    expect(seen?.headers['x-forwarded-proto']).toBe('http');
    expect(seen?.headers['x-forwarded-for']).toContain('127.0.0.1');
    // The API's own answer: no page headers added to it.
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('puts a CSP the page runs under on it, with the early-start script’s hash', async () => {
    const res = await at('127.0.0.1', '/books', { Accept: 'text/html' });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(EARLY_START).digest('base64');
    expect(csp).toContain(
      `script-src 'self' http://127.0.0.1:5201 http://127.0.0.1:5202 http://127.0.0.1:5203 'sha256-${hash}'`,
    );
    expect(csp).toContain("frame-src 'self' https://direct.tranzila.com http://localhost:4300");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // A script is not a page: no page policy on it.
    const script = await at('127.0.0.1', '/main.js');
    expect(script.headers.get('content-security-policy')).toBeNull();
    expect(script.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('gives no CORS to a page of another site, and never *', async () => {
    const res = await at('127.0.0.1', '/main.js', { Origin: 'https://evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('does not take X-Forwarded-Proto from a proxy it was not told to trust', async () => {
    const res = await at('127.0.0.1', '/', { 'X-Forwarded-Proto': 'https' });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('refuses an API body larger than the API ever reads, before sending any of it', async () => {
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('utf8')));
      socket.on('close', () => resolve(received));
      socket.on('error', () => resolve(received));
      // Only the headers: a 300 MB body is declared and never sent.
      socket.write(
        'POST /api/books HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${300 * 1024 * 1024}\r\nConnection: close\r\n\r\n`,
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('הבקשה גדולה מדי');
  });

  it('answers 502 with a Hebrew message when the API is down', async () => {
    const port = await getClosedPort();
    const other = await startEdgeServer({
      dir,
      port: 0,
      host: '127.0.0.1',
      apiUpstream: `http://127.0.0.1:${port}`,
    });
    try {
      const res = await fetch(`${other.url}/api/books`);
      expect(res.status).toBe(502);
      const body = await res.json();
      expect(body).toEqual({
        statusCode: 502,
        error: 'Bad Gateway',
        message: 'השירות אינו זמין כרגע, נסו שוב בעוד רגע',
      });
    } finally {
      await other.close();
    }
  });
});

describe('edge server: pages no front end owns', () => {
  let dir: string;
  let server: EdgeServer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'edge-404-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body>app</body></html>');
    server = await startEdgeServer({
      dir,
      port: 0,
      host: '127.0.0.1',
      isSitePage: (pathname) => pathname === '/' || pathname.startsWith('/book/'),
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers an unknown page path with the app (its not-found screen) and 404', async () => {
    const res = await fetch(`${server.url}/no-such-page`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('app');
  });

  it('answers a known page path with 200', async () => {
    const res = await fetch(`${server.url}/book/abc`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
  });
});

describe('edge server: behind a TLS proxy', () => {
  let dir: string;
  let server: EdgeServer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'edge-tls-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body>x</body></html>');
    server = await startEdgeServer({
      dir,
      port: 0,
      host: '127.0.0.1',
      runtimeConfig: true,
      env: {},
      trustProxy: true,
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends HSTS for a page that came over HTTPS, and not for one over HTTP', async () => {
    const secure = await fetch(`${server.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const plain = await fetch(`${server.url}/`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('builds the runtime config from the address the proxy was asked at', async () => {
    const res = await fetch(`${server.url}/runtime-config.json`, {
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'mechabrim.co.il' },
    });
    expect((await res.json()).apiBaseUrl).toBe('https://mechabrim.co.il');
  });

  it('reads a forwarded protocol other than http or https as http, not a 500', async () => {
    const headers = { 'X-Forwarded-Proto': 'foo', 'X-Forwarded-Host': 'mechabrim.co.il' };
    const config = await fetch(`${server.url}/runtime-config.json`, { headers });
    expect(config.status).toBe(200);
    expect((await config.json()).apiBaseUrl).toBe('http://mechabrim.co.il');
    expect((await fetch(`${server.url}/`, { headers })).status).toBe(200);
  });
});

/** A port nothing listens on (taken, then given back). */
async function getClosedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
