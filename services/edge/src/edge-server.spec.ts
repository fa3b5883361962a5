import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { cacheControlFor, pickEncoding, startEdgeServer } from './edge-server';
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
    const http = await import('node:http');
    const rawGet = (p: string, encoding: string) =>
      new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.url}${p}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
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
    expect(pre.body.toString()).toBe('precompressed');
    expect((await raw('/remoteEntry.js', 'gzip')).vary?.toLowerCase()).toBe('accept-encoding');
  });

  it('answers a conditional request with 304', async () => {
    const first = await get('/remoteEntry.js');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // Through node:http: fetch() adds `Cache-Control: no-cache` to a conditional request, which
    // asks for a full answer (an end-to-end reload), as a browser's revalidation does not.
    const http = await import('node:http');
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

  it('answers CORS preflight and refuses writes', async () => {
    expect((await fetch(`${server.url}/remoteEntry.js`, { method: 'OPTIONS' })).status).toBe(204);
    expect((await fetch(`${server.url}/remoteEntry.js`, { method: 'POST' })).status).toBe(405);
  });

  it('stops listening on close', async () => {
    const other = await startEdgeServer({ dir, port: 0, host: '127.0.0.1' });
    await other.close();
    await expect(fetch(`${other.url}/index.html`)).rejects.toThrow();
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
    });
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

  it('prefers brotli, then gzip, and respects q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
  });
});
