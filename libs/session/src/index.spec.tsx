/**
 * @jest-environment jsdom
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { SIGNED_IN_COOKIE, sessionStore, useSession } from './index';

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

  it('renders what the store holds on a server too (the checkout drawn by its server)', () => {
    sessionStore.setState({
      user: { _id: 'u1', name: 'דנה', email: 'dana@example.com', role: 'user' },
    });
    expect(renderToStaticMarkup(<Greeting />)).toBe('<span>דנה</span>');
  });
});
