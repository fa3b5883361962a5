import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@mechabrim/routing';
import { sessionStore, type SessionUser } from '@mechabrim/session';
import { fakeApi } from '@mechabrim/api-client/src/testing/render-with-api';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

const dana: SessionUser = {
  _id: 'u1',
  id: 'u1',
  name: 'דנה קוראת',
  email: 'dana@example.com',
  role: 'user',
  bio: '',
  avatar: '',
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** The auth pages beside two pages to land on, entered at `path` with an optional `from`. */
function renderAuth(path: '/login' | '/register', from?: string) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state: from ? { from } : null }]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/" element={<h1>דף הבית</h1>} />
        <Route path="/cart" element={<h1>הסל</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  act(() => sessionStore.setState({ user: null, token: null, loading: false, notice: null }));
});

describe('a signed-in visitor', () => {
  beforeEach(() => {
    act(() => sessionStore.setState({ user: dana, token: 't', loading: false }));
  });

  it.each(['/login', '/register'] as const)('opening %s is sent home', async (path) => {
    renderAuth(path);
    expect(await screen.findByRole('heading', { name: 'דף הבית' })).toBeTruthy();
  });

  it.each(['/login', '/register'] as const)(
    'opening %s while the stored session is checked waits, then is sent on',
    async (path) => {
      act(() => sessionStore.setState({ user: null, token: 't', loading: true }));
      renderAuth(path);
      expect(screen.queryByRole('textbox')).toBeNull();
      act(() => sessionStore.setState({ user: dana, loading: false }));
      expect(await screen.findByRole('heading', { name: 'דף הבית' })).toBeTruthy();
    },
  );

  it.each(['/login', '/register'] as const)(
    'opening %s from another page is sent back there',
    async (path) => {
      renderAuth(path, '/cart');
      expect(await screen.findByRole('heading', { name: 'הסל' })).toBeTruthy();
    },
  );
});

describe('login', () => {
  it('shows the contract messages under the empty fields, wired to them', async () => {
    const calls = fakeApi(() => undefined);
    renderAuth('/login');
    fireEvent.click(screen.getByRole('button', { name: 'התחברות' }));
    const email = await screen.findByRole('textbox', { description: 'אימייל הוא שדה חובה' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('סיסמה היא שדה חובה')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('signs in with the trimmed, lower-cased e-mail and returns where the visitor came from', async () => {
    fakeApi((url) =>
      url.pathname === '/api/auth/login' ? { body: { user: dana, token: 't' } } : undefined,
    );
    const fetchSpy = globalThis.fetch as jest.Mock;
    renderAuth('/login', '/cart');
    type('אימייל', '  Dana@Example.com ');
    type('סיסמה', 'Sod-Sod-12');
    fireEvent.click(screen.getByRole('button', { name: 'התחברות' }));
    expect(await screen.findByRole('heading', { name: 'הסל' })).toBeTruthy();
    const body: unknown = JSON.parse(
      String((fetchSpy.mock.calls[0] as [string, RequestInit])[1].body),
    );
    expect(body).toEqual({ email: 'dana@example.com', password: 'Sod-Sod-12' });
  });

  it('takes where the visitor was going on to registration (a new buyer returns to the checkout)', async () => {
    renderAuth('/login', '/cart');
    fireEvent.click(screen.getByRole('link', { name: 'להרשמה' }));
    await screen.findByRole('button', { name: 'הרשמה' });
    // Registered: the register page sends them on to where they were going.
    act(() => sessionStore.setState({ user: dana, token: 't', loading: false }));
    expect(await screen.findByRole('heading', { name: 'הסל' })).toBeTruthy();
  });

  it('says why when the session ended, until the visitor signs in again', async () => {
    act(() => sessionStore.setState({ token: 'ended', user: dana }));
    act(() => sessionStore.getState().expire('ended'));
    fakeApi(() => ({ body: { user: dana, token: 'fresh' } }));
    renderAuth('/login', '/cart');
    expect(screen.getByRole('status').textContent).toBe('ההתחברות שלכם הסתיימה. נא להתחבר מחדש.');
    type('אימייל', 'dana@example.com');
    type('סיסמה', 'Sefer#2024');
    fireEvent.click(screen.getByRole('button', { name: 'התחברות' }));
    expect(await screen.findByRole('heading', { name: 'הסל' })).toBeTruthy();
    expect(sessionStore.getState().notice).toBeNull();
  });

  it('shows the server’s message when the sign-in fails, and stays', async () => {
    fakeApi(() => ({ status: 401, body: { message: 'אימייל או סיסמה שגויים' } }));
    renderAuth('/login');
    type('אימייל', 'dana@example.com');
    type('סיסמה', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'התחברות' }));
    expect((await screen.findByRole('alert')).textContent).toBe('אימייל או סיסמה שגויים');
    expect(screen.getByRole('button', { name: 'התחברות' })).toHaveProperty('disabled', false);
  });
});

describe('registration', () => {
  it('checks the confirmation as it is typed', () => {
    renderAuth('/register');
    type(/^סיסמה$/, 'abc');
    expect(screen.getByText(/חוזק הסיסמה: חלשה/)).toBeTruthy();
    type('אימות סיסמה', 'abd');
    expect(screen.getByText('הסיסמאות אינן תואמות')).toBeTruthy();
    type('אימות סיסמה', 'abc');
    expect(screen.queryByText('הסיסמאות אינן תואמות')).toBeNull();
  });

  it('clears a field’s error as soon as the field is fixed', async () => {
    fakeApi(() => undefined);
    renderAuth('/register');
    fireEvent.click(screen.getByRole('button', { name: 'הרשמה' }));
    await screen.findByText('שם הוא שדה חובה');
    const password = screen.getByLabelText(/^סיסמה$/);
    expect(password.getAttribute('aria-invalid')).toBe('true');

    type('שם מלא', 'ד');
    expect(await screen.findByText('השם חייב להכיל לפחות 2 תווים')).toBeTruthy();
    type('שם מלא', 'דנה');
    await act(async () => undefined);
    expect(screen.queryByText('השם חייב להכיל לפחות 2 תווים')).toBeNull();
    expect(screen.getByLabelText('שם מלא').getAttribute('aria-invalid')).toBeNull();

    type(/^סיסמה$/, 'abc');
    expect(
      await screen.findByText(/^הסיסמה חייבת להכיל: לפחות 8 תווים, לפחות 2 ספרות/),
    ).toBeTruthy();
    type(/^סיסמה$/, 'Sefer-Tov-12!');
    await act(async () => undefined);
    expect(screen.queryByText(/^הסיסמה חייבת להכיל/)).toBeNull();
    expect(password.getAttribute('aria-invalid')).toBeNull();
    // Fields not yet fixed keep their errors, the confirmation and the terms included.
    expect(screen.getByText('אימייל הוא שדה חובה')).toBeTruthy();
    expect(screen.getByText('יש להקליד את הסיסמה פעם נוספת')).toBeTruthy();
    expect(screen.getByText('יש לאשר את תנאי האתר')).toBeTruthy();
  });

  it('asks for the authors’ terms only from an author, then registers and goes home', async () => {
    fakeApi(() => ({ body: { user: { ...dana, role: 'author' }, token: 't' } }));
    const fetchSpy = globalThis.fetch as jest.Mock;
    renderAuth('/register');
    type('שם מלא', 'דנה כותבת');
    type('אימייל', 'dana@example.com');
    type(/^סיסמה$/, 'Sefer-Tov-12!');
    type('אימות סיסמה', 'Sefer-Tov-12!');
    // First person, the same for every reader: no 'מאשר/ת'.
    expect(
      screen.getByRole('checkbox', { name: /^קראתי את תקנון האתר .*והוא מקובל עליי$/ }),
    ).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/תקנון האתר/));
    expect(screen.queryByLabelText(/תקנון הסופרים/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'חשבון סופרים' }));
    fireEvent.click(screen.getByRole('button', { name: 'הרשמה' }));
    expect(await screen.findByText('יש לאשר את תקנון הסופרים')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();

    const authorsTerms = screen.getByLabelText(/תקנון הסופרים/);
    fireEvent.click(authorsTerms);
    await act(async () => undefined);
    expect(screen.queryByText('יש לאשר את תקנון הסופרים')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'הרשמה' }));
    expect(await screen.findByRole('heading', { name: 'דף הבית' })).toBeTruthy();
    const sent: Record<string, unknown> = JSON.parse(
      String((fetchSpy.mock.calls[0] as [string, RequestInit])[1].body),
    );
    expect(sent).toMatchObject({
      name: 'דנה כותבת',
      email: 'dana@example.com',
      role: 'author',
      agreeToTerms: true,
      agreeToAuthorsTerms: true,
    });
    expect(sent).not.toHaveProperty('confirmPassword');
  });
});
