// The journeys' Chromium: it keeps every feature Playwright turns off, and opens no address-bar
// popup for each context (browser.ts says why both matter).
import { readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import {
  CHROMIUM_PATH,
  launchBrowser,
  PLAYWRIGHT_DISABLED_FEATURES,
  UNUSED_BROWSER_UI,
} from './browser';

/** The features the browser process was started without (its last `--disable-features`). */
async function disabledFeatures(browser: Browser): Promise<string[]> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  const browserProcess = processInfo.find((process) => process.type === 'browser');
  if (!browserProcess) throw new Error('Chromium named no browser process');
  // Chromium rewrites its process title, so its arguments may be joined by spaces, not NULs.
  const args = readFileSync(`/proc/${browserProcess.id}/cmdline`, 'utf8').split(/[\0 ]/);
  const flag = args.filter((arg) => arg.startsWith('--disable-features=')).at(-1) ?? '';
  return flag.slice('--disable-features='.length).split(',').filter(Boolean);
}

/** The browser's own pages drawn for a context with one page open. */
async function browserUiPages(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('data:text/html,<h1>שלום</h1>');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send('Target.getTargets')) as {
      targetInfos: { type: string; url: string }[];
    };
    return targetInfos.filter((target) => target.type === 'browser_ui').map(({ url }) => url);
  } finally {
    await context.close();
  }
}

describe("the journeys' Chromium", () => {
  let playwrights: Browser;
  let ours: Browser;

  beforeAll(async () => {
    [playwrights, ours] = await Promise.all([
      chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox'] }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await Promise.all([playwrights?.close(), ours?.close()]);
  });

  it('turns off every feature Playwright turns off, and the address-bar popups', async () => {
    const byPlaywright = await disabledFeatures(playwrights);
    expect(byPlaywright.length).toBeGreaterThan(0);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(byPlaywright));
    expect(await disabledFeatures(ours)).toEqual([
      ...PLAYWRIGHT_DISABLED_FEATURES,
      ...UNUSED_BROWSER_UI,
    ]);
  });

  it('opens no address-bar popup for a context, where Chromium by default does', async () => {
    expect(await browserUiPages(playwrights)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^chrome:\/\/omnibox-popup/)]),
    );
    expect(await browserUiPages(ours)).toEqual([]);
  });
});
