import { act, fireEvent, screen } from '@testing-library/react';
import { sessionStore, type SessionUser } from '@mechabrim/session';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { UnsubscribePage, VerifyEmailPage } from './token-link-page';
import { VerifyEmailBanner } from './verify-email-banner';

const token = `${'v'.repeat(40)}_-9`;
const noa = {
  _id: 'u1',
  name: 'נועה',
  email: 'noa@example.com',
  role: 'user',
  emailVerified: false,
} as SessionUser;

const bodyOf = (call: number) => {
  const [, init] = (globalThis.fetch as jest.Mock).mock.calls[call] as [string, RequestInit];
  return JSON.parse(String(init.body)) as unknown;
};

afterEach(() => act(() => sessionStore.setState({ user: null, token: null, loading: false })));

describe('the verification banner', () => {
  it('shows for an unverified account and sends the link again', async () => {
    act(() => sessionStore.setState({ user: noa, token: 't', loading: false }));
    const calls = fakeApi((url) =>
      url.pathname === '/api/auth/email/verify/resend'
        ? { status: 202, body: { message: 'שלחנו קישור לאימות אל noa@example.com.' } }
        : undefined,
    );
    renderRoute(<VerifyEmailBanner />, '/', '/');
    const banner = screen.getByRole('complementary', { name: 'אימות כתובת האימייל' });
    expect(banner.textContent).toContain('הקישור נשלח אל noa@example.com.');
    // The Latin address is isolated, so its dots and @ keep their places in the Hebrew sentence.
    const address = banner.querySelector('bdi');
    expect(address?.textContent).toBe('noa@example.com');
    expect(address?.getAttribute('dir')).toBe('ltr');
    fireEvent.click(screen.getByRole('button', { name: 'שליחה חוזרת' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'שלחנו קישור לאימות אל noa@example.com.',
    );
    expect(calls).toEqual(['/api/auth/email/verify/resend']);
    expect(screen.queryByRole('button', { name: 'שליחה חוזרת' })).toBeNull();
  });

  it("shows the server's Hebrew refusal when the limit is reached", async () => {
    act(() => sessionStore.setState({ user: noa, token: 't', loading: false }));
    fakeApi(() => ({ status: 429, body: { message: 'כבר שלחנו כמה קישורי אימות לחשבון הזה.' } }));
    renderRoute(<VerifyEmailBanner />, '/', '/');
    fireEvent.click(screen.getByRole('button', { name: 'שליחה חוזרת' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'כבר שלחנו כמה קישורי אימות לחשבון הזה.',
    );
  });

  it('stays hidden for guests, verified accounts and sessions saved before verification', () => {
    fakeApi(() => undefined);
    const { rerender } = renderRoute(<VerifyEmailBanner />, '/', '/');
    expect(screen.queryByRole('complementary')).toBeNull();
    for (const user of [
      { ...noa, emailVerified: true },
      { ...noa, emailVerified: undefined },
    ]) {
      act(() => sessionStore.setState({ user, token: 't', loading: false }));
      rerender(<VerifyEmailBanner />);
      expect(screen.queryByRole('complementary')).toBeNull();
    }
  });
});

describe('the verification page', () => {
  it('posts the token from the fragment on a press and the banner goes', async () => {
    act(() => sessionStore.setState({ user: noa, token: 't', loading: false }));
    fakeApi((url) =>
      url.pathname === '/api/auth/email/verify'
        ? { body: { message: 'כתובת האימייל אומתה. תודה!' } }
        : undefined,
    );
    renderRoute(<VerifyEmailPage />, '/verify-email', `/verify-email#token=${token}`);
    expect(globalThis.fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'אימות הכתובת' }));
    expect((await screen.findByRole('status')).textContent).toBe('כתובת האימייל אומתה. תודה!');
    expect(bodyOf(0)).toEqual({ token });
    expect(sessionStore.getState().user?.emailVerified).toBe(true);
  });

  it("says when the link is missing, and shows the server's refusal", async () => {
    fakeApi(() => ({ status: 400, body: { message: 'הקישור לאימות כבר שומש.' } }));
    const { unmount } = renderRoute(<VerifyEmailPage />, '/verify-email', '/verify-email');
    expect(screen.getByRole('alert').textContent).toContain('הקישור לאימות חסר');
    unmount();
    renderRoute(<VerifyEmailPage />, '/verify-email', `/verify-email#token=${token}`);
    fireEvent.click(screen.getByRole('button', { name: 'אימות הכתובת' }));
    expect((await screen.findByRole('alert')).textContent).toBe('הקישור לאימות כבר שומש.');
  });
});

describe('the unsubscribe page', () => {
  it('works signed out: one press posts the token and shows the Hebrew result', async () => {
    fakeApi((url) =>
      url.pathname === '/api/follows/unsubscribe'
        ? { body: { message: 'הסרנו אתכם מרשימת התפוצה של ספרים חדשים.' } }
        : undefined,
    );
    renderRoute(<UnsubscribePage />, '/unsubscribe', `/unsubscribe#token=${token}`);
    fireEvent.click(screen.getByRole('button', { name: 'להפסיק את העדכונים' }));
    expect(await screen.findByRole('heading', { name: 'הוסרתם מהרשימה' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('הסרנו אתכם');
    expect(bodyOf(0)).toEqual({ token });
    const [, init] = (globalThis.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect(new Headers(init.headers).get('authorization')).toBeNull();
  });
});
