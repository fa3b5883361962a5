/** The URL fragment key that carries a sign-in hand-over code between the site's two origins. */
export const HANDOVER_FRAGMENT_KEY = 'handover';

/**
 * Takes a hand-over code from the page's URL fragment (`#handover=…`) and removes it from the
 * address bar and the history at once, so it is neither bookmarked nor shared, nor sent again.
 * The fragment never reaches a server or its logs; the code is redeemed by POST, once.
 */
export function takeHandoverCode(win: Window | undefined = globalThis.window): string | null {
  if (!win?.location?.hash) return null;
  const params = new URLSearchParams(win.location.hash.slice(1));
  const code = params.get(HANDOVER_FRAGMENT_KEY);
  if (code === null) return null;
  params.delete(HANDOVER_FRAGMENT_KEY);
  const rest = params.toString();
  const { pathname, search } = win.location;
  win.history.replaceState(win.history.state, '', `${pathname}${search}${rest ? `#${rest}` : ''}`);
  return /^[A-Za-z0-9_-]{43}$/.test(code) ? code : null;
}

/** `url` with a hand-over code in its fragment (the other origin's page to open). */
export function withHandoverCode(url: string, code: string): string {
  const target = new URL(url);
  target.hash = `${HANDOVER_FRAGMENT_KEY}=${code}`;
  return target.toString();
}
