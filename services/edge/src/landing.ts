// Server-side composition of the landing pages (home, a book), in two halves:
//
// - The storefront's server runs its landing renderer (storefront/dist/server/landing.cjs) at
//   `GET /__landing?path=/book/…` and answers `{ html, state, css }` — or 204 for a page it does
//   not prerender.
// - The shell's server asks for that before it sends index.html for a page, and when an answer
//   comes in time it puts the markup inside the shell's prerendered frame (header and main
//   area, dist/landing-frame.html), the storefront's CSS into <head>, and the data the markup
//   was drawn from into a JSON script for the shell's query cache. Anything else — no answer in
//   time, an error, a 204 — sends index.html as it is: the page is then drawn in the browser.
//
// The shell takes the markup over without redrawing it (shell/src/app/landing.tsx). The page is
// put together on an HTML parser's tree (landing-page.ts).
//
// An answer may carry the page's <head> as data (`PageHead` of @mechabrim/contracts): its tags
// take the place of index.html's own title and description (between HEAD_SLOT_START and
// HEAD_SLOT_END). A page the browser draws may still be answered with its head alone.

import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseCookie } from 'cookie';
import {
  LANDING_COOKIES,
  LANDING_SLOT,
  pageHeadSchema,
  withinDeadline,
} from '@mechabrim/contracts';
import type { LandingMarkup } from './landing-page';
import { BUCKET_COOKIE } from './released-remotes';

export { LANDING_COOKIES, LANDING_SLOT };
export { AFTER_PAINT_ATTRIBUTE, composePage, withPageHead } from './landing-page';

/** A remote server's answer for one page. */
export interface LandingAnswer extends LandingMarkup {
  /** The page's subject does not exist (a missing book or author): the page answers 404. */
  notFound?: boolean;
  /** The page is drawn in the browser: only its head is written into index.html (`html` is ''). */
  headOnly?: boolean;
}

/** What a landing renderer module exports (the storefront's dist/server/landing.cjs). */
type RenderLanding = (
  pagePath: string,
  options: { apiBaseUrl: string; timeoutMs?: number; cookie?: string; siteUrl?: string },
) => Promise<RendererAnswer | null> | RendererAnswer | null;

/** What a renderer module answers: a drawn page, a head alone, or a missing subject. */
type RendererAnswer = Omit<LandingAnswer, 'html' | 'headOnly'> & { html?: string };

export const LANDING_PATH = '/__landing';

/**
 * The page request's cookies a landing renderer may see (`LANDING_COOKIES`), as a `Cookie`
 * header; `undefined` when there are none.
 */
export function landingCookies(cookieHeader: string | undefined): string | undefined {
  const cookies = parseCookie(cookieHeader ?? '', { decode: (value) => value });
  const kept = Object.entries(cookies).flatMap(([name, value]) =>
    LANDING_COOKIES.includes(name) ? [`${name}=${value ?? ''}`] : [],
  );
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/** The storefront side of the composition: renders landing answers from a module. */
export interface LandingRenderer {
  /**
   * The answer for a page path (with its query) and the page request's forwarded cookies, or
   * `null` for a page drawn in the browser. `bucket` is the reader's release bucket (a canary's
   * reader is drawn by the candidate's renderer).
   */
  render(pagePath: string, cookie?: string, bucket?: number | null): Promise<LandingAnswer | null>;
  /** The module's folder, never served as files. */
  directory: string;
}

interface LoadedRenderer {
  mtimeMs: number;
  render: RenderLanding;
  css: string;
}

/** Renderer modules kept loaded at once: the live release's, a candidate's, one on its way out. */
const LOADED_MODULES = 3;

/**
 * Loads a renderer module afresh, with the stylesheet beside it (`landing.css` for
 * `landing.cjs`), if there is one.
 */
function loadRenderer(modulePath: string): LoadedRenderer {
  // A require of the module's own folder: the module is a file of the deployed build, outside
  // this server's bundle, and its cache entry can be dropped to load a new version.
  const requireModule = createRequire(modulePath);
  const cssPath = path.join(
    path.dirname(modulePath),
    `${path.basename(modulePath, path.extname(modulePath))}.css`,
  );
  const { mtimeMs } = statSync(modulePath);
  delete requireModule.cache[modulePath];
  const exported = requireModule(modulePath) as { renderLanding?: unknown };
  if (typeof exported.renderLanding !== 'function') {
    throw new Error(`${modulePath} does not export renderLanding`);
  }
  let css = '';
  try {
    if (cssPath !== modulePath) css = readFileSync(cssPath, 'utf8');
  } catch {
    // no stylesheet: the markup is styled by what the page already has
  }
  return { mtimeMs, render: exported.renderLanding as RenderLanding, css };
}

/** A renderer module's answer as the landing answer served: a drawn page, a head alone or a 404. */
function landingAnswerOf(landing: RendererAnswer | null, css: string): LandingAnswer | null {
  if (!landing) return null;
  if (landing.notFound) return { html: '', notFound: true };
  if (typeof landing.html !== 'string') {
    return landing.head ? { html: '', head: landing.head, headOnly: true } : null;
  }
  return { ...landing, html: landing.html, css };
}

/**
 * The storefront side: answers `GET /__landing?path=` from the renderer module. The module is
 * loaded again when its file changes (a redeployed storefront), and `module` may be a function
 * naming the file for a reader's bucket (the live or the candidate release's renderer); answers
 * are kept for a few seconds per module and path, so a busy page does not render the same markup
 * hundreds of times a second.
 */
export function createLandingRenderer(options: {
  module: string | ((bucket: number | null) => string);
  apiBaseUrl: string;
  apiTimeoutMs?: number;
  cacheMs?: number;
  /** The store's public address, which pages' heads are written for. */
  siteUrl?: string;
}): LandingRenderer {
  const moduleOption = options.module;
  const modulePathFor = (bucket: number | null) =>
    path.resolve(typeof moduleOption === 'function' ? moduleOption(bucket) : moduleOption);
  const cacheMs = options.cacheMs ?? 5000;
  /** By module path, least recently used first. */
  const loaded = new Map<string, LoadedRenderer>();
  const cache = new Map<string, { at: number; answer: Promise<LandingAnswer | null> }>();

  function current(bucket: number | null): LoadedRenderer & { modulePath: string } {
    const modulePath = modulePathFor(bucket);
    const { mtimeMs } = statSync(modulePath);
    let renderer = loaded.get(modulePath);
    if (!renderer || renderer.mtimeMs !== mtimeMs) {
      renderer = loadRenderer(modulePath);
      for (const key of cache.keys()) if (key.startsWith(`${modulePath}\n`)) cache.delete(key);
    }
    loaded.delete(modulePath);
    loaded.set(modulePath, renderer);
    // The versions no reader gets any more are not kept in memory.
    for (const stale of [...loaded.keys()].slice(0, -LOADED_MODULES)) {
      loaded.delete(stale);
      delete createRequire(stale).cache[stale];
    }
    return { ...renderer, modulePath };
  }

  async function render(
    pagePath: string,
    cookie?: string,
    bucket: number | null = null,
  ): Promise<LandingAnswer | null> {
    const { render: renderLanding, css, modulePath } = current(bucket);
    const now = Date.now();
    // A page drawn from a cookie (the cart) is one answer per cookie.
    const key = `${modulePath}\n${cookie ? `${pagePath}\n${cookie}` : pagePath}`;
    const hit = cache.get(key);
    if (hit && now - hit.at < cacheMs) return hit.answer;
    const answer = Promise.resolve(
      renderLanding(pagePath, {
        apiBaseUrl: options.apiBaseUrl,
        timeoutMs: options.apiTimeoutMs,
        ...(cookie ? { cookie } : {}),
        ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
      }),
    ).then((landing) => landingAnswerOf(landing, css));
    if (cache.size >= 500) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(key, { at: now, answer });
    // A failure is not kept: the next request tries again.
    answer.catch(() => {
      if (cache.get(key)?.answer === answer) cache.delete(key);
    });
    return answer;
  }

  // Loaded now rather than by the first page's request, which would otherwise wait the module's
  // load and miss the shell's deadline. A missing or broken module is reported per request.
  try {
    current(null);
  } catch {
    // answered with 204 (and reported) when asked
  }

  return { render, directory: path.dirname(modulePathFor(null)) };
}

/** Another remote's landing renderer, for some paths (the checkout's, for the cart). */
export interface RemoteLanding {
  /** The remote's name, as the shell's runtime config has it (`checkout`). */
  remote: string;
  /** Its server's `/__landing`. */
  landingUrl: string;
  /** The page paths it draws (exact, without the query). */
  paths: readonly string[];
}

/**
 * The shell side: asks `landingUrl` (or the remote's, for its paths) for the page's markup,
 * within `timeoutMs`, forwarding the page request's `LANDING_COOKIES` and the reader's release
 * bucket.
 */
export function createLandingClient(options: {
  landingUrl: string;
  timeoutMs?: number;
  remotes?: readonly RemoteLanding[];
}): (
  pagePath: string,
  cookieHeader?: string,
  bucket?: number | null,
) => Promise<LandingAnswer | null> {
  const timeoutMs = options.timeoutMs ?? 500;
  return async (pagePath, cookieHeader, bucket = null) => {
    const pathname = pagePath.split('?')[0] ?? pagePath;
    const other = options.remotes?.find((remote) => remote.paths.includes(pathname));
    const url = new URL(other?.landingUrl ?? options.landingUrl);
    url.searchParams.set('path', pagePath);
    // The reader's release bucket goes along, so a canary's reader is drawn by the candidate.
    const cookie =
      [landingCookies(cookieHeader), bucket === null ? undefined : `${BUCKET_COOKIE}=${bucket}`]
        .filter(Boolean)
        .join('; ') || undefined;
    try {
      // The deadline covers the answer's body too (see withinDeadline): the page waits no longer.
      const landing = await withinDeadline(timeoutMs, async (signal) => {
        const response = await fetch(url, { signal, headers: cookie ? { cookie } : {} });
        if (response.status !== 200) return null;
        return (await response.json()) as Partial<LandingAnswer> | null;
      });
      if (landing?.notFound === true) return { html: '', notFound: true };
      if (!landing || typeof landing.html !== 'string') return null;
      // A head that is not one is left out: the page keeps index.html's title.
      const head = pageHeadSchema.safeParse(landing.head);
      if (landing.headOnly === true) {
        return head.success ? { html: '', head: head.data, headOnly: true } : null;
      }
      const answer: LandingAnswer = {
        ...(landing as LandingAnswer),
        ...(other ? { remote: other.remote } : {}),
      };
      delete answer.head;
      if (head.success) answer.head = head.data;
      return answer;
    } catch {
      return null;
    }
  };
}
