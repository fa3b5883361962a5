import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@mechabrim/routing';
import { configureApi, sessionStore } from '@mechabrim/session';
import { SignInPage } from './sign-in-page';

/** A fake API answering the login with a user of the given role (jsdom has no fetch). */
function fakeLogin(role: 'author' | 'admin' | 'user'): jest.Mock {
  configureApi({ apiBaseUrl: 'http://api.test' });
  const fetchMock = jest.fn(async () => ({
    ok: true,
    status: 200,
    text: async () =>
      JSON.stringify({
        user: { _id: 'u1', id: 'u1', name: 'נועה', email: 'noa@example.com', role },
        token: 't',
      }),
  }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function renderSignIn() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<SignInPage storeUrl="https://mechabrim.example" />} />
        <Route path="/author-dashboard" element={<h1>לוח הבקרה</h1>} />
        <Route path="/author-dashboard/moderation" element={<h1>ניהול תוכן</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  act(() => sessionStore.setState({ user: null, token: null, loading: false, notice: null }));
});

it('says why when the API ended the session', () => {
  act(() => sessionStore.setState({ token: 'ended' }));
  act(() => sessionStore.getState().expire('ended'));
  renderSignIn();
  expect(screen.getByRole('status').textContent).toBe('ההתחברות שלכם הסתיימה. נא להתחבר מחדש.');
});

it('leads a forgotten password to the store’s reset screens', () => {
  renderSignIn();
  expect(screen.getByRole('link', { name: 'שכחתם את הסיסמה?' }).getAttribute('href')).toBe(
    'https://mechabrim.example/forgot-password',
  );
});

describe('the portal’s sign-in (spec §5, the storefront’s login rules)', () => {
  it('shows the login schema’s own messages under the fields', async () => {
    const fetchMock = fakeLogin('author');
    renderSignIn();
    fireEvent.click(screen.getByRole('button', { name: 'כניסה' }));
    expect(
      await screen.findByRole('textbox', { name: 'אימייל', description: 'אימייל הוא שדה חובה' }),
    ).toBeTruthy();
    expect(screen.getByText('סיסמה היא שדה חובה')).toBeTruthy();

    fill('אימייל', 'noa@');
    expect(await screen.findByText('נא להזין כתובת אימייל תקינה')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets an author in with the trimmed e-mail and opens the dashboard', async () => {
    const fetchMock = fakeLogin('author');
    renderSignIn();
    fill('אימייל', ' Noa@Example.com ');
    fill('סיסמה', 'Sod-Sod-12');
    fireEvent.click(screen.getByRole('button', { name: 'כניסה' }));
    expect(await screen.findByRole('heading', { name: 'לוח הבקרה' })).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'noa@example.com',
      password: 'Sod-Sod-12',
    });
  });

  it('lets an admin in to the moderation area', async () => {
    fakeLogin('admin');
    renderSignIn();
    fill('אימייל', 'admin@example.com');
    fill('סיסמה', 'Sod-Sod-12');
    fireEvent.click(screen.getByRole('button', { name: 'כניסה' }));
    expect(await screen.findByRole('heading', { name: 'ניהול תוכן' })).toBeTruthy();
    expect(sessionStore.getState().user?.role).toBe('admin');
  });

  it('turns a reader away and signs them out again', async () => {
    fakeLogin('user');
    renderSignIn();
    fill('אימייל', 'noa@example.com');
    fill('סיסמה', 'Sod-Sod-12');
    fireEvent.click(screen.getByRole('button', { name: 'כניסה' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'הכניסה לפורטל מיועדת לסופרים בלבד. חשבון זה אינו חשבון סופר.',
    );
    expect(sessionStore.getState().user).toBeNull();
  });
});
