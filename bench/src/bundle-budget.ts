/**
 * Home-page JavaScript budget (issue 2, item 11): the gzip size of the JavaScript the home page
 * loads before its first render — the shell, the remote entries, the shared libraries and the
 * storefront's chunks — measured the only way that counts the federation runtime and React
 * once: load the home page in Chromium and sum what it actually fetched.
 *
 *   npm run bundle-budget -w @mechabrim/bench                 # real stack (API + demo data)
 *   npm run bundle-budget -w @mechabrim/bench -- --static     # front ends only, no API
 *   npm run bundle-budget -w @mechabrim/bench -- --build      # production-build the four first
 *
 * "Before first render" = every script requested until the storefront's home content is on
 * screen (its first heading in the storefront's area). Sizes are gzip -9 of each response body,
 * whatever encoding the server chose on the wire.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startStaticServer, type StaticServer } from '@mechabrim/static-server';

const ROOT = path.resolve(__dirname, '../..');
const FRONT_ENDS = ['shell', 'storefront', 'checkout', 'author-portal'] as const;
/** The budget the home page should stay under (gzip, KiB). */
const BUDGET_KIB = 250;

const args = new Set(process.argv.slice(2));

/** The nx CLI's script, wherever this nx version keeps it (its package.json `bin`). */
function nxBin(): string {
  const pkgPath = path.join(ROOT, 'node_modules/nx/package.json');
  const { bin } = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    bin: string | Record<string, string>;
  };
  return path.join(path.dirname(pkgPath), typeof bin === 'string' ? bin : bin['nx']);
}

function ensureBuilt() {
  const missing = FRONT_ENDS.filter(
    (p) =>
      !existsSync(path.join(ROOT, p, 'dist', p === 'shell' ? 'index.html' : 'mf-manifest.json')),
  );
  if (args.has('--build') || missing.length > 0) {
    console.log(`building ${FRONT_ENDS.join(', ')} (production)…`);
    const result = spawnSync(
      process.execPath,
      [
        nxBin(),
        'run-many',
        '-t',
        'build',
        `--projects=${FRONT_ENDS.map((p) => `@mechabrim/${p}`).join(',')}`,
        '--parallel=1',
      ],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (result.status !== 0) throw new Error('the production build failed');
  }
}

interface Origins {
  shell: string;
  labels: Map<string, string>;
  stop(): Promise<void>;
  mode: string;
}

async function startStatic(): Promise<Origins> {
  const host = '127.0.0.1';
  const servers: StaticServer[] = [];
  const serve = async (
    dir: string,
    runtimeConfig?: Parameters<typeof startStaticServer>[0]['runtimeConfig'],
  ) => {
    const server = await startStaticServer({
      dir: path.join(ROOT, dir),
      port: 0,
      host,
      runtimeConfig,
    });
    servers.push(server);
    return server.url;
  };
  const storefront = await serve('storefront/dist');
  const checkout = await serve('checkout/dist');
  const authorPortal = await serve('author-portal/dist');
  const shell = await serve('shell/dist', {
    apiBaseUrl: 'http://127.0.0.1:9',
    remotes: {
      storefront: `${storefront}/mf-manifest.json`,
      checkout: `${checkout}/mf-manifest.json`,
      authorPortal: `${authorPortal}/mf-manifest.json`,
    },
  });
  return {
    shell,
    mode: 'front ends only (no API: lists render empty)',
    labels: new Map([
      [shell, 'shell'],
      [storefront, 'storefront'],
      [checkout, 'checkout'],
      [authorPortal, 'author-portal'],
    ]),
    stop: async () => {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}

async function startFullStack(): Promise<Origins> {
  const { startStack } = await import('@mechabrim/launcher');
  const stack = await startStack();
  return {
    shell: stack.urls.shell,
    mode: 'real stack (API + demo data)',
    labels: new Map([
      [new URL(stack.urls.shell).origin, 'shell'],
      [new URL(stack.urls.storefront).origin, 'storefront'],
      [new URL(stack.urls.checkout).origin, 'checkout'],
      [new URL(stack.urls.authorPortal).origin, 'author-portal'],
    ]),
    stop: () => stack.stop(),
  };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);

async function main() {
  ensureBuilt();
  const origins = args.has('--static') ? await startStatic() : await startFullStack();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    let rendered = false;
    const requested: string[] = [];
    const bodies = new Map<string, Buffer>();
    const pending: Promise<void>[] = [];
    page.on('request', (request) => {
      if (!rendered && request.resourceType() === 'script') requested.push(request.url());
    });
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response
          .body()
          .then((body) => void bodies.set(response.url(), body))
          .catch(() => undefined),
      );
    });
    await page.goto(`${origins.shell}/`);
    await page
      .locator('[data-remote="storefront"] h1, [data-remote="storefront"] h2')
      .first()
      .waitFor({ timeout: 60_000 });
    rendered = true;
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);

    const share = await page.evaluate(() => {
      const federation = (
        globalThis as unknown as {
          __FEDERATION__?: {
            __SHARE__: Record<
              string,
              Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>
            >;
          };
        }
      ).__FEDERATION__;
      const loaded: Record<string, string[]> = {};
      for (const scopes of Object.values(federation?.__SHARE__ ?? {}))
        for (const packages of Object.values(scopes))
          for (const [name, versions] of Object.entries(packages))
            for (const [version, entry] of Object.entries(versions))
              if (entry.loaded) (loaded[name] ??= []).push(`${version} from ${entry.from}`);
      return {
        loaded,
        runtimeProvided: Boolean(
          (globalThis as unknown as { _FEDERATION_RUNTIME_CORE?: unknown })
            ._FEDERATION_RUNTIME_CORE,
        ),
      };
    });

    const rows = [...new Set(requested)].map((url) => {
      const body = bodies.get(url) ?? Buffer.alloc(0);
      const { origin, pathname } = new URL(url);
      return {
        project: origins.labels.get(origin) ?? origin,
        file: pathname.slice(1),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      };
    });
    const total = rows.reduce(
      (sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }),
      { raw: 0, gzip: 0 },
    );

    console.log(`\nHome-page JavaScript before first render — ${origins.mode}\n`);
    console.log(
      `${'project'.padEnd(14)} ${'file'.padEnd(40)} ${'raw KiB'.padStart(8)} ${'gzip KiB'.padStart(8)}`,
    );
    for (const row of rows.sort((a, b) => a.project.localeCompare(b.project) || b.gzip - a.gzip)) {
      console.log(
        `${row.project.padEnd(14)} ${row.file.padEnd(40)} ${kib(row.raw)} ${kib(row.gzip)}`,
      );
    }
    const byProject = new Map<string, number>();
    for (const row of rows)
      byProject.set(row.project, (byProject.get(row.project) ?? 0) + row.gzip);
    console.log('-'.repeat(73));
    for (const [project, gzip] of byProject)
      console.log(`${`  ${project}`.padEnd(55)} ${kib(gzip)}`);
    console.log(`${'total'.padEnd(55)} ${kib(total.raw)} ${kib(total.gzip)}`);
    console.log(
      `${'budget'.padEnd(55)} ${' '.repeat(8)} ${kib(BUDGET_KIB * 1024)}  ${total.gzip <= BUDGET_KIB * 1024 ? 'within budget' : 'OVER BUDGET'}`,
    );
    console.log(
      `\nscripts: ${rows.length}; federation runtime provided once by the shell: ${share.runtimeProvided ? 'yes' : 'no'}`,
    );
    for (const name of [
      'react',
      'react-dom',
      '@mechabrim/routing',
      'zustand',
      '@mechabrim/query',
    ]) {
      console.log(
        `  ${name.padEnd(24)} loaded ${share.loaded[name]?.length ?? 0}× (${(share.loaded[name] ?? []).join(', ')})`,
      );
    }
  } finally {
    await browser.close();
    await origins.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
