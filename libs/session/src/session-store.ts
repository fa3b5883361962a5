import { createStore, type StoreApi } from 'zustand';
import { ApiError, type ApiFetch } from './api-client';
import { strings } from './strings.he';

/** Roles of spec §6. */
export type Role = 'user' | 'author' | 'admin';

/** The signed-in user (spec §3); the token is kept apart from it. */
export interface SessionUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
  bio?: string;
  avatar?: string;
  [field: string]: unknown;
}

export interface RegisterPayload {
  name: string;
  email: string;
  password: string;
  role: 'user' | 'author';
}

export interface ProfileUpdate {
  name?: string;
  email?: string;
  bio?: string;
  [field: string]: unknown;
}

export interface SessionState {
  user: SessionUser | null;
  token: string | null;
  /** True while the stored token's profile is being fetched at start. */
  loading: boolean;
  /**
   * Fetches the profile for a stored token; a failure forgets the token (spec §4, §8). `early` is
   * the same answer already on its way (the shell's inline start-up script asks for it before the
   * app's scripts arrive); if it fails, the profile is asked for again the normal way.
   */
  init(early?: Promise<unknown>): Promise<void>;
  login(email: string, password: string): Promise<SessionUser>;
  register(payload: RegisterPayload): Promise<SessionUser>;
  updateProfile(update: ProfileUpdate): Promise<SessionUser>;
  /**
   * Signs out at once in this browser and asks the API (`POST /api/auth/logout`) to revoke every
   * token of the user, so a copied token stops working too. `{ revoke: false }` only forgets the
   * token here (a token the app decided not to use, e.g. a reader on the authors' sign-in page).
   * The returned promise settles when the API answered; a failure to reach it is ignored.
   */
  logout(options?: { revoke?: boolean }): Promise<void>;
}

/** Where the token is kept (spec §3). */
export const TOKEN_STORAGE_KEY = 'token';

export interface SessionStoreOptions {
  api: ApiFetch;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

/** Login, register and profile answers: the user's fields plus a token, or `{ user, token }`. */
type AuthAnswer = (SessionUser & { token?: string }) | { user: SessionUser; token?: string };

/** A profile answer in either shape, with the user's id: anything else is asked for again. */
function isAuthAnswer(value: unknown): value is AuthAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const user = 'user' in value ? value.user : value;
  return typeof user === 'object' && user !== null && '_id' in user;
}

function splitAnswer(answer: AuthAnswer): { user: SessionUser; token?: string } {
  if ('user' in answer && answer.user && typeof answer.user === 'object') {
    return { user: answer.user as SessionUser, token: answer.token };
  }
  const { token, ...user } = answer as SessionUser & { token?: string };
  return { user: user, token };
}

function defaultStorage(): SessionStoreOptions['storage'] {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Creates a session store. The app uses the one `sessionStore`; tests create their own. */
export function createSessionStore(options: SessionStoreOptions): StoreApi<SessionState> {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const { api } = options;
  const saveToken = (token: string | null) => {
    if (!storage) return;
    if (token) storage.setItem(TOKEN_STORAGE_KEY, token);
    else storage.removeItem(TOKEN_STORAGE_KEY);
  };
  const initialToken = storage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  let initRun: Promise<void> | null = null;

  return createStore<SessionState>()((set, get) => ({
    user: null,
    token: initialToken,
    loading: initialToken !== null,
    init(early) {
      // Once per page, however many components ask.
      initRun ??= (async () => {
        const token = get().token;
        if (!token) {
          set({ loading: false });
          return;
        }
        set({ loading: true });
        try {
          const earlyAnswer = early ? await early.catch(() => undefined) : undefined;
          const answer = isAuthAnswer(earlyAnswer)
            ? earlyAnswer
            : await api<AuthAnswer>('/api/auth/profile', {
                headers: { Authorization: `Bearer ${token}` },
              });
          set({ user: splitAnswer(answer).user, loading: false });
        } catch {
          saveToken(null);
          set({ user: null, token: null, loading: false });
        }
      })();
      return initRun;
    },
    async login(email, password) {
      const answer = await api<AuthAnswer>('/api/auth/login', {
        method: 'POST',
        body: { email, password },
        auth: false,
        fallbackMessage: strings.loginFailed,
      });
      const { user, token } = splitAnswer(answer);
      if (!token) throw new ApiError(strings.loginFailed, 200);
      saveToken(token);
      set({ user, token, loading: false });
      return user;
    },
    async register(payload) {
      const answer = await api<AuthAnswer>('/api/auth/register', {
        method: 'POST',
        body: payload,
        auth: false,
        fallbackMessage: strings.registerFailed,
      });
      const { user, token } = splitAnswer(answer);
      if (!token) throw new ApiError(strings.registerFailed, 200);
      saveToken(token);
      set({ user, token, loading: false });
      return user;
    },
    async updateProfile(update) {
      const answer = await api<AuthAnswer>('/api/auth/profile', {
        method: 'PUT',
        body: update,
        fallbackMessage: strings.profileUpdateFailed,
      });
      const { user, token } = splitAnswer(answer);
      // A new token comes back when the server reissues it (e.g. the e-mail changed).
      if (token) saveToken(token);
      set((state) => ({ user, token: token ?? state.token }));
      return user;
    },
    async logout({ revoke = true } = {}) {
      const token = get().token;
      saveToken(null);
      set({ user: null, token: null, loading: false });
      if (!revoke || !token) return;
      try {
        await api<void>('/api/auth/logout', {
          method: 'POST',
          auth: false,
          headers: { Authorization: `Bearer ${token}` },
        });
      } catch {
        // Signed out here either way; the token still expires on its own.
      }
    },
  }));
}
