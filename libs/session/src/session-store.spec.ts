import { createApiClient } from './api-client';
import { createSessionStore, TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from './session-store';
import { strings as sessionStrings } from './strings.he';
import { MemoryStorage, startAuthApi } from './test-api-server';

describe('session store', () => {
  let api: Awaited<ReturnType<typeof startAuthApi>>;

  beforeAll(async () => {
    api = await startAuthApi();
  });
  afterAll(() => api.close());

  function setup(storedToken?: string) {
    const storage = new MemoryStorage();
    if (storedToken) storage.setItem(TOKEN_STORAGE_KEY, storedToken);
    // The client reads the token from the store it serves, as the app wires it.
    const holder: { store?: ReturnType<typeof createSessionStore> } = {};
    const client = createApiClient({
      baseUrl: () => api.url,
      getToken: () => holder.store?.getState().token ?? null,
    });
    const store = (holder.store = createSessionStore({ api: client, storage }));
    return { store, storage };
  }

  it('fetches the profile for a stored token at start, loading meanwhile', async () => {
    const { store } = setup('valid-token');
    expect(store.getState().loading).toBe(true);
    await store.getState().init();
    expect(store.getState()).toMatchObject({ loading: false, token: 'valid-token' });
    expect(store.getState().user?.name).toBe('דנה');
  });

  it('takes the profile the start-up script already fetched, without asking again', async () => {
    const { store } = setup('valid-token');
    const before = api.requests.length;
    await store
      .getState()
      .init(Promise.resolve({ _id: 'u-early', name: 'דנה מוקדם', role: 'user' }));
    expect(store.getState()).toMatchObject({ loading: false, token: 'valid-token' });
    expect(store.getState().user?.name).toBe('דנה מוקדם');
    expect(api.requests.length).toBe(before);
  });

  it('asks for the profile itself when the early fetch failed or answered something else', async () => {
    for (const early of [Promise.reject(new Error('offline')), Promise.resolve({ error: 'x' })]) {
      const { store } = setup('valid-token');
      const before = api.requests.length;
      await store.getState().init(early);
      expect(store.getState().user?.name).toBe('דנה');
      expect(api.requests.length).toBe(before + 1);
    }
  });

  it('forgets a stored token whose profile fails to load', async () => {
    const { store, storage } = setup('expired-token');
    await store.getState().init();
    expect(store.getState()).toMatchObject({ user: null, token: null, loading: false });
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('is not loading and calls nothing without a stored token', async () => {
    const before = api.requests.length;
    const { store } = setup();
    expect(store.getState().loading).toBe(false);
    await store.getState().init();
    expect(api.requests.length).toBe(before);
  });

  it('stores the token and the user on login', async () => {
    const { store, storage } = setup();
    const user = await store.getState().login('dana@example.com', 'Sod-Sod-12');
    expect(user.role).toBe('author');
    expect(store.getState().token).toBe('login-token');
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe('login-token');
  });

  it("rejects a wrong password with the API's Hebrew message and stays logged out", async () => {
    const { store, storage } = setup();
    await expect(store.getState().login('dana@example.com', 'wrong')).rejects.toThrow(
      'האימייל או הסיסמה שגויים',
    );
    expect(store.getState().user).toBeNull();
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('registers and signs in, accepting a { user, token } answer', async () => {
    const { store } = setup();
    const user = await store.getState().register({
      name: 'נועם',
      email: 'noam@example.com',
      password: 'Pass-12-word',
      role: 'user',
    });
    expect(user.name).toBe('נועם');
    expect(store.getState().token).toBe('register-token');
  });

  it('replaces the user and the token on a profile update', async () => {
    const { store, storage } = setup('valid-token');
    await store.getState().init();
    const user = await store.getState().updateProfile({ bio: 'כותבת שירה' });
    expect(user.bio).toBe('כותבת שירה');
    expect(store.getState().token).toBe('renewed-token');
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe('renewed-token');
    expect(api.requests.at(-1)).toMatchObject({
      method: 'PUT',
      authorization: 'Bearer valid-token',
    });
  });

  it('clears the user and the token on logout, and asks the API to end the session', async () => {
    const { store, storage } = setup();
    await store.getState().login('dana@example.com', 'Sod-Sod-12');
    const done = store.getState().logout();
    expect(store.getState()).toMatchObject({ user: null, token: null });
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await done;
    expect(api.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/auth/logout',
      authorization: 'Bearer login-token',
    });
    // The revoked token no longer opens the profile.
    const again = setup('login-token');
    await again.store.getState().init();
    expect(again.store.getState().user).toBeNull();
  });

  it('asks for a hand-over code for the other origin, and for none when signed out', async () => {
    const { store } = setup();
    await expect(store.getState().handOver('https://authors.mechabrim.example/')).resolves.toBe(
      null,
    );
    await store.getState().login('dana@example.com', 'Sod-Sod-12');
    const code = await store.getState().handOver('https://authors.mechabrim.example/books?x=1');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the target's origin goes to the API, which binds the code to it.
    expect(api.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/auth/handover',
      authorization: 'Bearer login-token',
      body: { origin: 'https://authors.mechabrim.example' },
    });
  });

  it('only forgets the token when told not to revoke it', async () => {
    const { store } = setup();
    await store.getState().login('dana@example.com', 'Sod-Sod-12');
    const before = api.requests.length;
    await store.getState().logout({ revoke: false });
    expect(store.getState().token).toBeNull();
    expect(api.requests.length).toBe(before);
  });
});

describe('session store: sessions that end', () => {
  let api: Awaited<ReturnType<typeof startAuthApi>>;

  beforeAll(async () => {
    api = await startAuthApi();
  });
  afterAll(() => api.close());

  const remembered = { _id: 'u1', name: 'דנה (שמורה)', email: 'dana@example.com', role: 'author' };
  /** An address where nothing listens: the API cannot be reached. */
  const UNREACHABLE = 'http://127.0.0.1:1';

  function setup(
    storedToken: string | null,
    options: { user?: object; url?: string; retryDelaysMs?: number[] } = {},
  ) {
    const storage = new MemoryStorage();
    if (storedToken) storage.setItem(TOKEN_STORAGE_KEY, storedToken);
    if (options.user) storage.setItem(USER_STORAGE_KEY, JSON.stringify(options.user));
    // Wired as the app wires it: a call refused for the session's token ends the session.
    const holder: { store?: ReturnType<typeof createSessionStore> } = {};
    const client = createApiClient({
      baseUrl: () => options.url ?? api.url,
      getToken: () => holder.store?.getState().token ?? null,
      onUnauthorized: (token) => holder.store?.getState().expire(token),
    });
    const store = (holder.store = createSessionStore({
      api: client,
      storage,
      retryDelaysMs: options.retryDelaysMs ?? [],
    }));
    return { store, storage, client };
  }

  const profileRequests = (token: string) =>
    api.requests.filter(
      (request) =>
        request.url === '/api/auth/profile' && request.authorization === `Bearer ${token}`,
    ).length;

  async function poll(what: string, done: () => boolean): Promise<void> {
    for (let i = 0; i < 200 && !done(); i += 1) await new Promise((r) => setTimeout(r, 10));
    if (!done()) throw new Error(`timed out waiting for ${what}`);
  }

  describe('at start-up only a 401 signs out', () => {
    it('keeps the user signed in, as remembered, when the API cannot be reached', async () => {
      const { store, storage } = setup('stored-token', { user: remembered, url: UNREACHABLE });
      // Shown at once, before any answer.
      expect(store.getState()).toMatchObject({ loading: false, user: { name: 'דנה (שמורה)' } });
      await store.getState().init();
      expect(store.getState()).toMatchObject({
        token: 'stored-token',
        user: { name: 'דנה (שמורה)' },
        loading: false,
        notice: null,
      });
      expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe('stored-token');
      expect(storage.getItem(USER_STORAGE_KEY)).not.toBeNull();
    });

    it('keeps the token when the API fails with a 5xx, and asks again until it answers', async () => {
      api.issue('flaky-token');
      api.failProfile(503, 500);
      const { store } = setup('flaky-token', { retryDelaysMs: [5] });
      await store.getState().init();
      expect(store.getState()).toMatchObject({
        token: 'flaky-token',
        loading: false,
        notice: null,
      });
      await poll('the profile after two failures', () => store.getState().user !== null);
      expect(store.getState().user?.name).toBe('דנה');
      expect(profileRequests('flaky-token')).toBe(3);
    });

    it('waits for a slow API with the remembered user, then takes the answer', async () => {
      api.issue('slow-token');
      const release = api.slowProfile();
      const { store, storage } = setup('slow-token', { user: remembered });
      const started = store.getState().init();
      await poll('the profile request', () => profileRequests('slow-token') === 1);
      expect(store.getState()).toMatchObject({
        token: 'slow-token',
        loading: false,
        user: { name: 'דנה (שמורה)' },
      });
      release();
      await started;
      expect(store.getState().user?.name).toBe('דנה');
      expect(JSON.parse(storage.getItem(USER_STORAGE_KEY) ?? '{}')).toMatchObject({ name: 'דנה' });
    });

    it('signs out with a Hebrew notice when the API refuses the token (401)', async () => {
      const { store, storage } = setup('ended-token', { user: remembered });
      await store.getState().init();
      expect(store.getState()).toMatchObject({
        user: null,
        token: null,
        loading: false,
        notice: 'ההתחברות שלכם הסתיימה. נא להתחבר מחדש.',
      });
      expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
    });

    it('stops asking again once the user signed out meanwhile', async () => {
      api.issue('gone-token');
      api.failProfile(503);
      const { store } = setup('gone-token', { retryDelaysMs: [5] });
      await store.getState().init();
      await store.getState().logout({ revoke: false });
      await new Promise((r) => setTimeout(r, 30));
      expect(profileRequests('gone-token')).toBe(1);
      expect(store.getState()).toMatchObject({ user: null, token: null, notice: null });
    });
  });

  describe('a session ended elsewhere', () => {
    it('signs out with the notice when any call is refused for the session token', async () => {
      api.issue('later-ended');
      const { store, client } = setup('later-ended');
      await store.getState().init();
      expect(store.getState().user?.name).toBe('דנה');
      api.revoke('later-ended');
      await expect(client('/api/auth/profile')).rejects.toMatchObject({ status: 401 });
      expect(store.getState()).toMatchObject({
        user: null,
        token: null,
        notice: sessionStrings.sessionEnded,
      });
    });

    it('ignores a refusal for a token it no longer holds', () => {
      const { store } = setup('current-token', { user: remembered });
      store.getState().expire('older-token');
      expect(store.getState()).toMatchObject({ token: 'current-token', notice: null });
    });

    it('clears the notice when the user signs in again', async () => {
      const { store } = setup('ended-again');
      await store.getState().init();
      expect(store.getState().notice).toBe(sessionStrings.sessionEnded);
      await store.getState().login('dana@example.com', 'Sod-Sod-12');
      expect(store.getState().notice).toBeNull();
    });
  });

  describe('signing out everywhere', () => {
    it('asks the API to end every session, then signs out here', async () => {
      api.issue('everywhere-here', 'everywhere@example.com');
      api.issue('everywhere-phone', 'everywhere@example.com');
      const { store, storage } = setup('everywhere-here');
      await store.getState().init();
      await store.getState().logoutEverywhere();
      expect(api.requests.at(-1)).toMatchObject({
        method: 'POST',
        url: '/api/auth/logout-all',
        authorization: 'Bearer everywhere-here',
      });
      expect(store.getState()).toMatchObject({ user: null, token: null, notice: null });
      expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(api.isValid('everywhere-phone')).toBe(false);
    });

    it('stays signed in and says why when the API cannot be reached', async () => {
      const { store } = setup('offline-token', { user: remembered, url: UNREACHABLE });
      await expect(store.getState().logoutEverywhere()).rejects.toThrow(
        sessionStrings.networkError,
      );
      expect(store.getState()).toMatchObject({ token: 'offline-token', user: { _id: 'u1' } });
    });
  });
});
