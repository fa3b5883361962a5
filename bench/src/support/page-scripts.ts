/**
 * The scripts a page loads, measured in Chromium the only way that counts the federation runtime
 * and the shared singletons once: every script response the page got, with when its request
 * started on the page's own clock, so a benchmark can count those requested before a moment it
 * marks in the page (its first render, its LCP, the app's takeover).
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface PageScript {
  url: string;
  raw: number;
  /** gzip -9 of the body, whatever the server sent on the wire. */
  gzip: number;
  /** brotli (quality 11) of the body. */
  brotli: number;
  /** When its request started (ms on the page's clock); Infinity when the page did not say. */
  requestedAt: number;
}

/** Starts recording the scripts `page` loads; `collect()` once the page has settled. */
export function recordScripts(page: Page): { collect(): Promise<PageScript[]> } {
  const bodies = new Map<string, Promise<Buffer | null>>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script' || bodies.has(response.url())) return;
    bodies.set(
      response.url(),
      response.body().catch(() => null),
    );
  };
  page.on('response', onResponse);
  return {
    async collect() {
      page.off('response', onResponse);
      const started = new Map(
        await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .reverse()
            .map((e) => [e.name, e.startTime] as [string, number]),
        ),
      );
      const scripts: PageScript[] = [];
      for (const [url, pending] of bodies) {
        const body = await pending;
        if (!body) continue;
        scripts.push({
          url,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          brotli: brotliCompressSync(body).length,
          requestedAt: started.get(url) ?? Infinity,
        });
      }
      return scripts;
    },
  };
}

/**
 * Marks in the page the moment `selector` first matches, on the page's clock (`markOf`). Call
 * before the page loads.
 */
export async function markWhenPresent(page: Page, name: string, selector: string): Promise<void> {
  await page.addInitScript(
    ([mark, sought]) => {
      const w = window as unknown as { __mbMarks?: Record<string, number> };
      const marks = (w.__mbMarks ??= {});
      new MutationObserver((_, observer) => {
        if (document.querySelector(sought)) {
          marks[mark] = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    },
    [name, selector] as const,
  );
}

/** A moment marked in the page (`markWhenPresent`), or Infinity when it never came. */
export async function markOf(page: Page, name: string): Promise<number> {
  return page
    .evaluate(
      (mark) => (window as unknown as { __mbMarks?: Record<string, number> }).__mbMarks?.[mark],
      name,
    )
    .then((at) => at ?? Infinity);
}

/** Kilobytes (of 1024 bytes), one decimal. */
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export const total = (scripts: readonly PageScript[], size: 'raw' | 'gzip' | 'brotli') =>
  scripts.reduce((sum, s) => sum + s[size], 0);
