import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack, type RunningStack } from '@mechabrim/launcher';
import { until } from '@mechabrim/testing';
import type { EdgeServer } from '@mechabrim/edge';
import {
  LocalFolderReleaseStore,
  PointersFile,
  canary,
  promote,
  publishBuild,
  rollback,
  type ReleaseContext,
} from '@mechabrim/releases';
import type { Browser, Page } from 'playwright-core';
import { collectErrors, launchBrowser, screenshot } from '../support/browser';
import { buildFrontEnd, ensureBuilt, redeployRemote, ROOT } from './support/front-ends';

/** The released storefront files the page asks for, by URL. */
function releasedRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/storefront/')) urls.push(request.url());
  });
  return urls;
}

/**
 * Waits until the page has asked for `url`. The page is drawn by the server, so its text (and
 * a release's build label) shows before the shell has loaded the remote's entry: checking the
 * requests as soon as the text shows raced the shell's boot.
 */
function untilRequested(requests: string[], url: string): Promise<true> {
  return until(
    `the page asking for ${url}`,
    () => Promise.resolve(requests.includes(url) ? true : undefined),
    30_000,
    100,
  );
}

/** The storefront version a runtime config points at (`…/remotes/storefront/<version>/…`). */
function storefrontVersionOf(config: { remotes: { storefront: string } }): string {
  return /\/remotes\/storefront\/([^/]+)\//.exec(config.remotes.storefront)?.[1] ?? 'own-build';
}

/** Makes the build in `dir` one that requires React 18 (its manifest's react and react-dom). */
function requireReact18(dir: string): void {
  const manifestFile = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    shared: { name: string; requiredVersion?: string }[];
  };
  for (const shared of manifest.shared) {
    if (shared.name === 'react' || shared.name === 'react-dom') shared.requiredVersion = '^18.2.0';
  }
  writeFileSync(manifestFile, JSON.stringify(manifest));
  // The build's precompressed twins would still say the built ranges to a browser that takes them.
  rmSync(`${manifestFile}.br`, { force: true });
  rmSync(`${manifestFile}.gz`, { force: true });
}

// One stack and one rebuilt storefront (with a visible label) for both ways a team ships its
// remote: releasing it (docs/releases.md), and replacing the folder its origin serves.
describe('a remote is released or redeployed without rebuilding the shell', () => {
  let browser: Browser;
  let stack: RunningStack;
  let redeployed: EdgeServer | undefined;
  let redeployDir: string;
  let releasesDir: string;
  let context: ReleaseContext;
  const label = `בדיקת פריסה ${Date.now()}`;
  const shellEntry = path.join(ROOT, 'shell/dist/main.js');
  let shellBuiltAt: number;
  /** The storefront's own build and the rebuilt one (with the label), published in that order. */
  let v1: string;
  let v2: string;

  beforeAll(async () => {
    redeployDir = mkdtempSync(path.join(os.tmpdir(), 'mechabrim-storefront-'));
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'mechabrim-releases-'));
    context = {
      store: new LocalFolderReleaseStore(releasesDir),
      pointers: new PointersFile(path.join(releasesDir, 'pointers.json')),
      actor: 'e2e',
    };
    await ensureBuilt();
    shellBuiltAt = statSync(shellEntry).mtimeMs;
    // Only the storefront is rebuilt, with a visible change, into a new folder.
    const build = buildFrontEnd('storefront', {
      outputDir: redeployDir,
      env: { MECHABRIM_BUILD_LABEL: label },
    });
    [browser, stack] = await Promise.all([
      launchBrowser(),
      startStack({ env: { ...process.env, RELEASES_DIR: releasesDir } }),
      build,
    ]);
    v1 = (await publishBuild(context, 'storefront', path.join(ROOT, 'storefront/dist'))).release
      .version;
    v2 = (await publishBuild(context, 'storefront', redeployDir)).release.version;
  });

  afterAll(async () => {
    await browser?.close();
    await redeployed?.close();
    await stack?.stop();
    rmSync(redeployDir, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  it('released: a page opened on v1 keeps loading its lazy screens after v2 goes live; a reload shows v2, a rollback v1', async () => {
    await promote(context, 'storefront', v1);

    const page = await browser.newPage();
    const errors = collectErrors(page);
    const released = releasedRequests(page);
    await page.goto(`${stack.urls.shell}/about`);
    await page.locator('[data-remote="storefront"] h1').first().waitFor();
    expect(await page.locator('[data-build-label]').count()).toBe(0);
    const v1Entry = `${stack.urls.storefront}/remotes/storefront/${v1}/remoteEntry.js`;
    await untilRequested(released, v1Entry);
    expect(released).toContain(v1Entry);

    // v2 goes live while the page is open on v1…
    await promote(context, 'storefront', v2);
    released.length = 0;
    // …and the open page still navigates to a lazily loaded screen, from v1's files.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/contact');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page
      .locator('[data-remote="storefront"] h1', { hasText: 'צרו קשר' })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(released.length).toBeGreaterThan(0);
    expect(released.filter((url) => !url.includes(`/remotes/storefront/${v1}/`))).toEqual([]);

    // The next page load is v2.
    await page.reload();
    await expect(
      page.locator('[data-build-label]').textContent({ timeout: 20_000 }),
    ).resolves.toContain(label);
    const v2Entry = `${stack.urls.storefront}/remotes/storefront/${v2}/remoteEntry.js`;
    await untilRequested(released, v2Entry);
    expect(released).toContain(v2Entry);
    await screenshot(page, 'federation-released-storefront-v2');

    // Rolled back: the next load is v1 again; once more: the storefront's own build.
    await rollback(context, 'storefront');
    await page.reload();
    await page.locator('[data-remote="storefront"] h1', { hasText: 'צרו קשר' }).first().waitFor();
    expect(await page.locator('[data-build-label]').count()).toBe(0);
    await rollback(context, 'storefront');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('canary: 30 % of 200 new readers get the candidate, and each keeps their version', async () => {
    await promote(context, 'storefront', v1);
    await canary(context, 'storefront', v2, 30);
    try {
      let onCandidate = 0;
      for (let reader = 0; reader < 200; reader += 1) {
        // A new reader: no cookie, so the edge puts them in a bucket.
        const first = await fetch(`${stack.urls.shell}/runtime-config.json`);
        const cookie = first.headers.get('set-cookie')?.split(';')[0];
        expect(cookie).toMatch(/^mb_bucket=\d{1,2}$/);
        const version = storefrontVersionOf(
          (await first.json()) as { remotes: { storefront: string } },
        );
        expect([v1, v2]).toContain(version);
        // The same reader's next page load gets the same version.
        const again = await fetch(`${stack.urls.shell}/runtime-config.json`, {
          headers: { cookie: cookie ?? '' },
        });
        expect(
          storefrontVersionOf((await again.json()) as { remotes: { storefront: string } }),
        ).toBe(version);
        if (version === v2) onCandidate += 1;
      }
      const share = (onCandidate / 200) * 100;
      expect(share).toBeGreaterThanOrEqual(22);
      expect(share).toBeLessThanOrEqual(38);
    } finally {
      await canary(context, 'storefront', v2, 0);
      await rollback(context, 'storefront');
    }
  });

  it('a broken v3 (its entry answers 500) is retried once, then the page runs v2, the last live version; a v4 built against another React is not mounted either', async () => {
    // v3: v2's files and one more, so a version of its own.
    const v3Dir = mkdtempSync(path.join(os.tmpdir(), 'mechabrim-storefront-v3-'));
    try {
      cpSync(redeployDir, v3Dir, { recursive: true });
      writeFileSync(path.join(v3Dir, 'release-note.txt'), 'v3\n');
      const v3 = (await publishBuild(context, 'storefront', v3Dir)).release.version;
      await promote(context, 'storefront', v2);
      await promote(context, 'storefront', v3);

      const page = await browser.newPage();
      const v3Entry = `${stack.urls.storefront}/remotes/storefront/${v3}/remoteEntry.js`;
      let v3EntryAsked = 0;
      await page.route(v3Entry, (route) => {
        v3EntryAsked += 1;
        return route.fulfill({ status: 500, contentType: 'text/plain', body: 'broken' });
      });
      const released = releasedRequests(page);
      await page.goto(`${stack.urls.shell}/about`);
      await expect(
        page.locator('[data-build-label]').textContent({ timeout: 30_000 }),
      ).resolves.toContain(label);
      const v2Entry = `${stack.urls.storefront}/remotes/storefront/${v2}/remoteEntry.js`;
      await untilRequested(released, v2Entry);
      expect(released).toContain(v2Entry);
      expect(await page.locator('[data-remote-unavailable]').count()).toBe(0);
      // The first load and its retry (a preload of the entry may ask once more).
      expect(v3EntryAsked).toBeGreaterThanOrEqual(2);
      await screenshot(page, 'federation-broken-v3-falls-back-to-v2');
      await page.close();

      // v4 requires React 18 (published past the gate, as a store written by hand could hold
      // it): the shell refuses it at run time, without fetching its entry, and runs v2.
      // v4 is v1's files (no label): the label on the page shows v2 runs, not v4.
      await rollback(context, 'storefront');
      rmSync(v3Dir, { recursive: true, force: true });
      cpSync(path.join(ROOT, 'storefront/dist'), v3Dir, { recursive: true });
      writeFileSync(path.join(v3Dir, 'release-note.txt'), 'v4\n');
      requireReact18(v3Dir);
      const v4 = (await publishBuild(context, 'storefront', v3Dir)).release.version;
      await promote(context, 'storefront', v4);
      const v4Page = await browser.newPage();
      const v4Requests = releasedRequests(v4Page);
      await v4Page.goto(`${stack.urls.shell}/about`);
      await expect(
        v4Page.locator('[data-build-label]').textContent({ timeout: 30_000 }),
      ).resolves.toContain(label);
      await untilRequested(v4Requests, v2Entry);
      expect(v4Requests).toContain(v2Entry);
      expect(v4Requests).toContain(
        `${stack.urls.storefront}/remotes/storefront/${v4}/mf-manifest.json`,
      );
      expect(await v4Page.locator('[data-remote-unavailable]').count()).toBe(0);
      await v4Page.close();
    } finally {
      rmSync(v3Dir, { recursive: true, force: true });
      // Back to the remote's own build for the journeys after this one.
      rmSync(context.pointers.file, { force: true });
    }
  });

  it('remote:release refuses a storefront built against another React, naming the package and both versions', () => {
    const doctored = mkdtempSync(path.join(os.tmpdir(), 'mechabrim-storefront-react18-'));
    const store = mkdtempSync(path.join(os.tmpdir(), 'mechabrim-releases-refused-'));
    try {
      cpSync(path.join(ROOT, 'storefront/dist'), doctored, { recursive: true });
      requireReact18(doctored);
      const run = spawnSync(
        path.join(ROOT, 'node_modules/.bin/tsx'),
        ['tools/releases/src/cli.ts', 'release', 'storefront', '--dir', doctored],
        {
          cwd: ROOT,
          encoding: 'utf8',
          env: { ...process.env, RELEASES_DIR: store, RELEASE_SHELL_SHARED: '' },
        },
      );
      expect(run.status).toBe(1);
      const provided = (
        JSON.parse(readFileSync(path.join(ROOT, 'node_modules/react/package.json'), 'utf8')) as {
          version: string;
        }
      ).version;
      expect(run.stderr).toContain('storefront cannot run in this shell');
      expect(run.stderr).toContain(
        `react: storefront requires ^18.2.0, the shell provides ${provided}`,
      );
      expect(run.stderr).toContain('react-dom: storefront requires ^18.2.0');
      // Nothing was published.
      expect(readdirSync(store)).toEqual([]);
    } finally {
      rmSync(doctored, { recursive: true, force: true });
      rmSync(store, { recursive: true, force: true });
    }
  });

  it('redeployed: shows the rebuilt storefront after a reload, with the same shell build', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.urls.shell}/about`);
    await page.locator('[data-remote="storefront"] h1').first().waitFor();
    expect(await page.locator('[data-build-label]').count()).toBe(0);

    // The rebuilt folder is deployed: the storefront's origin now serves it.
    redeployed = await redeployRemote(stack, 'storefront', redeployDir);

    await page.reload();
    await expect(
      page.locator('[data-build-label]').textContent({ timeout: 20_000 }),
    ).resolves.toContain(label);
    // The redeployed remote still talks to the same API: the about page's figures are real.
    const { authors } = (await (await fetch(`${stack.urls.api}/api/stats`)).json()) as {
      authors: number;
    };
    await page
      .locator('[data-remote="storefront"]')
      .getByText(new Intl.NumberFormat('he-IL').format(authors), { exact: true })
      .first()
      .waitFor();
    await screenshot(page, 'federation-redeployed-storefront');
    expect(statSync(shellEntry).mtimeMs).toBe(shellBuiltAt);
    await page.close();
  });
});
