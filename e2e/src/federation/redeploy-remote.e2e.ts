import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack, type RunningStack } from '@mechabrim/launcher';
import type { EdgeServer } from '@mechabrim/edge';
import {
  LocalFolderReleaseStore,
  PointersFile,
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
  });

  afterAll(async () => {
    await browser?.close();
    await redeployed?.close();
    await stack?.stop();
    rmSync(redeployDir, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  it('released: a page opened on v1 keeps loading its lazy screens after v2 goes live; a reload shows v2, a rollback v1', async () => {
    const v1 = (await publishBuild(context, 'storefront', path.join(ROOT, 'storefront/dist')))
      .release.version;
    const v2 = (await publishBuild(context, 'storefront', redeployDir)).release.version;
    await promote(context, 'storefront', v1);

    const page = await browser.newPage();
    const errors = collectErrors(page);
    const released = releasedRequests(page);
    await page.goto(`${stack.urls.shell}/about`);
    await page.locator('[data-remote="storefront"] h1').first().waitFor();
    expect(await page.locator('[data-build-label]').count()).toBe(0);
    expect(released).toContain(`${stack.urls.storefront}/remotes/storefront/${v1}/remoteEntry.js`);

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
    expect(released).toContain(`${stack.urls.storefront}/remotes/storefront/${v2}/remoteEntry.js`);
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
