import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AccountMessageAnswer } from '@mechabrim/contracts';
import { useLocation, useNavigate } from '@mechabrim/routing';
import { ApiError, createApiClient, type ApiRequest, type ApiTiming } from './api-client';
import { getApiBaseUrl } from './api-config';
import { withHandoverCode } from './handover';
import { createSessionStore, type SessionState } from './session-store';

export {
  ApiError,
  createApiClient,
  type ApiFetch,
  type ApiRequest,
  type ApiClientOptions,
  type ApiTiming,
} from './api-client';
export { configureApi, getApiBaseUrl } from './api-config';
export { HANDOVER_FRAGMENT_KEY, takeHandoverCode, withHandoverCode } from './handover';
export {
  createSessionStore,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  type Role,
  type SessionUser,
  type SessionState,
  type SessionStoreOptions,
  type RegisterPayload,
  type ProfileUpdate,
} from './session-store';
export { strings as sessionStrings } from './strings.he';

let timingObserver: ((timing: ApiTiming) => void) | null = null;

/**
 * Sets who is told how long each call of the page's API client took (the shell points it at the
 * client log, which flags slow calls); `null` stops it. This library does not depend on the UI
 * kit, hence the hook instead of the logger itself.
 */
export function observeApiTiming(observer: ((timing: ApiTiming) => void) | null): void {
  timingObserver = observer;
}

// The one API client and the one session of the page. This library is a federation singleton,
// so the shell and every remote share them: signing in anywhere signs in everywhere.
const client = createApiClient({
  baseUrl: getApiBaseUrl,
  // Read on each call, by which time the store below exists.
  getToken: () => sessionStore.getState().token,
  onTiming: (timing) => timingObserver?.(timing),
  // A call refused for the session's token: the session ended on the server (signed out
  // everywhere, an e-mail change elsewhere, expiry). The app sends the user to sign in.
  onUnauthorized: (token) => sessionStore.getState().expire(token),
});

/**
 * The session store (user, token, loading, notice; login, register, updateProfile, logout,
 * logoutEverywhere, expire).
 */
export const sessionStore = createSessionStore({ api: client });

/**
 * A cookie that says this browser holds a session (`1`, never the token: the API is called with
 * the bearer token, not with cookies). The server that draws the checkout page
 * (checkout/src/server/landing.tsx) draws it only for a reader who is signed in; a guest's
 * browser sends them to sign in instead.
 */
export const SIGNED_IN_COOKIE = 'mb_signed_in';

function writeSignedInCookie(signedIn: boolean) {
  try {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=${signedIn ? 31536000 : 0}; SameSite=Lax${secure}`;
  } catch {
    // No document or cookies blocked: the checkout is drawn in the browser.
  }
}

// Once as the page starts (the token may predate the cookie) and whenever one is kept or dropped.
if (typeof document !== 'undefined') {
  writeSignedInCookie(sessionStore.getState().token !== null);
  sessionStore.subscribe((state, previous) => {
    if ((state.token === null) !== (previous.token === null))
      writeSignedInCookie(state.token !== null);
  });
}

/**
 * Calls `onChange` whenever the signed-in person stops being who they were: signed out, the
 * session ended, or another account signed in on the same page. The app then forgets what it read
 * for them (orders, wishlist, an author's screens), so the next person never sees it, not even
 * while their own is on its way. Answers the unsubscribe.
 */
export function onAccountChange(onChange: () => void): () => void {
  return sessionStore.subscribe((state, previous) => {
    const before = previous.user?._id;
    if (before !== undefined && before !== state.user?._id) onChange();
  });
}

/**
 * What a page's client log reads from the session: the API to send to, the signed-in user, and
 * the timing of every API call (the shape `installClientLogging` of the UI kit takes).
 */
export const clientLogSources = {
  baseUrl: getApiBaseUrl,
  getUserId: (): string | undefined => sessionStore.getState().user?._id,
  observeApiTiming,
};

/** The parts of a link's click that {@link leaveSignedIn} reads. */
export interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  preventDefault(): void;
}

/**
 * A link's click handler that leaves for the site's other origin (the store, the authors'
 * portal) at `url` signed in as here: a single-use code for that origin in the address's
 * fragment (never its query, so no server logs it), which the page there redeems by POST for
 * this same session. Signed out, with the API refusing, or a click that opens a new tab or
 * window, it is the plain link.
 */
export async function leaveSignedIn(
  event: LinkClick,
  url: string,
  go: (url: string) => void = (to) => window.location.assign(to),
): Promise<void> {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
  if (event.shiftKey || event.altKey || !sessionStore.getState().token) return;
  event.preventDefault();
  const code = await sessionStore.getState().handOver(url);
  go(code ? withHandoverCode(url, code) : url);
}

/**
 * Calls the API at the configured `apiBaseUrl`, with the session's bearer token, and turns
 * the API's `{statusCode, error, message}` answers into an `ApiError` with a Hebrew message.
 */
export function apiFetch<T>(path: string, request?: ApiRequest): Promise<T> {
  return client<T>(path, request);
}

/** Reads the session in a component. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  const current = useCallback(() => selector(sessionStore.getState()), [selector]);
  // zustand's `useStore` renders a store's *initial* state on a server; the checkout's server
  // renderer sets the session for the page it draws, so the server renders what the store holds.
  return useSyncExternalStore(sessionStore.subscribe, current, current);
}

/**
 * Calls `onEnded` when the API ends the session (a token refused with 401: signed out everywhere,
 * an e-mail change elsewhere, expiry), and at mount if it has just ended: the app sends the user
 * to sign in, where {@link SessionState.notice} says why. Not called when the user signs out.
 */
export function useSessionEnded(onEnded: () => void): void {
  const latest = useRef(onEnded);
  latest.current = onEnded;
  useEffect(() => {
    const ended = (state: SessionState) => state.token === null && state.notice !== null;
    if (ended(sessionStore.getState())) latest.current();
    return sessionStore.subscribe((state, previous) => {
      if (ended(state) && !ended(previous)) latest.current();
    });
  }, []);
}

/**
 * When the API ends the session (signed out everywhere, an e-mail change elsewhere, expiry), the
 * person is sent to sign in — where the session's notice says why — and comes back here after.
 * Mounted inside the router by the shell and by the standalone author portal.
 */
export function SessionEndedRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  useSessionEnded(() => {
    if (location.pathname === '/login') return;
    void navigate('/login', { state: { from: here.current } });
  });
  return null;
}

export type ResendState =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' | 'failed'; message: string };

/**
 * 'Send the verification link again', for the notice each front end shows while the signed-in
 * account's address is not verified (issue 24). The API limits it per account and per IP and
 * says so in Hebrew; `fallbackMessage` is the front end's own words for when it says nothing.
 */
export function useResendVerification(fallbackMessage: string): {
  state: ResendState;
  sendAgain: () => Promise<void>;
} {
  const [state, setState] = useState<ResendState>({ kind: 'idle' });
  const sendAgain = async () => {
    setState({ kind: 'sending' });
    try {
      const answer = await apiFetch<AccountMessageAnswer>('/api/auth/email/verify/resend', {
        method: 'POST',
        fallbackMessage,
      });
      setState({ kind: 'sent', message: answer.message });
    } catch (err) {
      setState({
        kind: 'failed',
        message: err instanceof ApiError && err.message ? err.message : fallbackMessage,
      });
    }
  };
  return { state, sendAgain };
}
