import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack, type RunningStack } from '@mechabrim/launcher';
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
import { ROOT, buildFrontEnd, ensureBuilt } from './support/front-ends';

/** The released storefront files the page asked for, by URL. */
function releasedRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/storefront/')) urls.push(request.url());
  });
  return urls;
}

describe('a remote is released, promoted and rolled back without touching the shell', () => {
  let browser: Browser;
  let stack: RunningStack;
  let releasesDir: string;
  let labelledDir: string;
  let context: ReleaseContext;
  let v1: string;
  let v2: string;
  const label = `גרסה שנייה ${Date.now()}`;

  beforeAll(async () => {
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'mechabrim-releases-'));
    labelledDir = mkdtempSync(path.join(os.tmpdir(), 'mechabrim-storefront-'));
    context = {
      store: new LocalFolderReleaseStore(releasesDir),
      pointers: new PointersFile(path.join(releasesDir, 'pointers.json')),
      actor: 'e2e',
    };
    await ensureBuilt();
    // Version 1 is the storefront's own build; version 2 the same code with a visible label.
    await buildFrontEnd('storefront', {
      outputDir: labelledDir,
      env: { MECHABRIM_BUILD_LABEL: label },
    });
    v1 = (await publishBuild(context, 'storefront', path.join(ROOT, 'storefront/dist'))).release
      .version;
    v2 = (await publishBuild(context, 'storefront', labelledDir)).release.version;
    await promote(context, 'storefront', v1);
    [browser, stack] = await Promise.all([
      launchBrowser(),
      startStack({ env: { ...process.env, RELEASES_DIR: releasesDir } }),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    rmSync(releasesDir, { recursive: true, force: true });
    rmSync(labelledDir, { recursive: true, force: true });
  });

  it('keeps a page opened on v1 working after v2 goes live; a reload shows v2, a rollback v1 again', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const released = releasedRequests(page);
    await page.goto(`${stack.urls.shell}/about`);
    await page.locator('[data-remote="storefront"] h1').first().waitFor();
    expect(await page.locator('[data-build-label]').count()).toBe(0);
    expect(released.some((url) => url.includes(`/remotes/storefront/${v1}/remoteEntry.js`))).toBe(
      true,
    );

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

    // A reload loads v2.
    await page.reload();
    await expect(
      page.locator('[data-build-label]').textContent({ timeout: 20_000 }),
    ).resolves.toContain(label);
    expect(released.some((url) => url.includes(`/remotes/storefront/${v2}/remoteEntry.js`))).toBe(
      true,
    );
    await screenshot(page, 'federation-released-storefront-v2');

    // Rolled back: the next load is v1 again.
    await rollback(context, 'storefront');
    await page.reload();
    await page.locator('[data-remote="storefront"] h1', { hasText: 'צרו קשר' }).first().waitFor();
    expect(await page.locator('[data-build-label]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
