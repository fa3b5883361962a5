import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionStore, type SessionUser } from '@mechabrim/session';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { ProfilePage } from './profile-page';

const dana = {
  _id: 'u1',
  id: 'u1',
  name: 'דנה קוראת',
  email: 'dana@example.com',
  role: 'user',
  bio: '',
  avatar: '',
  createdAt: '2025-01-01T00:00:00.000Z',
} as SessionUser;

/** The calls of the account's forms, without the followed authors' list the page also loads. */
const withoutFollows = (calls: string[]) => calls.filter((call) => call !== '/api/me/follows');

/** The first call that is not the followed authors' list. */
function accountCall(): [string, RequestInit] {
  const calls = (globalThis.fetch as jest.Mock).mock.calls as [string, RequestInit][];
  const found = calls.find(([url]) => !String(url).includes('/api/me/follows'));
  if (!found) throw new Error('no account call');
  return found;
}

beforeEach(() => {
  act(() => sessionStore.setState({ user: dana, token: 't', loading: false }));
});

describe('profile editor', () => {
  it('requires a name and an e-mail, clears the error once fixed, and saves', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/auth/profile'
        ? { body: { user: { ...dana, name: 'דנה כהן' }, message: 'עודכן' } }
        : undefined,
    );
    renderRoute(<ProfilePage />, '/profile', '/profile');
    fireEvent.click(screen.getByRole('button', { name: 'עריכה' }));
    const name = screen.getByRole('textbox', { name: 'שם' });
    expect(name).toHaveProperty('value', 'דנה קוראת');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('אימייל'), { target: { value: 'dana@' } });
    fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await screen.findByText('שם הוא שדה חובה')).toBeTruthy();
    expect(screen.getByText('נא להזין כתובת אימייל תקינה')).toBeTruthy();
    expect(withoutFollows(calls)).toEqual([]);

    fireEvent.change(name, { target: { value: 'דנה כהן' } });
    fireEvent.change(screen.getByLabelText('אימייל'), { target: { value: 'dana@example.com' } });
    await act(async () => undefined);
    expect(screen.queryByText('שם הוא שדה חובה')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await screen.findByText('הפרופיל עודכן בהצלחה');
    const [, init] = accountCall();
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'דנה כהן',
      email: 'dana@example.com',
      bio: '',
    });
    expect(screen.queryByRole('button', { name: 'שמירה' })).toBeNull();
  });
});

describe('signing out everywhere', () => {
  it('ends every session through the API, then signs out here and goes home', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/auth/logout-all' ? { status: 204, body: '' } : undefined,
    );
    renderRoute(<ProfilePage />, '/profile', '/profile');
    fireEvent.click(screen.getByRole('button', { name: 'התנתקות מכל המכשירים' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(withoutFollows(calls)).toEqual(['/api/auth/logout-all']);
    expect(sessionStore.getState()).toMatchObject({ user: null, token: null });
  });

  it('stays signed in and says so when it could not be done', async () => {
    fakeApi(() => ({ status: 503, body: { message: 'השירות אינו זמין כרגע' } }));
    renderRoute(<ProfilePage />, '/profile', '/profile');
    fireEvent.click(screen.getByRole('button', { name: 'התנתקות מכל המכשירים' }));
    expect(await screen.findByText('השירות אינו זמין כרגע')).toBeTruthy();
    expect(sessionStore.getState().token).toBe('t');
    expect(screen.getByRole('button', { name: 'התנתקות מכל המכשירים' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});

describe('changing the password', () => {
  it('needs the current password and the new one twice, and says when it is done', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/auth/password'
        ? { body: { message: 'הסיסמה שונתה. ההתחברות בשאר המכשירים הסתיימה.' } }
        : undefined,
    );
    renderRoute(<ProfilePage />, '/profile', '/profile');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'החלפת הסיסמה' }));
    submit();
    expect(await screen.findByText('יש להקליד את הסיסמה הנוכחית')).toBeTruthy();
    expect(withoutFollows(calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText('הסיסמה הנוכחית'), { target: { value: 'Sefer#2024' } });
    fireEvent.change(screen.getByLabelText('סיסמה חדשה'), { target: { value: 'Chadash#77' } });
    fireEvent.change(screen.getByLabelText('אימות הסיסמה החדשה'), {
      target: { value: 'Chadash#78' },
    });
    submit();
    expect(await screen.findByText('הסיסמאות אינן תואמות')).toBeTruthy();
    expect(withoutFollows(calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText('אימות הסיסמה החדשה'), {
      target: { value: 'Chadash#77' },
    });
    submit();
    await screen.findByText('הסיסמה שונתה. ההתחברות בשאר המכשירים הסתיימה.');
    expect(withoutFollows(calls)).toEqual(['/api/auth/password']);
    const [, init] = accountCall();
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      currentPassword: 'Sefer#2024',
      newPassword: 'Chadash#77',
    });
    expect(screen.getByLabelText('הסיסמה הנוכחית')).toHaveProperty('value', '');
  });

  it('shows a wrong current password in the form', async () => {
    fakeApi(() => ({ status: 400, body: { message: 'הסיסמה הנוכחית שגויה.' } }));
    renderRoute(<ProfilePage />, '/profile', '/profile');
    fireEvent.change(screen.getByLabelText('הסיסמה הנוכחית'), { target: { value: 'Wrong#1234' } });
    fireEvent.change(screen.getByLabelText('סיסמה חדשה'), { target: { value: 'Chadash#77' } });
    fireEvent.change(screen.getByLabelText('אימות הסיסמה החדשה'), {
      target: { value: 'Chadash#77' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'החלפת הסיסמה' }));
    expect((await screen.findByRole('alert')).textContent).toBe('הסיסמה הנוכחית שגויה.');
  });
});

describe('deleting the account', () => {
  it('asks for the password, then signs out here and says what was kept', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/auth/account'
        ? { body: { message: 'החשבון נמחק. ההזמנות והקבלות נשמרות כנדרש בחוק.' } }
        : undefined,
    );
    renderRoute(<ProfilePage />, '/profile', '/profile');
    fireEvent.click(screen.getByRole('button', { name: 'מחיקת החשבון…' }));
    fireEvent.click(screen.getByRole('button', { name: 'מחיקת החשבון לצמיתות' }));
    expect(await screen.findByText('יש להקליד את הסיסמה הנוכחית')).toBeTruthy();
    expect(withoutFollows(calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText('הסיסמה, לאישור המחיקה'), {
      target: { value: 'Sefer#2024' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'מחיקת החשבון לצמיתות' }));
    expect(await screen.findByRole('heading', { name: 'החשבון נמחק' })).toBeTruthy();
    expect(screen.getByText('החשבון נמחק. ההזמנות והקבלות נשמרות כנדרש בחוק.')).toBeTruthy();
    const [, init] = accountCall();
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ password: 'Sefer#2024' });
    // Only the DELETE went out: the server already ended every session.
    expect(withoutFollows(calls)).toEqual(['/api/auth/account']);
    expect(sessionStore.getState()).toMatchObject({ user: null, token: null });
  });

  it('keeps the account and says why when the server refuses', async () => {
    fakeApi(() => ({ status: 409, body: { message: 'יש בחשבון הזמנה שעדיין בדרך אליכם' } }));
    renderRoute(<ProfilePage />, '/profile', '/profile');
    fireEvent.click(screen.getByRole('button', { name: 'מחיקת החשבון…' }));
    fireEvent.change(screen.getByLabelText('הסיסמה, לאישור המחיקה'), {
      target: { value: 'Sefer#2024' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'מחיקת החשבון לצמיתות' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'יש בחשבון הזמנה שעדיין בדרך אליכם',
    );
    expect(sessionStore.getState().token).toBe('t');
    fireEvent.click(screen.getByRole('button', { name: 'ביטול' }));
    expect(screen.getByRole('button', { name: 'מחיקת החשבון…' })).toBeTruthy();
  });
});

describe('changing the e-mail address', () => {
  it('asks for the password only for a new address, and says a link was sent there', async () => {
    fakeApi((url) =>
      url.pathname === '/api/auth/profile'
        ? { body: { user: dana, message: 'שלחנו קישור', pendingEmail: 'dana.new@example.com' } }
        : undefined,
    );
    renderRoute(<ProfilePage />, '/profile', '/profile');
    fireEvent.click(screen.getByRole('button', { name: 'עריכה' }));
    // Only the password card's field until the address changes.
    expect(screen.getAllByLabelText('הסיסמה הנוכחית')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('אימייל'), {
      target: { value: 'Dana.New@example.com' },
    });
    const current = screen.getAllByLabelText('הסיסמה הנוכחית');
    expect(current).toHaveLength(2);
    fireEvent.change(current[0]!, { target: { value: 'Sefer#2024' } });
    fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await screen.findByText(/שלחנו קישור לאישור אל dana.new@example.com/);
    const [, init] = accountCall();
    expect(JSON.parse(String(init.body))).toMatchObject({
      email: 'dana.new@example.com',
      currentPassword: 'Sefer#2024',
    });
  });
});
