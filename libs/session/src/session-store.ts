import { createStore, type StoreApi } from 'zustand';
import { ApiError, type ApiFetch } from './api-client';
import { takeHandoverCode } from './handover';
import type { SessionState, SessionUser } from './session-types';
import { strings } from './strings.he';

export type {
  ProfileUpdate,
  RegisterPayload,
  Role,
  SessionState,
  SessionUser,
} from './session-types';
/** Where the token is kept (spec §3). */
export const TOKEN_STORAGE_KEY = 'token';
/** Where the signed-in user is remembered, so a slow or unreachable API at start signs no one out. */
export const USER_STORAGE_KEY = 'session-user';

/** After a failed start-up profile: when to ask again (the last delay repeats). */
const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [2_000, 10_000, 30_000, 60_000];

export interface SessionStoreOptions {
  api: ApiFetch;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Delays between profile retries after a start-up failure other than 401; `[]` never retries. */
  retryDelaysMs?: readonly number[];
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

/** The remembered user, if it is one (anything else in storage is ignored). */
function readUser(storage: SessionStoreOptions['storage']): SessionUser | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(USER_STORAGE_KEY) ?? 'null');
    return isAuthAnswer(value) && !('user' in value) ? value : null;
  } catch {
    return null;
  }
}

function defaultStorage(): SessionStoreOptions['storage'] {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Keeps the token and the signed-in user in storage, or forgets them. */
function sessionPersistence(storage: SessionStoreOptions['storage']) {
  const saveToken = (token: string | null) => {
    if (!storage) return;
    if (token) storage.setItem(TOKEN_STORAGE_KEY, token);
    else storage.removeItem(TOKEN_STORAGE_KEY);
  };
  const saveUser = (user: SessionUser | null) => {
    if (!storage) return;
    try {
      if (user) storage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
      else storage.removeItem(USER_STORAGE_KEY);
    } catch {
      // Storage full or blocked: the user is only not remembered across pages.
    }
  };
  return { saveToken, saveUser };
}

type SessionPersistence = ReturnType<typeof sessionPersistence>;

/** The store's one pending profile retry: scheduling another, signing in or out cancels it. */
function profileRetryTimer() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule(retry: () => void, delay: number | undefined) {
      clearTimeout(timer);
      timer = setTimeout(retry, delay);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

/** What every action of one store works with: the API, storage, the retry and set/get. */
interface SessionContext extends SessionPersistence {
  api: ApiFetch;
  set: StoreApi<SessionState>['setState'];
  get: StoreApi<SessionState>['getState'];
  retry: ReturnType<typeof profileRetryTimer>;
}

/** Forgets the token and the user here (no retry left pending), with `notice` for sign-in. */
function forgetSession(session: SessionContext, notice: string | null): void {
  session.retry.cancel();
  session.saveToken(null);
  session.saveUser(null);
  session.set({ user: null, token: null, loading: false, notice });
}

/** Keeps a new sign-in: its token and user, in storage and in the store. */
function keepSignIn(session: SessionContext, user: SessionUser, token: string): void {
  session.retry.cancel();
  session.saveToken(token);
  session.saveUser(user);
  session.set({ user, token, loading: false, notice: null });
}

type ProfileLoader = (token: string, attempt: number, early?: Promise<unknown>) => Promise<void>;

/** Asks for the profile of `token`; only a 401 ends the session, anything else retries. */
function profileLoader(session: SessionContext, retryDelays: readonly number[]): ProfileLoader {
  const { api, set, get } = session;
  const loadProfile: ProfileLoader = async (token, attempt, early) => {
    try {
      const earlyAnswer = early ? await early.catch(() => undefined) : undefined;
      const answer = isAuthAnswer(earlyAnswer)
        ? earlyAnswer
        : await api<AuthAnswer>('/api/auth/profile', {
            headers: { Authorization: `Bearer ${token}` },
          });
      // Signed out or in again while the answer was on its way: it is about another session.
      if (get().token !== token) return;
      const { user } = splitAnswer(answer);
      session.saveUser(user);
      set({ user, loading: false });
    } catch (error) {
      if (get().token !== token) return;
      if (error instanceof ApiError && error.status === 401) {
        get().expire(token);
        return;
      }
      // Unreachable, timed out or failing (5xx, 429…): the session may well be fine. Stay
      // signed in as remembered, and ask again later.
      set({ loading: false });
      if (!retryDelays.length) return;
      const delay = retryDelays[Math.min(attempt, retryDelays.length - 1)];
      session.retry.schedule(() => {
        if (get().token === token) void loadProfile(token, attempt + 1);
      }, delay);
    }
  };
  return loadProfile;
}

/**
 * The store's `init`: a sign-in handed over from the site's other origin first, else the stored
 * token's profile.
 */
function initAction(session: SessionContext, loadProfile: ProfileLoader): SessionState['init'] {
  const { api, set, get } = session;
  let initRun: Promise<void> | null = null;
  return (early) => {
    // Once per page, however many components ask.
    initRun ??= (async () => {
      // Arriving from the site's other origin with its sign-in: redeem it (once) first.
      const code = takeHandoverCode();
      if (code) {
        // Until it is redeemed, pages wait rather than send the person to sign in.
        set({ loading: true });
        try {
          const answer = await api<AuthAnswer>('/api/auth/handover/redeem', {
            method: 'POST',
            body: { code },
            auth: false,
          });
          const { user, token } = splitAnswer(answer);
          if (token) {
            keepSignIn(session, user, token);
            return;
          }
        } catch {
          // Used, expired or unreachable: carry on with whatever this origin remembers.
        }
      }
      const token = get().token;
      if (!token) {
        set({ loading: false });
        return;
      }
      set({ loading: get().user === null });
      await loadProfile(token, 0, early);
    })();
    return initRun;
  };
}

/** `login`, `register` and `updateProfile`: the actions the API answers with the user. */
function signInActions(
  session: SessionContext,
): Pick<SessionState, 'login' | 'register' | 'updateProfile'> {
  const { api, set } = session;
  return {
    async login(email, password) {
      const answer = await api<AuthAnswer>('/api/auth/login', {
        method: 'POST',
        body: { email, password },
        auth: false,
        fallbackMessage: strings.loginFailed,
      });
      const { user, token } = splitAnswer(answer);
      if (!token) throw new ApiError(strings.loginFailed, 200);
      keepSignIn(session, user, token);
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
      keepSignIn(session, user, token);
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
      if (token) session.saveToken(token);
      session.saveUser(user);
      set((state) => ({ user, token: token ?? state.token }));
      return user;
    },
  };
}

/** `logout`, `logoutEverywhere` and `expire`: the ways a session ends. */
function signOutActions(
  session: SessionContext,
): Pick<SessionState, 'logout' | 'logoutEverywhere' | 'expire'> {
  const { api, get } = session;
  return {
    async logout({ revoke = true } = {}) {
      const token = get().token;
      forgetSession(session, null);
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
    async logoutEverywhere() {
      const token = get().token;
      if (!token) return;
      try {
        await api<void>('/api/auth/logout-all', {
          method: 'POST',
          auth: false,
          headers: { Authorization: `Bearer ${token}` },
          fallbackMessage: strings.logoutEverywhereFailed,
        });
      } catch (error) {
        // A 401: this session had ended already, which is what was asked for here.
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
      if (get().token === token) forgetSession(session, null);
    },
    expire(token) {
      if (!token || get().token !== token) return;
      forgetSession(session, strings.sessionEnded);
    },
  };
}

/** The store's `handOver`: a single-use code that carries this sign-in to the other origin. */
function handOverAction({ api, get }: SessionContext): SessionState['handOver'] {
  return async (targetUrl) => {
    if (!get().token) return null;
    try {
      const answer = await api<{ code?: unknown }>('/api/auth/handover', {
        method: 'POST',
        body: { origin: new URL(targetUrl).origin },
      });
      return typeof answer.code === 'string' ? answer.code : null;
    } catch {
      return null;
    }
  };
}

/** Creates a session store. The app uses the one `sessionStore`; tests create their own. */
export function createSessionStore(options: SessionStoreOptions): StoreApi<SessionState> {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const persistence = sessionPersistence(storage);
  const initialToken = storage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  const rememberedUser = initialToken ? readUser(storage) : null;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const retry = profileRetryTimer();

  return createStore<SessionState>()((set, get) => {
    const session: SessionContext = { ...persistence, api: options.api, set, get, retry };
    return {
      user: rememberedUser,
      token: initialToken,
      loading: initialToken !== null && rememberedUser === null,
      notice: null,
      init: initAction(session, profileLoader(session, retryDelays)),
      ...signInActions(session),
      ...signOutActions(session),
      handOver: handOverAction(session),
    };
  });
}
