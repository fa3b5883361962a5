import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserServer,
  type LaunchOptions,
  type Page,
} from 'playwright-core';

/** Debian's Chromium; browsers are never downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where screenshots go (e2e/test-results). */
export const RESULTS_DIR =
  process.env.E2E_RESULTS_DIR ?? path.resolve(__dirname, '../../test-results');

/**
 * The features Playwright turns off in every Chromium it launches (playwright-core's
 * `chromiumSwitches.ts`). Chromium reads only the last `--disable-features` on its command line,
 * so ours repeats them; `browser-launch.e2e.ts` fails when Playwright's own list has one more.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * The address bar's popups, which Chromium draws as web pages (`chrome://omnibox-popup.top-chrome`)
 * and loads, in a renderer of their own, for every window it opens: each browser context is a
 * window, even headless. No journey has an address bar to type in. Measured: a context with one
 * trivial page cost Chromium 2.7–2.9 CPU-s with them and 0.8 without; the browse journey's 12
 * contexts 91–102 CPU-s and 64–70.
 */
export const UNUSED_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

/**
 * Headless Chromium with the project's flags, as a reader who prefers reduced motion (every
 * context, whatever it emulates otherwise): no carousel moves on its own, so a screen stays as
 * the journey left it, and the page is not repainted every frame while a journey waits (Swiper's
 * autoplay runs a requestAnimationFrame loop; measured at ~10 % of a core per page).
 */
const LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--force-prefers-reduced-motion',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(',')}`,
  ],
};

/**
 * Where the run's one Chromium listens (set by the journeys' global setup, support/seeded-data.ts).
 * Every journey file started a Chromium of its own and closed it again: with one context and a
 * trivial page, 2.7–3.5 CPU-s and 1.5–1.8 s, where connecting to a running one took 0.7–0.9 CPU-s
 * and 0.4–0.5 s (2026-12-02). Contexts, not browsers, keep one reader apart from the next.
 */
export const SHARED_BROWSER_VARIABLE = 'E2E_BROWSER_ENDPOINT';

/** Starts the Chromium a whole run's journeys connect to; close it when the run ends. */
export function launchSharedBrowser(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}

/**
 * A journey's browser: the run's shared Chromium when there is one (`close()` then closes only the
 * contexts this file opened, and disconnects), else a Chromium of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = process.env[SHARED_BROWSER_VARIABLE];
  return endpoint ? chromium.connect(endpoint) : chromium.launch(LAUNCH_OPTIONS);
}

/**
 * Checkpoint screenshots are for people looking at the screens (a walkthrough, a review), not
 * assertions. A full-page one costs Chromium 0.3–0.7 s of CPU, ~170 of them a run, so `npm test`
 * turns them off (`E2E_SCREENSHOTS=off`); a journey run on its own keeps them.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

/** Saves a full-page screenshot as e2e/test-results/<name>.png (unless screenshots are off). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
}

/** Collects the page's uncaught errors and console errors, for assertions and failure reports. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A failed load names no address in its text: add the one it came from.
    const url = message.location().url;
    const failedLoad = message.text().startsWith('Failed to load resource');
    errors.push(`console: ${message.text()}${failedLoad && url ? ` (${url})` : ''}`);
  });
  return errors;
}

/**
 * Puts axe-core into the page. Evaluated through the browser's debugging protocol rather than
 * added as an inline <script>: the pages' Content-Security-Policy (rightly) refuses inline
 * scripts it does not know.
 */
export async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
}

/** Runs axe-core (WCAG 2 A/AA rules) on the part of the page `selector` names; returns the violations. */
export async function axeViolations(page: Page, selector: string) {
  await injectAxe(page);
  return page.evaluate(async (context) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: string,
            opts: unknown,
          ) => Promise<{
            violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, selector);
}

/**
 * Collects the Content-Security-Policy violations the page reports (the document's
 * `securitypolicyviolation` events, and Chromium's "Refused to …" console lines, which also
 * cover what is blocked before any script runs), across navigations.
 */
export async function collectCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__mbReportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __mbReportCspViolation(text: string): void })
        .__mbReportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Refused to')) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/**
 * Opens the store's account menu and returns its panel. A click in the moment the header is
 * still settling after a sign-in (the category strip, a banner) can miss the button; the menu's
 * own state (`aria-expanded`) says whether it opened, and a missed click is made again.
 */
export async function openAccountMenu(page: Page) {
  const button = page.locator('.user-menu > button');
  for (let attempt = 1; ; attempt += 1) {
    await button.click();
    try {
      await page.locator('.user-menu > button[aria-expanded="true"]').waitFor({ timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  const panel = page.locator('.user-menu__panel');
  await panel.waitFor();
  return panel;
}
