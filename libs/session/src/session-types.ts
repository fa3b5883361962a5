// What a session is: the user, the forms' payloads and the store's state and actions.

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
  /**
   * True while the stored token's profile is being fetched at start, unless the user it belonged
   * to is remembered from before (then the app shows them at once and the answer corrects it).
   */
  loading: boolean;
  /**
   * A Hebrew message for the sign-in page: set when the API ended the session (its token was
   * refused), cleared by signing in, registering or signing out.
   */
  notice: string | null;
  /**
   * Fetches the profile for a stored token. Only a 401 signs out (with {@link notice}): when the
   * API cannot be reached, is slow or fails, the user stays signed in as remembered and the
   * profile is asked for again later. `early` is the same answer already on its way (the shell's
   * inline start-up script asks for it before the app's scripts arrive); if it fails, the profile
   * is asked for again the normal way.
   */
  init(early?: Promise<unknown>): Promise<void>;
  login(email: string, password: string): Promise<SessionUser>;
  register(payload: RegisterPayload): Promise<SessionUser>;
  updateProfile(update: ProfileUpdate): Promise<SessionUser>;
  /**
   * Signs out at once in this browser and asks the API (`POST /api/auth/logout`) to end this
   * session, so a copied token stops working too; the user's other sessions go on.
   * `{ revoke: false }` only forgets the token here (a token the app decided not to use, e.g. a
   * reader on the authors' sign-in page). The returned promise settles when the API answered; a
   * failure to reach it is ignored.
   */
  logout(options?: { revoke?: boolean }): Promise<void>;
  /**
   * Signs out on every device (`POST /api/auth/logout-all`), then here. Rejects with an
   * {@link ApiError} (and stays signed in) when the API could not do it.
   */
  logoutEverywhere(): Promise<void>;
  /**
   * The API refused `token` (401): the session ended elsewhere (signed out everywhere, an e-mail
   * change, expiry). Forgets it and the user and sets {@link notice}. Ignored for a token the
   * store no longer holds (an old request answering after a new sign-in).
   */
  expire(token: string): void;
  /**
   * A single-use code (`POST /api/auth/handover`) that carries this sign-in to the site's other
   * origin, the one of `targetUrl` (the API redeems it only for a page of that origin), for
   * {@link withHandoverCode}; null when signed out or the API refused.
   */
  handOver(targetUrl: string): Promise<string | null>;
}
