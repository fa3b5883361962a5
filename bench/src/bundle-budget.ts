/**
 * Home-page JavaScript budget (issue 5, item 12): the JavaScript the home page needs for its
 * first render, every federated chunk included — the shell, the remote entries, the shared
 * libraries (React, the router, the query cache, the stores, the UI kit) and the storefront's
 * chunks — must stay within 170 KB gzip. Measured the only way that counts the federation
 * runtime and React once: load the home page in Chromium and sum what it actually fetched.
 * The same budget, unit and definition as `storefront-lighthouse.ts`.
 *
 *   npm run bundle-budget -w @mechabrim/bench                 # real stack (API + demo data)
 *   npm run bundle-budget -w @mechabrim/bench -- --static     # front ends only, no API
 *   npm run bundle-budget -w @mechabrim/bench -- --build      # production-build the four first
 *
 * What counts: every script whose request started before the first render was on screen — the
 * first book card of 'picks of the month' (the hero is above it); with `--static` (no API, no
 * books) the storefront's first heading. What does not count, printed separately: scripts
 * requested afterwards, i.e. Swiper (the carousels ask for it when the browser is idle; until
 * then their slides sit in a presized row) and any other lazy chunk. Sizes are gzip -9 of each
 * response body, whatever the server sent on the wire; KB = 1024 bytes. Exit code 1 when over
 * budget (BENCH_SOFT=1 reports only).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startEdgeServer, type EdgeServer } from '@mechabrim/edge';

const ROOT = path.resolve(__dirname, '../..');
const FRONT_ENDS = ['shell', 'storefront', 'checkout', 'author-portal'] as const;
/** The budget of the home page's first render (gzip, KB of 1024 bytes; issue 5 item 12). */
const BUDGET_KB = 170;
/** How many of the largest first-render chunks to list. */
const LARGEST = 10;

const args = new Set(process.argv.slice(2));

/** The nx CLI's script, wherever this nx version keeps it (its package.json `bin`). */
function nxBin(): string {
  const pkgPath = path.join(ROOT, 'node_modules/nx/package.json');
  const { bin } = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    bin: string | Record<string, string>;
  };
  return path.join(
    path.dirname(pkgPath),
    typeof bin === 'string' ? bin : (bin['nx'] ?? 'bin/nx.js'),
  );
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
  const servers: EdgeServer[] = [];
  const serve = async (
    dir: string,
    runtimeConfig?: Parameters<typeof startEdgeServer>[0]['runtimeConfig'],
  ) => {
    const server = await startEdgeServer({
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

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);

interface Row {
  project: string;
  file: string;
  raw: number;
  gzip: number;
  /** Requested before the first render was on screen: counted against the budget. */
  firstRender: boolean;
  /** Holds Swiper (the carousels' library). */
  swiper: boolean;
}

const sum = (rows: Row[]) =>
  rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });

function printRow(row: Row) {
  console.log(
    `  ${row.project.padEnd(14)} ${row.file.padEnd(48)} ${kb(row.raw)} raw ${kb(row.gzip)} gzip${row.swiper ? '  (Swiper)' : ''}`,
  );
}

async function main() {
  ensureBuilt();
  const origins = args.has('--static') ? await startStatic() : await startFullStack();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const marker = args.has('--static')
      ? '[data-remote="storefront"] h1'
      : '#picks [data-testid="book-card"]';
    // The moment the first render is on screen, taken inside the page (resource timings share
    // its clock).
    await page.addInitScript((selector: string) => {
      const w = window as unknown as { __mbFirstRender?: number };
      new MutationObserver((_, observer) => {
        if (document.querySelector(selector)) {
          w.__mbFirstRender = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    }, marker);
    const bodies = new Map<string, Promise<Buffer | null>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.set(
        response.url(),
        response.body().catch(() => null),
      );
    });
    await page.goto(`${origins.shell}/`);
    await page.locator(marker).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // The carousels ask for Swiper when the browser is idle (at the latest after 1.5 s).
    await page.waitForTimeout(2000);
    await page.waitForLoadState('networkidle');
    const before = new Set(
      await page.evaluate(() => {
        const at = (window as unknown as { __mbFirstRender?: number }).__mbFirstRender ?? Infinity;
        return performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime <= at)
          .map((e) => e.name);
      }),
    );

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

    const rows: Row[] = [];
    for (const [url, pending] of bodies) {
      const body = (await pending) ?? Buffer.alloc(0);
      const { origin, pathname } = new URL(url);
      rows.push({
        project: origins.labels.get(origin) ?? origin,
        file: pathname.slice(1),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        firstRender: before.has(url),
        // Chunk names are numbers in production: tell Swiper's by a name only its core has.
        swiper: body.includes('loopCreate'),
      });
    }
    const first = rows.filter((r) => r.firstRender).sort((a, b) => b.gzip - a.gzip);
    const later = rows.filter((r) => !r.firstRender).sort((a, b) => b.gzip - a.gzip);
    const total = sum(first);
    const within = total.gzip <= BUDGET_KB * 1024;

    console.log(`\nHome-page JavaScript — ${origins.mode}`);
    console.log(
      `Counted: every script requested before the first render was on screen (${marker}).\n`,
    );
    console.log(
      `First render, by project:\n${'project'.padEnd(14)} ${'scripts'.padStart(7)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}`,
    );
    const projects = [...new Set(first.map((r) => r.project))].sort();
    for (const project of projects) {
      const of = first.filter((r) => r.project === project);
      const t = sum(of);
      console.log(
        `${project.padEnd(14)} ${String(of.length).padStart(7)} ${kb(t.raw)} ${kb(t.gzip)}`,
      );
    }
    console.log('-'.repeat(40));
    console.log(
      `${'total'.padEnd(14)} ${String(first.length).padStart(7)} ${kb(total.raw)} ${kb(total.gzip)}`,
    );
    console.log(
      `${'budget'.padEnd(14)} ${' '.repeat(7)} ${' '.repeat(8)} ${kb(BUDGET_KB * 1024)}  ${within ? 'within budget' : 'OVER BUDGET'}`,
    );

    console.log(`\nLargest first-render chunks (gzip):`);
    for (const row of first.slice(0, LARGEST)) printRow(row);

    const laterTotal = sum(later);
    console.log(
      `\nNot counted — requested after the first render (${later.length} scripts, ${kb(laterTotal.gzip).trim()} KB gzip):`,
    );
    for (const row of later) printRow(row);
    const swiper = later.filter((r) => r.swiper);
    console.log(
      `  of which Swiper (loaded when idle): ${kb(sum(swiper).gzip).trim()} KB gzip in ${swiper.length} script(s)`,
    );
    if (first.some((r) => r.swiper))
      console.log('  NOTE: a Swiper chunk was requested before the first render (counted above).');
    if (!within && process.env.BENCH_SOFT !== '1') process.exitCode = 1;
    console.log(
      `\nscripts: ${first.length} + ${later.length}; federation runtime provided once by the shell: ${share.runtimeProvided ? 'yes' : 'no'}`,
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
