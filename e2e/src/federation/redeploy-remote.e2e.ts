import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser';
import {
  buildFrontEnd,
  ensureBuilt,
  ROOT,
  startFrontEnds,
  type RunningFrontEnds,
} from './support/front-ends';

describe('a remote is redeployed without rebuilding the shell', () => {
  let browser: Browser;
  let frontEnds: RunningFrontEnds;
  let redeployDir: string;

  beforeAll(async () => {
    await ensureBuilt();
    redeployDir = mkdtempSync(path.join(os.tmpdir(), 'mechabrim-storefront-'));
    [browser, frontEnds] = await Promise.all([launchBrowser(), startFrontEnds()]);
  });

  afterAll(async () => {
    await browser?.close();
    await frontEnds?.close();
    rmSync(redeployDir, { recursive: true, force: true });
  });

  it('shows the rebuilt storefront after a reload, with the same shell build', async () => {
    const shellEntry = path.join(ROOT, 'shell/dist/main.js');
    const shellBuiltAt = statSync(shellEntry).mtimeMs;
    const page = await browser.newPage();
    await page.goto(`${frontEnds.urls.shell}/about`);
    await page.locator('[data-remote="storefront"] h1').first().waitFor();
    expect(await page.locator('[data-build-label]').count()).toBe(0);

    // Only the storefront is rebuilt, with a visible change, into a new folder…
    const label = `בדיקת פריסה ${Date.now()}`;
    await buildFrontEnd('storefront', {
      outputDir: redeployDir,
      env: { MECHABRIM_BUILD_LABEL: label },
    });
    // …and deployed: its origin now serves the new build.
    await frontEnds.start('storefront', redeployDir);

    await page.reload();
    await expect(
      page.locator('[data-build-label]').textContent({ timeout: 20_000 }),
    ).resolves.toContain(label);
    await screenshot(page, 'federation-redeployed-storefront');
    expect(statSync(shellEntry).mtimeMs).toBe(shellBuiltAt);
    await page.close();
  });
});
