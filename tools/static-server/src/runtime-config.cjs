'use strict';
// The front-end runtime-config contract (docs/CONVENTIONS.md):
// { apiBaseUrl, remotes: { storefront, checkout, authorPortal } }, each remote the URL of its
// mf-manifest.json. Explicit URLs win over ports so one remote can point at another host
// (e.g. a CDN) without touching the others.

/** @param {string | undefined} value @param {string} name */
function port(value, name, fallback) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    throw new Error(`${name} must be a port number between 1 and 65535, got "${value}"`);
  }
  return n;
}

/** @param {string} base */
function manifestUrl(base) {
  return base.endsWith('.json') ? base : `${base.replace(/\/+$/, '')}/mf-manifest.json`;
}

/**
 * Builds the runtime config from environment variables.
 * @param {Record<string, string | undefined>} env
 * @returns {import('./index.d.cts').RuntimeConfig}
 */
function runtimeConfigFromEnv(env) {
  const host = env.PUBLIC_HOST || 'localhost';
  const origin = (p) => `http://${host}:${p}`;
  const api = env.PUBLIC_API_URL || origin(port(env.API_PORT, 'API_PORT', 3000));
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
  };
}

module.exports = { runtimeConfigFromEnv };
