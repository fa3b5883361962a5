import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@mechabrim/routing';
import { QueryClient, QueryClientProvider } from '@mechabrim/query';
import { sessionStore, type SessionUser } from '@mechabrim/session';
import { UserMenu } from './user-menu';

function renderMenu(user: SessionUser | null) {
  act(() => sessionStore.setState({ user }));
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

afterEach(() => act(() => sessionStore.setState({ user: null })));

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
});
