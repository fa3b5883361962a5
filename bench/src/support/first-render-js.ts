/**
 * The landing bench's first-render JavaScript (landing-lighthouse.ts says what it measures): the
 * scripts one load of a page requests, split by the moments the page marks — its LCP and the
 * app's takeover of the server's markup.
 */
import type { BrowserContext } from 'playwright-core';
import { openPhonePage } from './phone';
import { recordScripts, type PageScript } from './page-scripts';

export interface PageJs {
  /** Drawn by the server (the page arrived with the landing markup). */
  drawn: boolean;
  firstRender: PageScript[];
  beforeLcp: PageScript[];
  all: PageScript[];
}

/** The scripts one load of `url` requests, split by the moments the page marks. */
export async function pageJavaScript(context: BrowserContext, url: string): Promise<PageJs> {
  const page = await openPhonePage(context);
  try {
    await page.addInitScript(() => {
      const marks: { drawn: boolean; lcp: number; takeover: number } = {
        drawn: false,
        lcp: Infinity,
        takeover: Infinity,
      };
      (window as unknown as { __mbPage: typeof marks }).__mbPage = marks;
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        if (last) marks.lcp = last.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver((_, observer) => {
        const landing = document.querySelector('.shell-landing');
        if (landing) marks.drawn = true;
        else if (marks.drawn && document.querySelector('[data-remote] *')) {
          marks.takeover = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const scripts = recordScripts(page);
    await page.goto(url, { waitUntil: 'load' });
    const drawn = await page.evaluate(() => document.documentElement.hasAttribute('data-landing'));
    if (drawn) await page.locator('.shell-landing').waitFor({ state: 'detached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const marks = await page.evaluate(
      () => (window as unknown as { __mbPage: { lcp: number; takeover: number } }).__mbPage,
    );
    const all = await scripts.collect();
    const bySize = (a: PageScript, b: PageScript) => b.brotli - a.brotli;
    const firstRenderAt = drawn ? marks.takeover : marks.lcp;
    return {
      drawn,
      firstRender: all.filter((s) => s.requestedAt <= firstRenderAt).sort(bySize),
      beforeLcp: all.filter((s) => s.requestedAt <= marks.lcp).sort(bySize),
      all: all.sort(bySize),
    };
  } finally {
    await page.close();
  }
}
