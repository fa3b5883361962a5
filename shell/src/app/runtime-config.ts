/** The federated front ends the shell mounts; also their federation container names. */
export const REMOTE_NAMES = ['storefront', 'checkout', 'authorPortal'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** `/runtime-config.json` (docs/CONVENTIONS.md): the API origin and each remote's manifest URL. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: Record<RemoteName, string>;
  /**
   * Per released remote, the manifest of the version to load when the one in `remotes` does not
   * load (the last live version, docs/releases.md).
   */
  fallbacks?: Partial<Record<RemoteName, string>>;
  /** The standalone author portal's address (the authors' subdomain), when there is one. */
  portalUrl?: string;
}

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    new URL(value, 'http://localhost');
    return value.length > 0;
  } catch {
    return false;
  }
}

/** Checks the shape of a runtime config; throws naming the first bad field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!value || typeof value !== 'object') throw new Error('runtime-config.json: not an object');
  const { apiBaseUrl, remotes, portalUrl, fallbacks } = value as Partial<RuntimeConfig>;
  if (!isUrl(apiBaseUrl)) throw new Error('runtime-config.json: apiBaseUrl must be a URL');
  if (!remotes || typeof remotes !== 'object')
    throw new Error('runtime-config.json: remotes missing');
  for (const name of REMOTE_NAMES) {
    if (!isUrl(remotes[name]))
      throw new Error(`runtime-config.json: remotes.${name} must be a URL`);
  }
  // Optional: a fallback that is not a URL is left out (that remote has no fallback).
  const knownFallbacks: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const fallback = (fallbacks as Record<string, unknown> | undefined)?.[name];
    if (isUrl(fallback) && fallback !== remotes[name]) knownFallbacks[name] = fallback;
  }
  // Optional: a config without it (or with something else there) only leaves the link out.
  return {
    apiBaseUrl,
    remotes: { ...remotes },
    ...(Object.keys(knownFallbacks).length > 0 ? { fallbacks: knownFallbacks } : {}),
    ...(isUrl(portalUrl) && /^https?:\/\//.test(portalUrl) ? { portalUrl } : {}),
  };
}

/**
 * Fetches and checks the runtime config (never cached: it changes per deployment). `early` is
 * the same fetch already started by index.html's inline script; if it failed, this asks again.
 */
export async function loadRuntimeConfig(
  url = '/runtime-config.json',
  early?: Promise<unknown>,
): Promise<RuntimeConfig> {
  if (early) {
    try {
      return parseRuntimeConfig(await early);
    } catch {
      // fetched again below, reporting its own error
    }
  }
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
