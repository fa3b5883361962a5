// The edge server's environment, read and checked once at start (docs/configuration.md).

import { DEFAULT_LANDING_API_TIMEOUT_MS } from '@mechabrim/contracts';
import { z } from 'zod';
import { apiUpstreamFromEnv, runtimeConfigFromEnv, type Env } from './runtime-config';
import { DEFAULT_PAYMENT_FRAME_ORIGINS, parseOriginList } from './security-headers';

export interface EdgeEnvironment {
  /** Where `/api` is proxied to, and where the landing renderer asks the API. */
  apiUpstream: string;
  /** The API address the server-side landing renderer uses. */
  landingApiUrl: string;
  /** Origins the checkout may frame (the payment provider's hosted page). */
  paymentFrameOrigins: string[];
  /** Front-end origins admitted by CORS besides those on the server's own host name. */
  corsOrigins: string[];
  hsts: 'auto' | 'always' | 'never';
  trustProxy: boolean;
  /** How long the shell waits for the storefront's landing markup. */
  landingTimeoutMs: number;
  /** How long a remote's landing renderer waits for the API's data for a page. */
  landingApiTimeoutMs: number;
  /** An explicit storefront `/__landing` address for the shell's composition. */
  landingUrl: string | undefined;
  /**
   * The store's public address (`PUBLIC_STORE_URL`, else the shell's port on `PUBLIC_HOST`), with
   * a trailing slash: canonical addresses, link previews, JSON-LD and the sitemap are written
   * for it. Required when `NODE_ENV=production`.
   */
  publicStoreUrl: string;
}

/**
 * The store's public address as an absolute http(s) URL with a trailing slash; throws naming the
 * variable it came from (`PUBLIC_STORE_URL`, else `PUBLIC_HOST`/`SHELL_PORT` it was made of).
 * In production it must be set: a store's canonical links must not point at localhost.
 */
function publicStoreUrlOf(env: Env): string {
  const explicit = env.PUBLIC_STORE_URL?.trim() || undefined;
  if (explicit === undefined && env.NODE_ENV === 'production') {
    throw new Error(
      "PUBLIC_STORE_URL: is required when NODE_ENV=production (the store's public address, e.g. https://mechabrim.co.il)",
    );
  }
  const value = runtimeConfigFromEnv({ ...env, PUBLIC_STORE_URL: explicit }).storeUrl ?? '';
  const name = explicit === undefined ? 'PUBLIC_HOST' : 'PUBLIC_STORE_URL';
  let url: URL | null = null;
  if (/^https?:\/\/[^/?#]/i.test(value)) {
    try {
      url = new URL(value);
    } catch {
      // named below
    }
  }
  if (!url) throw new Error(`${name}: must make an absolute http(s) address, got "${value}"`);
  if (/[?#]/.test(value) || url.username || url.password) {
    throw new Error(
      `${name}: must be a plain address (no query, fragment or credentials), got "${value}"`,
    );
  }
  return url.href.replace(/\/*$/, '/');
}

const schema = z.object({
  PAYMENT_FRAME_ORIGINS: z.string().optional(),
  EDGE_CORS_ORIGINS: z.string().optional(),
  EDGE_HSTS: z.enum(['auto', 'always', 'never']).default('auto'),
  EDGE_TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  LANDING_TIMEOUT_MS: z.coerce.number().positive().default(500),
  LANDING_API_TIMEOUT_MS: z.coerce.number().positive().default(DEFAULT_LANDING_API_TIMEOUT_MS),
  LANDING_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  LANDING_URL: z.url({ protocol: /^https?$/ }).optional(),
  API_UPSTREAM_URL: z.url({ protocol: /^https?$/ }).optional(),
});

/** Reads the edge server's variables; throws naming the first bad one. */
export function loadEdgeEnvironment(env: Env): EdgeEnvironment {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new Error(`${name}: ${issue?.message ?? 'invalid'}, got "${env[name] ?? ''}"`);
  }
  const e = parsed.data;
  const apiUpstream = apiUpstreamFromEnv(env);
  return {
    apiUpstream,
    landingApiUrl: (e.LANDING_API_URL ?? apiUpstream).replace(/\/+$/, ''),
    paymentFrameOrigins: e.PAYMENT_FRAME_ORIGINS
      ? parseOriginList(e.PAYMENT_FRAME_ORIGINS, 'PAYMENT_FRAME_ORIGINS')
      : [...DEFAULT_PAYMENT_FRAME_ORIGINS],
    corsOrigins: parseOriginList(e.EDGE_CORS_ORIGINS, 'EDGE_CORS_ORIGINS'),
    hsts: e.EDGE_HSTS,
    trustProxy: e.EDGE_TRUST_PROXY === 'true' || e.EDGE_TRUST_PROXY === '1',
    landingTimeoutMs: e.LANDING_TIMEOUT_MS,
    landingApiTimeoutMs: e.LANDING_API_TIMEOUT_MS,
    landingUrl: e.LANDING_URL,
    publicStoreUrl: publicStoreUrlOf(env),
  };
}
