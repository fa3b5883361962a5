import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startStack, type RunningStack } from '@mechabrim/launcher';
import { collectErrors, injectAxe, launchBrowser, screenshot } from '../../support/browser';
import { borrowStack } from '../../support/shared-stack';

/** The two widths every screen is checked at (UI.md: 360 and 1440 at least). */
export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  mobile: { width: 360, height: 780 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** The widths the issues' journeys are asked at: a 375 px phone and a 1366 px laptop. */
export const WIDTHS = {
  phone: { width: 375, height: 812 },
  laptop: { width: 1366, height: 768 },
} as const;
export type Width = keyof typeof WIDTHS;
/** The name `keep` files a width's screenshots under. */
export const shotName = (width: Width): ViewportName => (width === 'phone' ? 'mobile' : 'desktop');

export interface StorefrontWorld {
  stack: RunningStack;
  browser: Browser;
  /** GET a JSON answer of the real API (to pick real ids and titles from the demo data). */
  api<T>(path: string, init?: RequestInit): Promise<T>;
  close(): Promise<void>;
}

/**
 * The API's in-memory search index notices the demo data, written by the launcher after the API
 * started, on its next poll (up to 10 s): wait for it as part of the stack being ready.
 */
async function searchCaughtUp(api: string, timeoutMs = 20_000): Promise<void> {
  const { books } = (await (await fetch(`${api}/api/books?limit=1`)).json()) as {
    books: { title: string }[];
  };
  const word = books[0]?.title.split(' ')[0];
  if (!word) return;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await (
      await fetch(`${api}/api/books/search?q=${encodeURIComponent(word)}&limit=1`)
    ).json()) as unknown[];
    if (Array.isArray(found) && found.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `the API's search found nothing for "${word}" within ${timeoutMs} ms of the seed`,
  );
}

/**
 * The real stack (API, embedded MongoDB, demo data, the four front ends) and a browser; `env`
 * adds to the services' environment. `borrow` takes the stack the whole run shares (when there is
 * one; see support/shared-stack.ts): only for journeys that read the shared demo data and write
 * records of their own, which no other journey counts.
 */
export async function startWorld(
  env: Record<string, string> = {},
  { borrow = false }: { borrow?: boolean } = {},
): Promise<StorefrontWorld> {
  if (borrow && Object.keys(env).length > 0)
    throw new Error('startWorld: a borrowed stack runs with the shared environment');
  const [stack, browser] = await Promise.all([
    borrow ? borrowStack() : startStack({ env: { ...process.env, ...env } }),
    launchBrowser(),
  ]);
  await searchCaughtUp(stack.urls.api);
  return {
    stack,
    browser,
    async api<T>(path: string, init?: RequestInit) {
      const res = await fetch(`${stack.urls.api}${path}`, init);
      if (!res.ok)
        throw new Error(`${init?.method ?? 'GET'} ${path} → ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    async close() {
      await browser?.close();
      await stack?.stop();
    },
  };
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A fresh context (own storage: no cart, no session) at one of the widths above. */
export async function openPage(
  world: StorefrontWorld,
  viewport: ViewportName | Width,
): Promise<OpenPage> {
  const context = await world.browser.newContext({
    viewport:
      viewport in VIEWPORTS ? VIEWPORTS[viewport as ViewportName] : WIDTHS[viewport as Width],
    locale: 'he-IL',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  return { context, page, errors };
}

/** Navigates inside the shell and waits until the storefront has rendered a heading. */
/**
 * Opens `path` and waits until the app owns the page: a server-drawn page (home, /books, a book)
 * shows its heading before its controls work (they carry `data-until-app` until the app takes
 * over), and a key pressed on them then would do nothing.
 */
export async function visit(world: StorefrontWorld, page: Page, path: string): Promise<void> {
  await page.goto(`${world.stack.urls.shell}${path}`);
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('[data-until-app]'), undefined, {
    timeout: 30_000,
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core inside the page; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Keeps a screenshot of a checkpoint as e2e/test-results/storefront-<name>-<viewport>.png. */
export function keep(page: Page, name: string, viewport: ViewportName): Promise<void> {
  return screenshot(page, `storefront-${name}-${viewport}`);
}

/** Errors that are not the page's fault (none expected; kept as the one place to say so). */
export function pageErrors(errors: string[]): string[] {
  return errors.filter((e) => !/favicon/.test(e));
}

/** A book of the demo catalogue, as the API lists it. */
export interface ApiBook {
  _id: string;
  title: string;
  price: number;
  category: string;
  isAvailable: boolean;
  author: { _id: string; name: string };
}

export interface ApiAuthor {
  _id: string;
  name: string;
  booksCount: number;
  genres: string[];
  joinDate: string;
  /** The grammatical gender the demo data gives every author. */
  gender?: 'female' | 'male';
}
