'use strict';
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
// The shell takes the markup over without redrawing it (shell/src/app/landing.tsx).

const fs = require('node:fs');
const path = require('node:path');

/** Where the shell's frame leaves room for the storefront's markup. */
const LANDING_SLOT = '<!--mb-landing-->';
const LANDING_PATH = '/__landing';
const ROOT = /<div id="?root"?>\s*<\/div>/;
/**
 * A composed page's own scripts are loaded by the shell's inline start-up script once the page's
 * first picture is on screen (shell/src/early-start.ts), not by the parser: the markup is
 * readable without them, and on a slow phone network they would share its bandwidth with the
 * stylesheet, fonts and cover image that first picture waits for.
 */
const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
const DEFERRED_SCRIPT = /<script defer(?:="defer")? src="([^"]+)"><\/script>/g;

/**
 * The controls of server-drawn markup do nothing until the app has taken the page over (their
 * handlers are the app's), and text typed into them would be lost when it does: until then they
 * take no pointer input and no typing (`[data-until-app]` in shell/src/app/shell.css), and look
 * as they will. Links work from the start.
 */
const CONTROL = /<(button|select|textarea|input)\b/g;
/** @param {string} html */
function controlsWaitForApp(html) {
  return html.replace(CONTROL, (_, tag) =>
    tag === 'input' || tag === 'textarea'
      ? `<${tag} data-until-app="" readonly=""`
      : `<${tag} data-until-app=""`,
  );
}

/** @param {string} text */
function escapeAttribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** JSON that can sit inside a <script> element whatever strings it holds. */
function scriptSafeJson(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page for `pagePath`: index.html with the frame, the storefront's markup, its CSS and its
 * data; `null` when index.html or the frame has no place for them.
 * @param {{ index: string, frame: string, pagePath: string,
 *   landing: { html: string, state?: unknown, css?: string } }} parts
 */
function composePage({ index, frame, pagePath, landing }) {
  if (!ROOT.test(index) || !frame.includes(LANDING_SLOT) || !index.includes('</head>')) return null;
  const area = `<div class="shell-landing" data-landing-path="${escapeAttribute(pagePath)}">${controlsWaitForApp(landing.html)}</div>`;
  const head = [
    landing.css
      ? `<style data-landing-css>${landing.css.replace(/<\/style/gi, '<\\/style')}</style>`
      : '',
    `<script type="application/json" id="mb-landing-state">${scriptSafeJson(landing.state ?? null)}</script>`,
  ].join('');
  return index
    .replace(/<html(?=[\s>])/, '<html data-landing')
    .replace(DEFERRED_SCRIPT, (_, src) => `<script ${AFTER_PAINT_ATTRIBUTE}="${src}"></script>`)
    .replace('</head>', () => `${head}</head>`)
    .replace(
      ROOT,
      () => `<div id="root">${controlsWaitForApp(frame).replace(LANDING_SLOT, () => area)}</div>`,
    );
}

/**
 * The storefront side: answers `GET /__landing?path=` from the renderer module. The module is
 * loaded again when its file changes (a redeployed storefront); answers are kept for a few
 * seconds per path, so a busy page does not render the same markup hundreds of times a second.
 * @param {{ module: string, apiBaseUrl: string, apiTimeoutMs?: number, cacheMs?: number }} options
 */
function createLandingRenderer(options) {
  const modulePath = path.resolve(options.module);
  const cssPath = path.join(
    path.dirname(modulePath),
    `${path.basename(modulePath, path.extname(modulePath))}.css`,
  );
  const cacheMs = options.cacheMs ?? 5000;
  /** @type {{ mtimeMs: number, render: Function, css: string } | null} */
  let loaded = null;
  /** @type {Map<string, { at: number, answer: Promise<object | null> }>} */
  const cache = new Map();

  function current() {
    const { mtimeMs } = fs.statSync(modulePath);
    if (!loaded || loaded.mtimeMs !== mtimeMs) {
      delete require.cache[modulePath];
      const { renderLanding } = require(modulePath);
      if (typeof renderLanding !== 'function') {
        throw new Error(`${modulePath} does not export renderLanding`);
      }
      let css = '';
      try {
        if (cssPath !== modulePath) css = fs.readFileSync(cssPath, 'utf8');
      } catch {
        // no stylesheet: the markup is styled by what the page already has
      }
      loaded = { mtimeMs, render: renderLanding, css };
      cache.clear();
    }
    return loaded;
  }

  /** @param {string} pagePath a path with its query, e.g. `/book/123` @returns {Promise<object | null>} */
  async function render(pagePath) {
    const { render: renderLanding, css } = current();
    const now = Date.now();
    const hit = cache.get(pagePath);
    if (hit && now - hit.at < cacheMs) return hit.answer;
    const answer = Promise.resolve(
      renderLanding(pagePath, { apiBaseUrl: options.apiBaseUrl, timeoutMs: options.apiTimeoutMs }),
    ).then((landing) => (landing ? { ...landing, css } : null));
    if (cache.size >= 500) cache.delete(cache.keys().next().value);
    cache.set(pagePath, { at: now, answer });
    // A failure is not kept: the next request tries again.
    answer.catch(() => {
      if (cache.get(pagePath)?.answer === answer) cache.delete(pagePath);
    });
    return answer;
  }

  // Loaded now rather than by the first page's request, which would otherwise wait the module's
  // load and miss the shell's deadline. A missing or broken module is reported per request.
  try {
    current();
  } catch {
    // answered with 204 (and reported) when asked
  }

  return { render, directory: path.dirname(modulePath) };
}

/**
 * The shell side: asks `landingUrl` for the page's markup, within `timeoutMs`.
 * @param {{ landingUrl: string, timeoutMs?: number }} options
 * @returns {(pagePath: string) => Promise<{ html: string, state?: unknown, css?: string } | null>}
 */
function createLandingClient(options) {
  const timeoutMs = options.timeoutMs ?? 500;
  return async (pagePath) => {
    const url = new URL(options.landingUrl);
    url.searchParams.set('path', pagePath);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (response.status !== 200) return null;
      const landing = await response.json();
      return landing && typeof landing.html === 'string' ? landing : null;
    } catch {
      return null;
    }
  };
}

module.exports = {
  LANDING_PATH,
  LANDING_SLOT,
  composePage,
  createLandingClient,
  createLandingRenderer,
};
