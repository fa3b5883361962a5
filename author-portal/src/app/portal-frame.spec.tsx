import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@mechabrim/routing';
import { sessionStore } from '@mechabrim/session';
import { PortalFrame } from './portal-frame';

const frameAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PortalFrame>
        <h1>{path === '/author-dashboard' ? 'שלום, נועה לוי' : 'הספרים שלי'}</h1>
      </PortalFrame>
    </MemoryRouter>,
  );

beforeEach(() => {
  act(() =>
    sessionStore.setState({
      user: { _id: 'a1', name: 'נועה לוי', email: 'noa@example.com', role: 'author' },
      token: 't',
      loading: false,
    }),
  );
});

describe('the portal frame', () => {
  it('shows the author’s name once on the overview, whose heading greets by name (issue 27)', () => {
    frameAt('/author-dashboard');
    const shown = screen
      .getAllByText(/נועה לוי/)
      .filter((element) => !element.closest('.mb-visually-hidden'));
    expect(shown.map((element) => element.tagName)).toEqual(['H1']);
  });

  it('shows the name in the bar on the other sections, with the role', () => {
    frameAt('/author-dashboard/books');
    expect(screen.getByText('נועה לוי').className).toBe('ap-frame__name');
    expect(screen.getByText('חשבון סופרים')).toBeTruthy();
  });

  it('asks an unverified author to verify the address, and not a verified one (issue 24)', () => {
    act(() =>
      sessionStore.setState({
        user: {
          _id: 'a1',
          name: 'נועה לוי',
          email: 'noa@example.com',
          role: 'author',
          emailVerified: false,
        },
      }),
    );
    const { unmount } = frameAt('/author-dashboard/books');
    const notice = screen.getByRole('complementary', { name: 'אימות כתובת האימייל' });
    expect(notice.textContent).toContain('noa@example.com');
    expect(screen.getByRole('button', { name: 'שליחה חוזרת' })).toBeTruthy();
    unmount();
    act(() =>
      sessionStore.setState({
        user: { _id: 'a1', name: 'נועה לוי', email: 'noa@example.com', role: 'author' },
      }),
    );
    frameAt('/author-dashboard/books');
    expect(screen.queryByRole('complementary', { name: 'אימות כתובת האימייל' })).toBeNull();
  });
});
