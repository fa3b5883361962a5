/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@mechabrim/routing';
import { SessionEndedRedirect, sessionStore } from './index';

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>
  );
}

describe('a session the API ended', () => {
  afterEach(() => sessionStore.setState({ user: null, token: null, loading: false, notice: null }));

  function renderAt(path: string) {
    return render(
      <MemoryRouter initialEntries={[path]}>
        <SessionEndedRedirect />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('sends the reader to sign in, to come back where they were', () => {
    sessionStore.setState({
      token: 'ended-token',
      user: { _id: 'u1', name: 'דנה', email: 'dana@example.com', role: 'user' },
    });
    const view = renderAt('/wishlist?page=2');
    expect(view.getByTestId('where').textContent).toBe('/wishlist null');
    act(() => sessionStore.getState().expire('ended-token'));
    expect(view.getByTestId('where').textContent).toBe('/login {"from":"/wishlist?page=2"}');
    expect(sessionStore.getState().notice).toBe('ההתחברות שלכם הסתיימה. נא להתחבר מחדש.');
  });

  it('leaves a reader who signed out on purpose where they are', async () => {
    sessionStore.setState({
      token: 'mine',
      user: { _id: 'u1', name: 'דנה', email: 'dana@example.com', role: 'user' },
    });
    const view = renderAt('/profile');
    await act(() => sessionStore.getState().logout({ revoke: false }));
    expect(view.getByTestId('where').textContent).toBe('/profile null');
  });
});
