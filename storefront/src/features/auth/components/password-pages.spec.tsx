import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@mechabrim/routing';
import { sessionStore } from '@mechabrim/session';
import { fakeApi } from '@mechabrim/api-client/src/testing/render-with-api';
import { ConfirmEmailPage } from './confirm-email-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { ResetPasswordPage, resetTokenOf } from './reset-password-page';

const token = `${'a'.repeat(40)}_-9`;

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const bodyOf = (call: number) => {
  const [, init] = (globalThis.fetch as jest.Mock).mock.calls[call] as [string, RequestInit];
  return JSON.parse(String(init.body)) as unknown;
};

beforeEach(() => {
  act(() => sessionStore.setState({ user: null, token: null, loading: false, notice: null }));
});

describe('forgot password', () => {
  it('is linked from the sign-in page', () => {
    renderAt('/login');
    fireEvent.click(screen.getByRole('link', { name: 'שכחתם את הסיסמה?' }));
    expect(screen.getByRole('heading', { name: 'שכחתי סיסמה' })).toBeTruthy();
  });

  it('checks the address, sends it, and shows the server’s one answer', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/auth/password/forgot'
        ? { status: 202, body: { message: 'אם הכתובת רשומה אצלנו, שלחנו אליה קישור' } }
        : undefined,
    );
    renderAt('/forgot-password');
    type('אימייל', 'dana@');
    fireEvent.click(screen.getByRole('button', { name: 'שליחת קישור' }));
    expect(await screen.findByText('נא להזין כתובת אימייל תקינה')).toBeTruthy();
    expect(calls).toEqual([]);

    type('אימייל', 'dana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'שליחת קישור' }));
    expect(await screen.findByRole('heading', { name: 'בדקו את תיבת הדואר' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('אם הכתובת רשומה אצלנו, שלחנו אליה קישור');
    expect(bodyOf(0)).toEqual({ email: 'dana@example.com' });
  });

  it('says a limit or an outage in Hebrew and keeps the form', async () => {
    fakeApi(() => ({ status: 429, body: { message: 'כבר שלחנו לכתובת הזו כמה קישורים' } }));
    renderAt('/forgot-password');
    type('אימייל', 'dana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'שליחת קישור' }));
    expect((await screen.findByRole('alert')).textContent).toBe('כבר שלחנו לכתובת הזו כמה קישורים');
    expect(screen.getByLabelText('אימייל')).toHaveProperty('value', 'dana@example.com');
  });
});

describe('reset password', () => {
  it('reads the token from the fragment only', () => {
    expect(resetTokenOf(`#token=${token}`)).toBe(token);
    expect(resetTokenOf('#token=short')).toBeNull();
    expect(resetTokenOf('')).toBeNull();
  });

  it('without a token, links to a new request', () => {
    renderAt('/reset-password');
    expect(screen.getByRole('alert').textContent).toContain('הקישור לאיפוס הסיסמה חסר');
    expect(screen.getByRole('link', { name: 'לבקשת קישור חדש' })).toBeTruthy();
  });

  it('sets a strong password typed twice, then leads to sign-in', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/auth/password/reset'
        ? { body: { message: 'הסיסמה החדשה נשמרה.' } }
        : undefined,
    );
    renderAt(`/reset-password#token=${token}`);
    type('סיסמה חדשה', 'weak');
    type('אימות סיסמה', 'weak2');
    fireEvent.click(screen.getByRole('button', { name: 'שמירת הסיסמה' }));
    expect(await screen.findByText(/הסיסמה חייבת להכיל/)).toBeTruthy();
    expect(calls).toEqual([]);

    type('סיסמה חדשה', 'Chadash#77');
    type('אימות סיסמה', 'Chadash#77');
    fireEvent.click(screen.getByRole('button', { name: 'שמירת הסיסמה' }));
    expect(await screen.findByRole('heading', { name: 'הסיסמה נשמרה' })).toBeTruthy();
    expect(bodyOf(0)).toEqual({ token, password: 'Chadash#77' });
    fireEvent.click(screen.getByRole('link', { name: 'להתחברות' }));
    expect(screen.getByRole('heading', { name: 'התחברות' })).toBeTruthy();
  });

  it('shows a spent link’s refusal with a way to ask again', async () => {
    fakeApi(() => ({ status: 400, body: { message: 'הקישור לאיפוס הסיסמה כבר שומש' } }));
    renderAt(`/reset-password#token=${token}`);
    type('סיסמה חדשה', 'Chadash#77');
    type('אימות סיסמה', 'Chadash#77');
    fireEvent.click(screen.getByRole('button', { name: 'שמירת הסיסמה' }));
    expect((await screen.findByRole('alert')).textContent).toContain('כבר שומש');
    expect(screen.getByRole('link', { name: 'לבקשת קישור חדש' })).toBeTruthy();
  });
});

describe('confirming a new e-mail address', () => {
  it('confirms on a press, signs out here, and leads to sign-in', async () => {
    act(() =>
      sessionStore.setState({
        user: {
          _id: 'u1',
          id: 'u1',
          name: 'דנה',
          email: 'dana@example.com',
          role: 'user',
          bio: '',
          avatar: '',
          createdAt: '2025-01-01T00:00:00.000Z',
        },
        token: 't',
      }),
    );
    const calls = fakeApi((url) =>
      url.pathname === '/api/auth/email/confirm'
        ? { body: { message: 'כתובת האימייל הוחלפה. יש להתחבר מחדש עם הכתובת החדשה.' } }
        : undefined,
    );
    render(
      <MemoryRouter initialEntries={[`/confirm-email#token=${token}`]}>
        <Routes>
          <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'אישור כתובת האימייל' }));
    expect(await screen.findByRole('heading', { name: 'כתובת האימייל הוחלפה' })).toBeTruthy();
    expect(bodyOf(0)).toEqual({ token });
    expect(calls).toEqual(['/api/auth/email/confirm']);
    expect(sessionStore.getState()).toMatchObject({ user: null, token: null });
    expect(screen.getByRole('link', { name: 'להתחברות' })).toBeTruthy();
  });

  it('shows a spent link’s refusal with a retry', async () => {
    fakeApi(() => ({ status: 400, body: { message: 'הקישור כבר שומש' } }));
    render(
      <MemoryRouter initialEntries={[`/confirm-email#token=${token}`]}>
        <Routes>
          <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'אישור כתובת האימייל' }));
    expect((await screen.findByRole('alert')).textContent).toBe('הקישור כבר שומש');
    expect(screen.getByRole('button', { name: 'לנסות שוב' })).toBeTruthy();
  });
});
