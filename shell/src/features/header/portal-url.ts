/**
 * The standalone author portal's address (the runtime config's `portalUrl`, the authors'
 * subdomain), set once as the app starts; null when the config names none, and the account menu
 * then offers only the portal's screens inside the store.
 */
let portalUrl: string | null = null;

/** Keeps `url` when it is an http(s) address, else none. */
export function setPortalUrl(url: string | undefined): void {
  portalUrl = null;
  if (!url) return;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:') portalUrl = parsed.href;
  } catch {
    // Not an address: no link.
  }
}

export function getPortalUrl(): string | null {
  return portalUrl;
}
