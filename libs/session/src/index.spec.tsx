/**
 * @jest-environment jsdom
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { ApiError, type ApiFetch } from './api-client';
import {
  SIGNED_IN_COOKIE,
  configureApi,
  createSessionStore,
  leaveSignedIn,
  onAccountChange,
  sessionStore,
  useSession,
} from './index';

function Greeting() {
  const name = useSession((state) => state.user?.name ?? 'אורח');
  return <span>{name}</span>;
}

describe('the page session', () => {
  afterEach(() => sessionStore.setState({ user: null, token: null, loading: false }));

  it('says in a cookie whether this browser holds a session, never the token itself', () => {
    sessionStore.setState({ token: 'secret-token' });
    expect(document.cookie).toContain(`${SIGNED_IN_COOKIE}=1`);
    expect(document.cookie).not.toContain('secret-token');
    sessionStore.setState({ token: null });
    expect(document.cookie).not.toContain(SIGNED_IN_COOKIE);
  });

  it('tells when the signed-in person changes, never when one signs in or their details change', () => {
    const changed = jest.fn();
    const stop = onAccountChange(changed);
    const dana = { _id: 'u1', name: 'דנה', email: 'dana@example.com', role: 'user' as const };
    sessionStore.setState({ user: dana, token: 't1' });
    sessionStore.setState({ user: { ...dana, name: 'דנה לוי' } });
    expect(changed).not.toHaveBeenCalled();
    sessionStore.setState({ user: { ...dana, _id: 'u2' }, token: 't2' });
    expect(changed).toHaveBeenCalledTimes(1);
    sessionStore.setState({ user: null, token: null });
    expect(changed).toHaveBeenCalledTimes(2);
    stop();
    sessionStore.setState({ user: dana, token: 't1' });
    sessionStore.setState({ user: null, token: null });
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('renders what the store holds on a server too (the checkout drawn by its server)', () => {
    sessionStore.setState({
      user: { _id: 'u1', name: 'דנה', email: 'dana@example.com', role: 'user' },
    });
    expect(renderToStaticMarkup(<Greeting />)).toBe('<span>דנה</span>');
  });
});

describe('leaving for the site’s other origin signed in', () => {
  const CODE = 'k'.repeat(43);
  const click = (keys: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) => ({
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    ...keys,
    preventDefault: jest.fn(),
  });
  let fetchMock: jest.Mock;
  beforeEach(() => {
    configureApi({ apiBaseUrl: 'https://mechabrim.test' });
    fetchMock = jest.fn(async () => ({
      ok: true,
      status: 201,
      text: async () => JSON.stringify({ code: CODE, expiresAt: '' }),
    }));
    globalThis.fetch = fetchMock;
  });
  afterEach(() => sessionStore.setState({ user: null, token: null }));

  it('opens the other origin with a code for it in the fragment', async () => {
    sessionStore.setState({ token: 'store-token' });
    const go = jest.fn();
    const event = click();
    await leaveSignedIn(event, 'https://authors.mechabrim.test/', go);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(go).toHaveBeenCalledWith(`https://authors.mechabrim.test/#handover=${CODE}`);
  });

  it('is the plain link when signed out or opened in a new tab', async () => {
    const go = jest.fn();
    const signedOut = click();
    await leaveSignedIn(signedOut, 'https://authors.mechabrim.test/', go);
    sessionStore.setState({ token: 'store-token' });
    const newTab = click({ ctrlKey: true });
    await leaveSignedIn(newTab, 'https://authors.mechabrim.test/', go);
    expect(signedOut.preventDefault).not.toHaveBeenCalled();
    expect(newTab.preventDefault).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('waits, loading, while the code it arrived with is redeemed, then is signed in', async () => {
    window.history.pushState(null, '', `/#handover=${CODE}`);
    let answer: (value: unknown) => void = () => undefined;
    const api = jest.fn(
      (path: string) =>
        new Promise((resolve, reject) => {
          if (path !== '/api/auth/handover/redeem') reject(new ApiError('לא צפוי', 404));
          answer = resolve;
        }),
    ) as unknown as ApiFetch;
    const store = createSessionStore({ api, storage: null });
    const started = store.getState().init();
    expect(store.getState()).toMatchObject({ loading: true, token: null });
    expect(window.location.hash).toBe('');
    answer({
      user: { _id: 'u1', name: 'דנה', email: 'd@example.com', role: 'author' },
      token: 't',
    });
    await started;
    expect(store.getState()).toMatchObject({ loading: false, token: 't' });
  });
});
