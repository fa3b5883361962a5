import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionStore, type SessionUser } from '@mechabrim/session';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { FollowButton } from './follow-button';

const reader = { _id: 'r1', name: 'שירה', email: 'shira@example.com', role: 'user' } as SessionUser;

afterEach(() => act(() => sessionStore.setState({ user: null, token: null, loading: false })));

describe('the follow button', () => {
  it('sends a signed-out reader to sign in and back', () => {
    fakeApi(() => undefined);
    renderRoute(<FollowButton authorId="a1" />, '/author/:id', '/author/a1');
    fireEvent.click(screen.getByRole('button', { name: 'לעקוב' }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByTestId('location').dataset.state).toBe(
      JSON.stringify({ from: '/author/a1' }),
    );
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it("follows, then shows the server's state and message, and unfollows", async () => {
    act(() => sessionStore.setState({ user: reader, token: 't', loading: false }));
    let following = false;
    const calls = fakeApi((url) => {
      if (url.pathname === '/api/me/follows')
        return {
          body: {
            mails: true,
            authors: following
              ? [{ id: 'a1', name: 'עמוס', avatar: '', followedAt: '2026-01-01T00:00:00.000Z' }]
              : [],
          },
        };
      if (url.pathname === '/api/authors/a1/follow') {
        following = !following;
        return {
          body: {
            authorId: 'a1',
            following,
            message: following ? 'מעכשיו תקבלו עדכון.' : 'הפסקתם לעקוב אחרי עמוס.',
          },
        };
      }
      return undefined;
    });
    renderRoute(<FollowButton authorId="a1" />, '/author/:id', '/author/a1');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'לעקוב' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'לעקוב' }));
    expect(await screen.findByRole('button', { name: 'להפסיק לעקוב' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('מעכשיו תקבלו עדכון.');

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'להפסיק לעקוב' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'להפסיק לעקוב' }));
    expect(await screen.findByRole('button', { name: 'לעקוב' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('הפסקתם'));
    const [, post] = (globalThis.fetch as jest.Mock).mock.calls[1] as [string, RequestInit];
    expect(post.method).toBe('POST');
    expect(calls.filter((call) => call === '/api/authors/a1/follow')).toHaveLength(2);
  });

  it('shows a Hebrew refusal (a limit) as an alert', async () => {
    act(() => sessionStore.setState({ user: reader, token: 't', loading: false }));
    fakeApi((url) =>
      url.pathname === '/api/me/follows'
        ? { body: { mails: true, authors: [] } }
        : { status: 429, body: { message: 'עקבתם והפסקתם לעקוב פעמים רבות מדי.' } },
    );
    renderRoute(<FollowButton authorId="a1" />, '/author/:id', '/author/a1');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'לעקוב' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'לעקוב' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'עקבתם והפסקתם לעקוב פעמים רבות מדי.',
    );
  });

  it("is not shown on an author's own page", () => {
    act(() =>
      sessionStore.setState({ user: { ...reader, _id: 'a1' }, token: 't', loading: false }),
    );
    fakeApi(() => ({ body: { mails: true, authors: [] } }));
    renderRoute(<FollowButton authorId="a1" />, '/author/:id', '/author/a1');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
