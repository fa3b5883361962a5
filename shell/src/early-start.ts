// Inlined into index.html (built by esbuild in shell/webpack.config.cjs), so it runs while the
// shell's main script is still downloading (on a server-drawn landing page: right after the
// page's first picture, see the end of this file). The first render waits on a chain of small requests
// — the runtime config, then the remote's manifest, then its entry and `./App` chunk — that would
// otherwise start only after main.js has arrived and run. This starts that chain at once; the
// shell picks up what it fetched (see `earlyRuntimeConfig` and `earlyManifest` in
// app/early-fetches.ts). Nothing here may throw: on any failure the shell fetches for itself.
import { firstPictureSettled } from './app/first-paint';
import { ownerOf } from './app/route-table';
import { isRouteChunkOf } from './app/route-chunks';
import { EARLY_START_KEY, STORED_KEYS, type EarlyStart } from './app/early-fetches';
import type { RuntimeConfig } from './app/runtime-config';

/** The Intl warm-up worker's address (src/intl-warm-up.ts; set by shell/webpack.config.cjs). */
declare const INTL_WARM_UP_URL: string;

/**
 * Starts the worker that loads ICU's number and date data on another core (src/intl-warm-up.ts
 * says why), at once: it is done long before main.js has arrived and makes its first price.
 */
function warmUpIntl() {
  try {
    new Worker(INTL_WARM_UP_URL);
  } catch {
    // No worker (or not allowed): the app's first format loads the data itself.
  }
}

function addLink(rel: 'preconnect' | 'preload', href: string, as?: 'script' | 'image') {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (as) link.as = as;
  // A cover preloaded here is the cart page's largest picture: first in line.
  if (as === 'image') link.setAttribute('fetchpriority', 'high');
  // The API and the manifests are read with CORS; scripts are loaded without it (as the
  // federation runtime's <script> tags are), so the preload is the same request.
  if (rel === 'preconnect') link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string }; publicPath?: string };
  exposes?: {
    path?: string;
    name?: string;
    assets?: { js?: { sync?: string[]; async?: string[] } };
  }[];
}

/** The files a remote's `./App` needs before it can render `pathname`, as URLs. */
function appFiles(manifestUrl: string, manifest: Manifest, pathname: string): string[] {
  const publicPath = manifest.metaData?.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl);
  const entry = manifest.metaData?.remoteEntry;
  const files = entry?.name ? [`${entry.path ? `${entry.path}/` : ''}${entry.name}`] : [];
  const app = manifest.exposes?.find((e) => e.path === './App' || e.name === 'App');
  files.push(...(app?.assets?.js?.sync ?? []));
  // A screen in a lazily loaded route chunk would otherwise be asked for only after the app ran.
  files.push(...(app?.assets?.js?.async ?? []).filter((file) => isRouteChunkOf(file, pathname)));
  return files.map((file) => new URL(file, base).href);
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The first covers of the stored cart, which the cart page draws first and largest. */
function cartCovers(): string[] {
  try {
    const lines = (JSON.parse(stored(STORED_KEYS.cart) ?? '[]') as unknown[]).slice(0, 2);
    return lines
      .map((line) => (line as { book?: { coverImage?: unknown } } | null)?.book?.coverImage)
      .filter((src): src is string => typeof src === 'string' && src !== '');
  } catch {
    return [];
  }
}

/**
 * The signed-in user's profile: every page of a signed-in buyer waits for it (the checkout does
 * not draw its form before), and here it starts as soon as the API's address is known instead of
 * after main.js has arrived and run.
 */
function fetchProfile(apiBaseUrl: string, token: string): Promise<unknown> {
  // Joined as the app's API client joins them (libs/session api-client.ts).
  return fetch(`${apiBaseUrl.replace(/\/+$/, '')}/api/auth/profile`, {
    headers: { Authorization: `Bearer ${token}` },
  }).then((response) => {
    if (!response.ok) throw new Error(`/api/auth/profile: HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  });
}

function start(): EarlyStart {
  const config = fetch('/runtime-config.json', { cache: 'no-cache' }).then((response) => {
    if (!response.ok) throw new Error(`/runtime-config.json: HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  });
  const early: EarlyStart = { config, manifests: {} };
  const token = stored(STORED_KEYS.token);
  if (token) {
    early.profile = config.then((value) =>
      fetchProfile((value as RuntimeConfig).apiBaseUrl, token),
    );
    // A rejection nobody reads is not an error: the session asks again.
    early.profile.catch(() => undefined);
  }
  if (location.pathname === '/cart')
    cartCovers().forEach((src) => addLink('preload', src, 'image'));
  config
    .then((value) => {
      const { apiBaseUrl, remotes } = value as RuntimeConfig;
      const origins = new Set(
        [apiBaseUrl, ...Object.values(remotes)].map((url) => new URL(url, location.href).origin),
      );
      origins.delete(location.origin);
      origins.forEach((origin) => addLink('preconnect', origin));
      const owner = ownerOf(location.pathname);
      const manifestUrl = owner ? new URL(remotes[owner], location.href).href : undefined;
      if (!manifestUrl) return;
      const manifest = fetch(manifestUrl).then((response) => {
        if (!response.ok) throw new Error(`${manifestUrl}: HTTP ${response.status}`);
        return response.text();
      });
      early.manifests[manifestUrl] = manifest;
      return manifest.then((text) => {
        appFiles(manifestUrl, JSON.parse(text) as Manifest, location.pathname).forEach((file) =>
          addLink('preload', file, 'script'),
        );
      });
    })
    .catch(() => undefined);
  return early;
}

function begin() {
  try {
    (window as unknown as Record<string, EarlyStart>)[EARLY_START_KEY] = start();
  } catch {
    // The shell fetches everything itself.
  }
}

/**
 * The shell's own scripts of a server-drawn page: the edge server marks them to be loaded
 * from here (see `AFTER_PAINT_ATTRIBUTE` in services/edge/src/landing.ts).
 */
function loadAfterPaintScripts() {
  document.querySelectorAll<HTMLScriptElement>('script[data-after-paint]').forEach((marker) => {
    const script = document.createElement('script');
    script.src = marker.dataset.afterPaint ?? '';
    script.async = false;
    document.head.appendChild(script);
  });
}

// On every page, before anything waits: the worker runs on another core.
warmUpIntl();
// A page the server drew (a landing page, `<html data-landing>`) is already readable: its
// picture goes first, and the app's scripts and their requests start right after it, instead of
// taking the phone's thin bandwidth from the page's stylesheet, fonts and cover image while the
// reader waits for the first picture. Any other page starts at once.
if (document.documentElement.hasAttribute('data-landing')) {
  void firstPictureSettled().then(() => {
    begin();
    loadAfterPaintScripts();
  });
} else {
  begin();
}
