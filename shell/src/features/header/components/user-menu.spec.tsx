import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@mechabrim/routing';
import { QueryClient, QueryClientProvider } from '@mechabrim/query';
import { configureApi, sessionStore, type SessionUser } from '@mechabrim/session';
import { setPortalUrl } from '../portal-url';
import { UserMenu } from './user-menu';

function renderMenu(user: SessionUser | null, token: string | null = null) {
  act(() => sessionStore.setState({ user, token }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <UserMenu />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const person = (role: SessionUser['role']): SessionUser => ({
  _id: 'u1',
  name: 'דנה',
  email: 'dana@example.co.il',
  role,
});

/** The links of the open menu, by name and address. */
async function openLinks(): Promise<Array<[string, string | null]>> {
  await userEvent.click(screen.getByRole('button', { name: /החשבון/ }));
  return screen
    .getAllByRole('link')
    .map((link) => [link.textContent ?? '', link.getAttribute('href')]);
}

afterEach(() => {
  act(() => sessionStore.setState({ user: null, token: null }));
  jest.restoreAllMocks();
});

describe('account menu', () => {
  it('offers a guest login and registration', async () => {
    renderMenu(null);
    await expect(openLinks()).resolves.toEqual([
      ['התחברות', '/login'],
      ['הרשמה', '/register'],
    ]);
  });

  it('leads a reader to their orders, profile and wishlist', async () => {
    renderMenu(person('user'));
    await expect(openLinks()).resolves.toEqual([
      ['ההזמנות שלי', '/orders'],
      ['הפרופיל שלי', '/profile'],
      ['רשימת המשאלות', '/wishlist'],
    ]);
  });

  it('adds the dashboard for an author', async () => {
    renderMenu(person('author'));
    expect((await openLinks())[0]).toEqual(['לוח הבקרה לסופרים', '/author-dashboard']);
  });

  it('adds moderation for an admin', async () => {
    renderMenu(person('admin'));
    expect((await openLinks())[0]).toEqual(['ניהול תוכן', '/author-dashboard/moderation']);
  });

  describe('the standalone authors’ portal, on its own origin', () => {
    const PORTAL = 'https://authors.mechabrim.test/';
    beforeEach(() => {
      configureApi({ apiBaseUrl: 'https://mechabrim.test' });
      setPortalUrl(PORTAL);
    });
    afterEach(() => setPortalUrl(undefined));

    it('is offered to authors and admins, not to readers, and not when the config names none', async () => {
      renderMenu(person('author'));
      expect((await openLinks())[1]).toEqual(['פורטל הסופרים', PORTAL]);
      document.body.innerHTML = '';
      renderMenu(person('admin'));
      expect((await openLinks())[1]).toEqual(['פורטל הסופרים', PORTAL]);
      document.body.innerHTML = '';
      renderMenu(person('user'));
      expect((await openLinks()).map(([name]) => name)).not.toContain('פורטל הסופרים');
      document.body.innerHTML = '';
      setPortalUrl('javascript:alert(1)');
      renderMenu(person('author'));
      expect((await openLinks()).map(([name]) => name)).not.toContain('פורטל הסופרים');
    });

    it('asks the API for a hand-over code for the portal’s origin when followed', async () => {
      const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => ({
        ok: true,
        status: 201,
        text: async () => JSON.stringify({ code: 'c'.repeat(43), expiresAt: '' }),
      }));
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      // jsdom cannot leave the page; that it tries is all it reports.
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      renderMenu(person('author'), 'author-token');
      await userEvent.click(screen.getByRole('button', { name: /החשבון/ }));
      await userEvent.click(screen.getByRole('link', { name: 'פורטל הסופרים' }));

      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe('https://mechabrim.test/api/auth/handover');
      expect(init?.method).toBe('POST');
      expect(JSON.parse(String(init?.body))).toEqual({ origin: 'https://authors.mechabrim.test' });
      expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer author-token');
    });
  });

  describe("an admin's queue board", () => {
    /** The browser's fetch, answering the board-session call with `status`. */
    function answer(status: number, body?: unknown) {
      const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => ({
        ok: status < 300,
        status,
        text: async () => (body === undefined ? '' : JSON.stringify(body)),
      }));
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      return fetchMock;
    }
    /** The tab the menu opens, as far as the menu uses it. */
    function blankTab() {
      const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: jest.fn() };
      jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
      return tab;
    }

    beforeEach(() => configureApi({ apiBaseUrl: 'https://mechabrim.test' }));

    it('gets the board its cookie with the bearer token, then opens it in a new tab', async () => {
      const fetchMock = answer(204);
      const tab = blankTab();
      renderMenu(person('admin'), 'admin-token');
      await userEvent.click(screen.getByRole('button', { name: /החשבון/ }));
      await userEvent.click(screen.getByRole('button', { name: 'לוח תורי העבודה' }));

      await waitFor(() =>
        expect(tab.location.href).toBe('https://mechabrim.test/api/admin/queues'),
      );
      expect(window.open).toHaveBeenCalledWith('about:blank', '_blank');
      expect(tab.opener).toBeNull();
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe('https://mechabrim.test/api/admin/queue-board/session');
      expect(init?.method).toBe('POST');
      expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer admin-token');
    });

    it("shows the API's refusal and closes the blank tab", async () => {
      answer(403, { statusCode: 403, error: 'Forbidden', message: 'אין לכם הרשאה לפעולה זו' });
      const tab = blankTab();
      renderMenu(person('admin'), 'admin-token');
      await userEvent.click(screen.getByRole('button', { name: /החשבון/ }));
      await userEvent.click(screen.getByRole('button', { name: 'לוח תורי העבודה' }));

      expect((await screen.findByRole('alert')).textContent).toBe('אין לכם הרשאה לפעולה זו');
      expect(tab.close).toHaveBeenCalled();
      expect(tab.location.href).toBe('about:blank');
    });

    it('is offered to admins only', async () => {
      renderMenu(person('author'));
      await userEvent.click(screen.getByRole('button', { name: /החשבון/ }));
      expect(screen.queryByRole('button', { name: 'לוח תורי העבודה' })).toBeNull();
    });
  });
});
