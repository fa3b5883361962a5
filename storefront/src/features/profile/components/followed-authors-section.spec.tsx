import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionStore, type SessionUser } from '@mechabrim/session';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { FollowedAuthorsSection } from './followed-authors-section';

const reader = { _id: 'r1', name: 'שירה', email: 'shira@example.com', role: 'user' } as SessionUser;

afterEach(() => act(() => sessionStore.setState({ user: null, token: null, loading: false })));

describe("the profile's followed authors", () => {
  it('lists them with links, unfollows one, and turns the mail off', async () => {
    act(() => sessionStore.setState({ user: reader, token: 't', loading: false }));
    let authors = [
      { id: 'a1', name: 'עמוס עוז', avatar: '', followedAt: '2026-01-02T00:00:00.000Z' },
      { id: 'a2', name: 'לאה גולדברג', avatar: '', followedAt: '2026-01-01T00:00:00.000Z' },
    ];
    let mails = true;
    const calls = fakeApi((url) => {
      if (url.pathname === '/api/me/follows') return { body: { authors, mails } };
      if (url.pathname === '/api/authors/a1/follow') {
        authors = authors.filter((author) => author.id !== 'a1');
        return {
          body: { authorId: 'a1', following: false, message: 'הפסקתם לעקוב אחרי עמוס עוז.' },
        };
      }
      if (url.pathname === '/api/me/follows/mails') {
        mails = false;
        return { body: { message: 'הסרנו אתכם מרשימת התפוצה.' } };
      }
      return undefined;
    });
    renderRoute(<FollowedAuthorsSection />, '/profile', '/profile');
    expect((await screen.findByRole('link', { name: 'עמוס עוז' })).getAttribute('href')).toBe(
      '/author/a1',
    );
    // The button's name begins with the words it shows (axe: label-content-name-mismatch).
    const unfollow = screen.getByRole('button', { name: 'להפסיק לעקוב אחרי עמוס עוז' });
    expect(unfollow.getAttribute('aria-label')?.startsWith(unfollow.textContent ?? '-')).toBe(true);
    fireEvent.click(unfollow);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'עמוס עוז' })).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('הפסקתם לעקוב אחרי עמוס עוז.');
    expect(screen.getByRole('link', { name: 'לאה גולדברג' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'לכבות עדכונים' }));
    expect(await screen.findByRole('button', { name: 'להפעיל עדכונים' })).toBeTruthy();
    expect(calls).toContain('/api/me/follows/mails');
  });

  it('says when nobody is followed yet', async () => {
    act(() => sessionStore.setState({ user: reader, token: 't', loading: false }));
    fakeApi(() => ({ body: { authors: [], mails: true } }));
    renderRoute(<FollowedAuthorsSection />, '/profile', '/profile');
    expect(await screen.findByText(/עדיין לא עקבתם/)).toBeTruthy();
  });
});
