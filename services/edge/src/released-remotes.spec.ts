import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { S3Client } from '@aws-sdk/client-s3';
import {
  LocalFolderReleaseStore,
  PointersFile,
  StorageReleaseStore,
  canary,
  promote,
  publishBuild,
  rollback,
  type ReleaseContext,
} from '@mechabrim/releases';
import { LocalDiskStorage } from '@mechabrim/storage/src/local-disk.storage';
import { S3Storage } from '@mechabrim/storage/src/s3.storage';
import { startEdgeServer, type EdgeServer } from './edge-server';
import {
  bucketOf,
  fallbackFor,
  parseReleasePath,
  versionFor,
  withReleases,
} from './released-remotes';
import type { RuntimeConfig } from './runtime-config';

const HOST = '127.0.0.1';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const V1 = '1-aaaaaaaaaa';
const V2 = '2-bbbbbbbbbb';

describe('released remotes: pointers to runtime config', () => {
  const config: RuntimeConfig = {
    apiBaseUrl: 'http://localhost:4200',
    remotes: {
      storefront: 'http://localhost:4201/mf-manifest.json',
      checkout: 'http://localhost:4202/mf-manifest.json',
      authorPortal: 'http://localhost:4203/mf-manifest.json',
    },
  };

  it('points a released remote at its live version beside its own manifest, the others at their own build', () => {
    expect(withReleases(config, { storefront: { live: V1 } }, null).remotes).toEqual({
      storefront: `http://localhost:4201/remotes/storefront/${V1}/mf-manifest.json`,
      checkout: 'http://localhost:4202/mf-manifest.json',
      authorPortal: 'http://localhost:4203/mf-manifest.json',
    });
    expect(
      withReleases(config, { 'author-portal': { live: V2 } }, null, 'https://cdn.example/r/')
        .remotes.authorPortal,
    ).toBe(`https://cdn.example/r/author-portal/${V2}/mf-manifest.json`);
    expect(withReleases(config, {}, 3)).toEqual(config);
  });

  it('gives the candidate to the readers whose bucket is below its share', () => {
    const pointers = { live: V1, candidate: { version: V2, share: 30 } };
    expect(versionFor(pointers, 0)).toBe(V2);
    expect(versionFor(pointers, 29)).toBe(V2);
    expect(versionFor(pointers, 30)).toBe(V1);
    expect(versionFor(pointers, null)).toBe(V1);
    expect(versionFor({ candidate: { version: V2, share: 30 } }, 50)).toBeNull();
  });

  it('names the version to fall back to: the live one for a candidate, the one live before for the live one', () => {
    const V3 = '3-cccccccccc';
    const pointers = { live: V2, previous: [V1], candidate: { version: V3, share: 30 } };
    expect(fallbackFor(pointers, 10)).toBe(V2);
    expect(fallbackFor(pointers, 50)).toBe(V1);
    expect(fallbackFor({ live: V1 }, 50)).toBeNull();
    expect(fallbackFor({ candidate: { version: V3, share: 30 } }, 10)).toBeNull();
    expect(fallbackFor({ candidate: { version: V3, share: 30 } }, 50)).toBeUndefined();
    expect(fallbackFor(undefined, null)).toBeUndefined();

    const candidate = withReleases(config, { storefront: pointers }, 10);
    expect(candidate.remotes.storefront).toBe(
      `http://localhost:4201/remotes/storefront/${V3}/mf-manifest.json`,
    );
    expect(candidate.fallbacks).toEqual({
      storefront: `http://localhost:4201/remotes/storefront/${V2}/mf-manifest.json`,
    });
    // From the first live version, back to the remote's own build, as a rollback would.
    expect(withReleases(config, { checkout: { live: V1 } }, null).fallbacks).toEqual({
      checkout: 'http://localhost:4202/mf-manifest.json',
    });
    expect(withReleases(config, {}, 10)).not.toHaveProperty('fallbacks');
  });

  it('reads the bucket cookie and the release paths, nothing else', () => {
    expect(bucketOf('a=1; mb_bucket=42; b=2')).toBe(42);
    expect(bucketOf('mb_bucket=420')).toBeNull();
    expect(bucketOf(undefined)).toBeNull();
    expect(parseReleasePath(`/remotes/checkout/${V1}/assets/x.1234abcd.woff2`)).toEqual({
      remote: 'checkout',
      version: V1,
      file: 'assets/x.1234abcd.woff2',
    });
    expect(parseReleasePath(`/remotes/cart/${V1}/remoteEntry.js`)).toBeNull();
    expect(parseReleasePath(`/remotes/checkout/latest/remoteEntry.js`)).toBeNull();
    expect(parseReleasePath(`/remotes/checkout/${V1}/../../pointers.json`)).toBeNull();
  });
});

/** A storefront build whose entry, chunk and server renderer all say which build they are. */
function writeBuild(dir: string, label: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  const entry = `/* storefront ${label} */ ${'x'.repeat(2000)}`;
  writeFileSync(path.join(dir, 'remoteEntry.js'), entry);
  writeFileSync(path.join(dir, 'remoteEntry.js.br'), brotliCompressSync(entry));
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'storefront', label }));
  writeFileSync(path.join(dir, `412.${label.padEnd(8, '0')}.js`), `chunk ${label}`);
  writeFileSync(
    path.join(dir, 'server', 'landing.cjs'),
    // The store's address the server gave it, when one was given.
    `exports.renderLanding = (_path, options) => ({ html: '<p>${label}</p>' +
      (options && options.siteUrl ? '<p>site ' + options.siteUrl + '</p>' : ''), state: null });`,
  );
}

describe('edge server: released remotes', () => {
  let root: string;
  let dist: string;
  let context: ReleaseContext;
  let server: EdgeServer;
  let versions: string[];
  const errors: unknown[] = [];

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'edge-releases-'));
    dist = path.join(root, 'storefront-dist');
    context = {
      store: new LocalFolderReleaseStore(path.join(root, 'releases')),
      pointers: new PointersFile(path.join(root, 'releases', 'pointers.json')),
      actor: 'dana',
    };
    versions = [];
    for (const label of ['a1', 'b2']) {
      writeBuild(dist, label);
      versions.push((await publishBuild(context, 'storefront', dist)).release.version);
    }
    // What the storefront's own folder holds now: a third build, never released.
    writeBuild(dist, 'c3');
    server = await startEdgeServer({
      dir: dist,
      port: 0,
      host: HOST,
      runtimeConfig: true,
      env: { STOREFRONT_PORT: '4201' },
      landing: {
        module: path.join(dist, 'server', 'landing.cjs'),
        apiBaseUrl: 'http://127.0.0.1:9',
        cacheMs: 0,
        remote: 'storefront',
      },
      releases: {
        store: context.store,
        // The server's own reader: it sees the command line's changes through the file.
        pointers: new PointersFile(context.pointers.file),
      },
      onError: (error) => errors.push(error),
    });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (p: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${p}`, { headers });
  const storefrontEntry = async (cookie?: string) => {
    const res = await get('/runtime-config.json', cookie ? { cookie } : {});
    return ((await res.json()) as RuntimeConfig).remotes.storefront;
  };
  const landingHtml = async () =>
    ((await (await get('/__landing?path=/')).json()) as { html: string }).html;

  it('serves every published version immutably, its precompressed twin when the browser takes it', async () => {
    const [v1, v2] = versions as [string, string];
    const entry = await get(`/remotes/storefront/${v1}/remoteEntry.js`, {
      'Accept-Encoding': 'identity',
    });
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(entry.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await entry.text()).toContain('storefront a1');
    expect(await (await get(`/remotes/storefront/${v2}/412.b2000000.js`)).text()).toBe('chunk b2');

    const br = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(
          `${server.url}/remotes/storefront/${v2}/remoteEntry.js`,
          { headers: { 'Accept-Encoding': 'gzip, br' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
            );
          },
        )
        .on('error', reject);
    });
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('storefront b2');
  });

  it("answers 404 for a version never published, a file not in it, and the release's server renderer", async () => {
    const [v1] = versions as [string];
    for (const p of [
      '/remotes/storefront/9-0123456789/remoteEntry.js',
      `/remotes/storefront/${v1}/missing.js`,
      `/remotes/storefront/${v1}/server/landing.cjs`,
      `/remotes/storefront/${v1}/%2e%2e/${v1}.json`,
      '/remotes/nothing',
    ]) {
      const res = await get(p, { Accept: 'text/html' });
      expect([p, res.status]).toEqual([p, 404]);
    }
  });

  it('follows the pointers on the next request: promote, promote, roll back', async () => {
    const [v1, v2] = versions as [string, string];
    // No pointers yet: the storefront's own build, as before releases existed.
    expect(await storefrontEntry()).toBe('http://127.0.0.1:4201/mf-manifest.json');
    expect(await landingHtml()).toBe('<p>c3</p>');

    await promote(context, 'storefront', v1);
    expect(await storefrontEntry()).toBe(
      `http://127.0.0.1:4201/remotes/storefront/${v1}/mf-manifest.json`,
    );
    expect(await landingHtml()).toBe('<p>a1</p>');

    await promote(context, 'storefront', v2);
    expect(await storefrontEntry()).toBe(
      `http://127.0.0.1:4201/remotes/storefront/${v2}/mf-manifest.json`,
    );
    expect(await landingHtml()).toBe('<p>b2</p>');
    // A page opened on v1 still loads its files.
    expect((await get(`/remotes/storefront/${v1}/412.a1000000.js`)).status).toBe(200);

    await rollback(context, 'storefront');
    expect(await storefrontEntry()).toBe(
      `http://127.0.0.1:4201/remotes/storefront/${v1}/mf-manifest.json`,
    );
    expect(await landingHtml()).toBe('<p>a1</p>');
    expect(errors).toEqual([]);
  });

  it('during a canary gives a reader a bucket and keeps them on the same version', async () => {
    const [v1, v2] = versions as [string, string];
    await promote(context, 'storefront', v1);
    await canary(context, 'storefront', v2, 30);
    const candidateUrl = `http://127.0.0.1:4201/remotes/storefront/${v2}/mf-manifest.json`;
    const liveUrl = `http://127.0.0.1:4201/remotes/storefront/${v1}/mf-manifest.json`;

    expect(await storefrontEntry('mb_bucket=29')).toBe(candidateUrl);
    expect(await storefrontEntry('mb_bucket=30')).toBe(liveUrl);

    const first = await get('/runtime-config.json');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^mb_bucket=\d{1,2}; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    const bucket = Number(/^mb_bucket=(\d+)/.exec(cookie)?.[1]);
    const expected = bucket < 30 ? candidateUrl : liveUrl;
    expect(((await first.json()) as RuntimeConfig).remotes.storefront).toBe(expected);
    const again = await get('/runtime-config.json', { cookie: `mb_bucket=${bucket}` });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(((await again.json()) as RuntimeConfig).remotes.storefront).toBe(expected);

    await canary(context, 'storefront', v2, 0);
    expect(await storefrontEntry('mb_bucket=1')).toBe(liveUrl);
    expect((await get('/runtime-config.json')).headers.get('set-cookie')).toBeNull();
  });

  it("draws a canary's reader with the candidate's renderer, from the shell's page on", async () => {
    const [v1, v2] = versions as [string, string];
    await promote(context, 'storefront', v1);
    await canary(context, 'storefront', v2, 30);
    const shellDir = path.join(root, 'shell-dist');
    mkdirSync(shellDir, { recursive: true });
    writeFileSync(
      path.join(shellDir, 'index.html'),
      '<!doctype html><html lang="he" dir="rtl"><head><title>מחברים</title></head>' +
        '<body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(shellDir, 'landing-frame.html'),
      '<div class="shell"><main><!--mb-landing--></main></div>',
    );
    const shell = await startEdgeServer({
      dir: shellDir,
      port: 0,
      host: HOST,
      runtimeConfig: true,
      compose: { landingUrl: `${server.url}/__landing`, timeoutMs: 5000 },
      releases: { store: context.store, pointers: new PointersFile(context.pointers.file) },
      onError: (error) => errors.push(error),
    });
    try {
      const page = (cookie?: string) =>
        fetch(`${shell.url}/`, { headers: { Accept: 'text/html', ...(cookie ? { cookie } : {}) } });
      expect(await (await page('mb_bucket=5')).text()).toContain('<p>b2</p>');
      expect(await (await page('mb_bucket=95')).text()).toContain('<p>a1</p>');

      // A new reader gets a bucket with the page, drawn by the version that bucket gets.
      const first = await page();
      const bucket = Number(/^mb_bucket=(\d+);/.exec(first.headers.get('set-cookie') ?? '')?.[1]);
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(await first.text()).toContain(bucket < 30 ? '<p>b2</p>' : '<p>a1</p>');
      expect(errors).toEqual([]);
    } finally {
      await shell.close();
      await canary(context, 'storefront', v2, 0);
    }
  });

  /** A shell build: its index page. */
  function writeShell(name: string): string {
    const shellDir = path.join(root, name);
    mkdirSync(shellDir, { recursive: true });
    writeFileSync(
      path.join(shellDir, 'index.html'),
      '<!doctype html><html lang="he" dir="rtl"><head><title>מחברים</title></head>' +
        '<body><div id="root"></div></body></html>',
    );
    return shellDir;
  }

  it("allows the release store's public origin in the page's CSP, for a canary's reader and the others", async () => {
    const [, v2] = versions as [string, string];
    // The first release tried on a share: the other readers get the storefront's own build, so
    // the store's origin is in no runtime config but a canary reader's.
    await context.pointers.change('storefront', 'canary', 'dana', () => ({
      candidate: { version: v2, share: 30 },
    }));
    const shell = await startEdgeServer({
      dir: writeShell('shell-cdn'),
      port: 0,
      host: HOST,
      runtimeConfig: true,
      env: { STOREFRONT_PORT: '4201' },
      releases: {
        store: context.store,
        pointers: new PointersFile(context.pointers.file),
        publicUrl: 'https://cdn.example/releases/',
      },
      onError: (error) => errors.push(error),
    });
    try {
      for (const [cookie, storefrontUrl] of [
        ['mb_bucket=5', `https://cdn.example/releases/storefront/${v2}/mf-manifest.json`],
        ['mb_bucket=95', 'http://127.0.0.1:4201/mf-manifest.json'],
      ] as const) {
        const config = (await (
          await fetch(`${shell.url}/runtime-config.json`, { headers: { cookie } })
        ).json()) as RuntimeConfig;
        expect(config.remotes.storefront).toBe(storefrontUrl);
        const page = await fetch(`${shell.url}/`, { headers: { Accept: 'text/html', cookie } });
        expect(page.status).toBe(200);
        const policy = new Map(
          (page.headers.get('content-security-policy') ?? '').split('; ').map((directive) => {
            const [name = '', ...sources] = directive.split(' ');
            return [name, sources] as const;
          }),
        );
        for (const directive of ['script-src', 'style-src', 'font-src', 'connect-src']) {
          expect(policy.get(directive)).toContain('https://cdn.example');
        }
        // The remotes' own builds stay allowed beside it.
        expect(policy.get('script-src')).toContain('http://127.0.0.1:4201');
        expect(policy.get('script-src')).toContain('http://127.0.0.1:4202');
      }
      expect(errors).toEqual([]);
    } finally {
      await shell.close();
      await canary(context, 'storefront', v2, 0);
    }
  });

  it("hands the store's address to the landing renderer of either canary version", async () => {
    const [v1, v2] = versions as [string, string];
    await promote(context, 'storefront', v1);
    await canary(context, 'storefront', v2, 30);
    const storefront = await startEdgeServer({
      dir: dist,
      port: 0,
      host: HOST,
      landing: {
        module: path.join(dist, 'server', 'landing.cjs'),
        apiBaseUrl: 'http://127.0.0.1:9',
        cacheMs: 0,
        remote: 'storefront',
        siteUrl: 'https://mechabrim.test/',
      },
      releases: { store: context.store, pointers: new PointersFile(context.pointers.file) },
      onError: (error) => errors.push(error),
    });
    try {
      for (const [cookie, label] of [
        ['mb_bucket=5', 'b2'],
        ['mb_bucket=95', 'a1'],
      ] as const) {
        const res = await fetch(`${storefront.url}/__landing?path=/`, { headers: { cookie } });
        expect(((await res.json()) as { html: string }).html).toBe(
          `<p>${label}</p><p>site https://mechabrim.test/</p>`,
        );
      }
      expect(errors).toEqual([]);
    } finally {
      await storefront.close();
      await canary(context, 'storefront', v2, 0);
    }
  });
});

describe('edge server: released remotes in object storage', () => {
  it("copies the live version's renderer to local disk and draws with it", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'edge-releases-'));
    const dist = path.join(root, 'storefront-dist');
    const context: ReleaseContext = {
      // The storage port's local adapter stands in for the bucket: a store without folders.
      store: new StorageReleaseStore(new LocalDiskStorage(path.join(root, 'bucket'))),
      pointers: new PointersFile(path.join(root, 'pointers.json')),
      actor: 'dana',
    };
    writeBuild(dist, 'a1');
    const { version } = (await publishBuild(context, 'storefront', dist)).release;
    writeBuild(dist, 'c3');
    await promote(context, 'storefront', version);
    const errors: unknown[] = [];
    const server = await startEdgeServer({
      dir: dist,
      port: 0,
      host: HOST,
      landing: {
        module: path.join(dist, 'server', 'landing.cjs'),
        apiBaseUrl: 'http://127.0.0.1:9',
        cacheMs: 0,
        remote: 'storefront',
      },
      releases: { store: context.store, pointers: context.pointers },
      onError: (error) => errors.push(error),
    });
    try {
      const landingHtml = async () =>
        ((await (await fetch(`${server.url}/__landing?path=/`)).json()) as { html: string }).html;
      // Until the copy is there, the remote's own build draws the page.
      let html = await landingHtml();
      for (let tries = 0; html !== '<p>a1</p>' && tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        html = await landingHtml();
      }
      expect(html).toBe('<p>a1</p>');
      const entry = await fetch(`${server.url}/remotes/storefront/${version}/remoteEntry.js`);
      expect(entry.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(await entry.text()).toContain('storefront a1');
      expect(errors).toEqual([]);
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('edge server: a release store out of reach', () => {
  it('answers 503 with a Hebrew message, and reports the error', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'edge-releases-'));
    const settings = {
      bucket: 'releases',
      region: 'us-east-1',
      // Nothing listens on the discard port: every request to the bucket fails.
      endpoint: 'http://127.0.0.1:9',
      forcePathStyle: true,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: '',
    };
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      maxAttempts: 1,
    });
    const errors: unknown[] = [];
    const server = await startEdgeServer({
      dir,
      port: 0,
      host: HOST,
      releases: {
        store: new StorageReleaseStore(new S3Storage(settings, client)),
        pointers: new PointersFile(path.join(dir, 'pointers.json')),
      },
      onError: (error) => errors.push(error),
    });
    try {
      const res = await fetch(`${server.url}/remotes/storefront/${V1}/remoteEntry.js`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toMatchObject({
        statusCode: 503,
        message: expect.stringMatching(/[א-ת]/),
      });
      expect(errors).toHaveLength(1);
    } finally {
      await server.close();
      client.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
