// The front-end runtime-config contract (docs/CONVENTIONS.md):
// { apiBaseUrl, remotes: { storefront, checkout, authorPortal }, storeUrl, portalUrl }, each remote
// the URL of its mf-manifest.json, `storeUrl` the store's (the shell's) address, where the
// standalone author portal's 'back to the site' leads, `portalUrl` the standalone author portal's
// address (the authors' subdomain), where the store's menu sends authors. Explicit URLs win over ports so one remote can point at another host
// (e.g. a CDN) without touching the others.

/** The front-end runtime config served at `/runtime-config.json`. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: { storefront: string; checkout: string; authorPortal: string };
  /**
   * Per released remote, the manifest of the version to load when the one in `remotes` fails
   * (the last live version; docs/releases.md).
   */
  fallbacks?: Partial<RuntimeConfig['remotes']>;
  /** The store's address (the shell): the standalone author portal links back to it. */
  storeUrl?: string;
  /** The standalone author portal's address: the store's account menu links authors to it. */
  portalUrl?: string;
}

export type Env = Readonly<Record<string, string | undefined>>;

function port(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    throw new Error(`${name} must be a port number between 1 and 65535, got "${value}"`);
  }
  return n;
}

function manifestUrl(base: string): string {
  return base.endsWith('.json') ? base : `${base.replace(/\/+$/, '')}/mf-manifest.json`;
}

/** The API's own address, as a server reaches it (`API_UPSTREAM_URL`, else the local API port). */
export function apiUpstreamFromEnv(env: Env): string {
  const explicit = env.API_UPSTREAM_URL;
  if (explicit) return explicit.replace(/\/+$/, '');
  return `http://localhost:${port(env.API_PORT, 'API_PORT', 3000)}`;
}

/**
 * Builds the runtime config from environment variables.
 *
 * `pageOrigin` is the origin the browser opened the page at (`http://127.0.0.1:4200`, a LAN
 * address, the production domain). Without `PUBLIC_API_URL` the API is that same origin (this
 * server proxies `/api`), and without `PUBLIC_HOST` the remotes are on that same host name, so
 * the store works at whatever address it is opened by. Without a page origin (a server asking,
 * not a browser) both fall back to `localhost`.
 */
export function runtimeConfigFromEnv(env: Env, pageOrigin?: string): RuntimeConfig {
  const page = pageOrigin ? new URL(pageOrigin) : null;
  const host = env.PUBLIC_HOST || page?.hostname || 'localhost';
  // An IPv6 literal's hostname keeps its brackets in URL.hostname, so it can go into a URL as is.
  const origin = (p: number) => `http://${host}:${p}`;
  const api = env.PUBLIC_API_URL || page?.origin || origin(port(env.API_PORT, 'API_PORT', 3000));
  return {
    apiBaseUrl: api.replace(/\/+$/, ''),
    remotes: {
      storefront: manifestUrl(
        env.STOREFRONT_REMOTE_URL || origin(port(env.STOREFRONT_PORT, 'STOREFRONT_PORT', 4201)),
      ),
      checkout: manifestUrl(
        env.CHECKOUT_REMOTE_URL || origin(port(env.CHECKOUT_PORT, 'CHECKOUT_PORT', 4202)),
      ),
      authorPortal: manifestUrl(
        env.AUTHOR_PORTAL_REMOTE_URL ||
          origin(port(env.AUTHOR_PORTAL_PORT, 'AUTHOR_PORTAL_PORT', 4203)),
      ),
    },
    storeUrl: (env.PUBLIC_STORE_URL || origin(port(env.SHELL_PORT, 'SHELL_PORT', 4200))).replace(
      /\/*$/,
      '/',
    ),
    portalUrl: (
      env.PUBLIC_PORTAL_URL || origin(port(env.AUTHOR_PORTAL_PORT, 'AUTHOR_PORTAL_PORT', 4203))
    ).replace(/\/*$/, '/'),
  };
}
