import { useStore } from 'zustand';
import { createApiClient, type ApiRequest } from './api-client';
import { getApiBaseUrl } from './api-config';
import { createSessionStore, type SessionState } from './session-store';

export {
  ApiError,
  createApiClient,
  type ApiFetch,
  type ApiRequest,
  type ApiClientOptions,
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

// The one API client and the one session of the page. This library is a federation singleton,
// so the shell and every remote share them: signing in anywhere signs in everywhere.
const client = createApiClient({
  baseUrl: getApiBaseUrl,
  // Read on each call, by which time the store below exists.
  getToken: () => sessionStore.getState().token,
});

/** The session store (user, token, loading; login, register, updateProfile, logout). */
export const sessionStore = createSessionStore({ api: client });

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
