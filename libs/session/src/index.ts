import { useStore } from 'zustand';
import { createApiClient, type ApiRequest, type ApiTiming } from './api-client';
import { getApiBaseUrl } from './api-config';
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
export {
  createSessionStore,
  TOKEN_STORAGE_KEY,
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
});

/** The session store (user, token, loading; login, register, updateProfile, logout). */
export const sessionStore = createSessionStore({ api: client });

/**
 * What a page's client log reads from the session: the API to send to, the signed-in user, and
 * the timing of every API call (the shape `installClientLogging` of the UI kit takes).
 */
export const clientLogSources = {
  baseUrl: getApiBaseUrl,
  getUserId: (): string | undefined => sessionStore.getState().user?._id,
  observeApiTiming,
};

/**
 * Calls the API at the configured `apiBaseUrl`, with the session's bearer token, and turns
 * the API's `{statusCode, error, message}` answers into an `ApiError` with a Hebrew message.
 */
export function apiFetch<T>(path: string, request?: ApiRequest): Promise<T> {
  return client<T>(path, request);
}

/** Reads the session in a component. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
