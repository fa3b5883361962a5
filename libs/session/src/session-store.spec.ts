import { createApiClient } from './api-client';
import { createSessionStore, TOKEN_STORAGE_KEY } from './session-store';
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

  it('clears the user and the token on logout, and asks the API to revoke the token', async () => {
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

  it('only forgets the token when told not to revoke it', async () => {
    const { store } = setup();
    await store.getState().login('dana@example.com', 'Sod-Sod-12');
    const before = api.requests.length;
    await store.getState().logout({ revoke: false });
    expect(store.getState().token).toBeNull();
    expect(api.requests.length).toBe(before);
  });
});
