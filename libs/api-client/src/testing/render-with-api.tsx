import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from '@mechabrim/routing';
import { QueryClient, QueryClientProvider } from '@mechabrim/query';
import { configureApi } from '@mechabrim/session';
import type { Book } from '@mechabrim/contracts';

/** An answer of the fake API: a JSON body and a status (200 unless said). */
export interface FakeAnswer {
  status?: number;
  body: unknown;
}

/** Answers one request of the fake API (`url` without the origin), or undefined for 404. */
export type FakeApi = (url: URL) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;

/**
 * Points the front ends' API client at a fake `fetch` (jsdom has none) and records the calls, for
 * component tests of the shell and the remotes (the API itself is covered by its integration tests
 * and the browser journeys against real servers). Returns the paths+queries asked for, in order.
 */
export function fakeApi(handler: FakeApi): string[] {
  const calls: string[] = [];
  configureApi({ apiBaseUrl: 'http://api.test' });
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    calls.push(decodeURIComponent(`${url.pathname}${url.search}`));
    const answer = (await handler(url)) ?? { status: 404, body: { message: 'Not Found' } };
    const status = answer.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      text: async () => JSON.stringify(answer.body),
    } as Response;
  });
  return calls;
}

let navigateTo: (path: string) => unknown = () => undefined;
function NavigationHandle() {
  navigateTo = useNavigate();
  return null;
}

/** Shows where the router went and the state it carried, for navigation assertions. */
function LocationProbe() {
  const location = useLocation();
  return (
    <p
      data-testid="location"
      data-search={location.search}
      data-state={JSON.stringify(location.state ?? null)}
    >
      {location.pathname}
    </p>
  );
}

/**
 * Renders `element` at `routePath`, opened at `path`, with a fresh query cache (no retries), a
 * location probe (`data-testid="location"`) and `navigate` to move inside.
 */
export function renderRoute(element: ReactElement, routePath: string, path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <NavigationHandle />
        <LocationProbe />
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client, navigate: (to: string) => navigateTo(to) };
}

/** A catalogue book with every field the screens read. */
export function makeBook(n: number, overrides: Partial<Book> = {}): Book {
  return {
    _id: `b${n}`,
    title: `ספר ${n}`,
    coverImage: '',
    author: { _id: 'a1', name: 'נועה לוי' },
    authorName: 'נועה לוי',
    category: 'פנטזיה',
    price: 50,
    description: '',
    summary: `תקציר ${n}`,
    rating: 4,
    totalRatings: 1,
    isAvailable: true,
    tags: [],
    publishedDate: null,
    salesCount: 100 - n,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
