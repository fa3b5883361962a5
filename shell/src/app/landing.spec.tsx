import { act, render, screen } from '@testing-library/react';
import { Suspense, lazy, type ReactNode } from 'react';
import { hydrate, QueryClient } from '@mechabrim/query';
import { MemoryRouter, useNavigate, type NavigateFunction } from '@mechabrim/routing';
import { LandingOr, LandingProvider, takeLanding, type Landing } from './landing';

/** The page as the shell's server sends it: the storefront's markup and its data. */
function serverPage(path: string, state: unknown) {
  document.head.innerHTML = `<script type="application/json" id="mb-landing-state">${JSON.stringify(state)}</script>`;
  document.body.innerHTML = `<div id="root"><div class="shell-area"><div class="shell-landing" data-landing-path="${path}"><h1 class="book-main__title">ספר השרת</h1></div></div></div>`;
}

const bookState = {
  mutations: [],
  queries: [
    {
      queryKey: ['books', 'detail', 'b1'],
      queryHash: '["books","detail","b1"]',
      state: {
        data: { _id: 'b1', title: 'ספר השרת' },
        dataUpdateCount: 1,
        dataUpdatedAt: Date.now(),
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    },
  ],
};

let navigate: NavigateFunction = () => undefined;
function Navigator() {
  navigate = useNavigate();
  return null;
}

/** A remote's app that never arrives: its area's loading state stays. */
const Never = lazy(() => new Promise<{ default: () => ReactNode }>(() => undefined));

function Area({ landing, path }: { landing: Landing | null; path: string }) {
  return (
    <LandingProvider landing={landing}>
      <MemoryRouter initialEntries={[path]}>
        <Navigator />
        <main>
          <Suspense fallback={<LandingOr fallback={<p>טוען…</p>} />}>
            <Never />
          </Suspense>
        </main>
      </MemoryRouter>
    </LandingProvider>
  );
}

describe('taking over a server-drawn landing page', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('finds the markup, the path it was drawn for and its data', () => {
    serverPage('/book/b1?from=home', bookState);
    const landing = takeLanding();
    expect(landing?.path).toBe('/book/b1?from=home');
    expect(landing?.node.textContent).toBe('ספר השרת');
    expect(landing?.spent).toBe(false);
    const client = new QueryClient();
    hydrate(client, landing?.state ?? {});
    expect(client.getQueryData(['books', 'detail', 'b1'])).toEqual({
      _id: 'b1',
      title: 'ספר השרת',
    });
  });

  it('finds nothing on a page the browser draws, and ignores unreadable data', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(takeLanding()).toBeNull();
    serverPage('/', {});
    document.getElementById('mb-landing-state')!.textContent = '{not json';
    expect(takeLanding()?.state).toBeNull();
  });

  it('keeps the very same nodes on screen as the area loads, and never shows them again once gone', () => {
    serverPage('/book/b1', bookState);
    const landing = takeLanding()!;
    const serverTitle = landing.node.querySelector('h1');
    document.body.innerHTML = '';
    const view = render(<Area landing={landing} path="/book/b1" />);
    // Moved, not copied: no new element is painted in its place.
    expect(screen.getByRole('heading', { name: 'ספר השרת' })).toBe(serverTitle);
    expect(screen.queryByText('טוען…')).toBeNull();

    // The reader moves on before the storefront arrived: the usual loading state.
    act(() => void navigate('/authors'));
    expect(screen.getByText('טוען…')).toBeTruthy();
    expect(landing.spent).toBe(true);
    // Back on the same page: the markup is spent (it may be stale), the area loads as usual.
    act(() => void navigate('/book/b1'));
    expect(screen.queryByRole('heading', { name: 'ספר השרת' })).toBeNull();
    view.unmount();
  });

  it('is not shown for another page than the one it was drawn for', () => {
    serverPage('/', { mutations: [], queries: [] });
    const landing = takeLanding()!;
    document.body.innerHTML = '';
    render(<Area landing={landing} path="/book/b1" />);
    expect(screen.getByText('טוען…')).toBeTruthy();
    expect(landing.spent).toBe(false);
  });
});
