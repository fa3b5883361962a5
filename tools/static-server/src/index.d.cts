/** The front-end runtime config served at `/runtime-config.json` (docs/CONVENTIONS.md). */
export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: { storefront: string; checkout: string; authorPortal: string };
}

export interface StaticServerOptions {
  /** The built folder to serve (e.g. `shell/dist`). */
  dir: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** Interface to listen on; absent: all interfaces. */
  host?: string;
  /** `true`: generate `/runtime-config.json` from `process.env`; an object: serve that. */
  runtimeConfig?: boolean | RuntimeConfig;
  /**
   * Answer `GET /__landing?path=` with a landing renderer module (the storefront's
   * dist/server/landing.cjs, which exports `renderLanding(path, { apiBaseUrl, timeoutMs })`).
   */
  landing?: { module: string; apiBaseUrl: string; apiTimeoutMs?: number; cacheMs?: number };
  /**
   * Before sending a page, ask `landingUrl` (a storefront's `/__landing`) for its markup and
   * compose it into the page with dist/landing-frame.html; waits at most `timeoutMs` (500).
   */
  compose?: { landingUrl: string; timeoutMs?: number };
  /** Called with errors raised while answering a request. */
  onError?: (err: unknown) => void;
}

export interface StaticServer {
  /** `http://localhost:<port>` (or the given host). */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves a built front end: SPA fallback, gzip/brotli, CORS, cache headers, runtime config. */
export function startStaticServer(options: StaticServerOptions): Promise<StaticServer>;
/** Builds the runtime config from `PUBLIC_API_URL`, `*_PORT` and `*_REMOTE_URL` variables. */
export function runtimeConfigFromEnv(env: Record<string, string | undefined>): RuntimeConfig;
/** The Cache-Control value for a served file name. */
export function cacheControlFor(file: string): string;
/** The encoding chosen for an Accept-Encoding header. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null;
/** Where the shell's landing frame (dist/landing-frame.html) leaves room for the storefront's markup. */
export const LANDING_SLOT: string;
/**
 * index.html with the frame, the storefront's landing markup, its CSS and its data; `null` when
 * index.html or the frame has no place for them.
 */
export function composePage(parts: {
  index: string;
  frame: string;
  pagePath: string;
  landing: { html: string; state?: unknown; css?: string };
}): string | null;
