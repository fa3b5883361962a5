import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunningStack } from '@mechabrim/launcher';
import type { EdgeServer } from '@mechabrim/edge';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser';
import { buildFrontEnd, redeployRemote, ROOT, startFederationStack } from './support/front-ends';

describe('a remote is redeployed without rebuilding the shell', () => {
  let browser: Browser;
  let stack: RunningStack;
  let redeployed: EdgeServer | undefined;
  let redeployDir: string;

  beforeAll(async () => {
    redeployDir = mkdtempSync(path.join(os.tmpdir(), 'mechabrim-storefront-'));
    [browser, stack] = await Promise.all([launchBrowser(), startFederationStack()]);
  });

  afterAll(async () => {
    await browser?.close();
    await redeployed?.close();
    await stack?.stop();
    rmSync(redeployDir, { recursive: true, force: true });
  });

  it('shows the rebuilt storefront after a reload, with the same shell build', async () => {
    const shellEntry = path.join(ROOT, 'shell/dist/main.js');
    const shellBuiltAt = statSync(shellEntry).mtimeMs;
    const page = await browser.newPage();
    await page.goto(`${stack.urls.shell}/about`);
    await page.locator('[data-remote="storefront"] h1').first().waitFor();
    expect(await page.locator('[data-build-label]').count()).toBe(0);

    // Only the storefront is rebuilt, with a visible change, into a new folder…
    const label = `בדיקת פריסה ${Date.now()}`;
    await buildFrontEnd('storefront', {
      outputDir: redeployDir,
      env: { MECHABRIM_BUILD_LABEL: label },
    });
    // …and deployed: its origin now serves the new build.
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
