// What index.html's inline script (src/early-start.ts) fetched before main.js ran, handed to the
// shell: the runtime config and the current page's remote manifest. Each is used once; anything
// missing or failed is fetched again the normal way.

/** The global the inline script leaves its fetches under. */
export const EARLY_START_KEY = '__mechabrimEarlyStart';

/**
 * The localStorage keys the inline script reads: the session's token (`TOKEN_STORAGE_KEY` of
 * libs/session) and the cart (`CART_STORAGE_KEY` of libs/cart-store). Written out here because
 * the inline script cannot import those libraries without inlining them; early-fetches.spec.ts
 * checks that they agree.
 */
export const STORED_KEYS = { token: 'token', cart: 'cart' } as const;

export interface EarlyStart {
  /** `/runtime-config.json`, parsed but not yet checked; gone once taken. */
  config?: Promise<unknown>;
  /** The signed-in user's `/api/auth/profile` answer, parsed; only when a token is stored. */
  profile?: Promise<unknown>;
  /** Manifest text by absolute manifest URL. */
  manifests: Record<string, Promise<string>>;
}

function early(): EarlyStart | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as Record<string, EarlyStart | undefined>)[EARLY_START_KEY];
}

/** The runtime config the inline script is fetching, once; undefined when there is none. */
export function takeEarlyRuntimeConfig(): Promise<unknown> | undefined {
  const start = early();
  const config = start?.config;
  // Deleted rather than replaced by a rejected promise: this runs while main.js is still being
  // evaluated, and under a DevTools session (Playwright's, as in the bench) the rejection's stack
  // was recorded with its source positions, re-parsing all of main.js: ~0.25 s at 4x CPU.
  if (start) delete start.config;
  return config;
}

/**
 * The early copy of a remote's manifest as a Response, once; undefined when the inline script did
 * not fetch it. A failed early fetch is asked again, and a later load (a retry once a remote
 * came back) always asks the network.
 */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const start = early();
  const text = start?.manifests[url];
  if (!start || !text) return undefined;
  delete start.manifests[url];
  return text.then(
    (body) => new Response(body, { headers: { 'content-type': 'application/json' } }),
    () => fetch(url),
  );
}

/** The profile the inline script is fetching for the stored token, once; undefined if none. */
export function takeEarlyProfile(): Promise<unknown> | undefined {
  const start = early();
  const profile = start?.profile;
  if (start) delete start.profile;
  return profile;
}
