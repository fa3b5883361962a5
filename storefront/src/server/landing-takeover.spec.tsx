// The server's markup is what the browser draws: each server-drawn page rendered by the landing
// renderer, then by the storefront's app in a DOM from the query-cache state the server handed
// over (as the shell takes the page over, shell/src/app/landing.tsx), and the two compared. The
// browser asks the API only for what comes after the first render.
import { act, render } from '@testing-library/react';
import { Suspense } from 'react';
import { hydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@mechabrim/query';
import { MemoryRouter } from '@mechabrim/routing';
import {
  fakeApi,
  makeBook,
  type FakeAnswer,
} from '@mechabrim/api-client/src/testing/render-with-api';
import StorefrontApp from '../app/app';
import { renderLanding } from './landing';

const author = {
  _id: '65a1b2c3d4e5f60718293a01',
  name: 'נועה לוי',
  bio: 'כותבת פנטזיה לנוער.',
  avatar: '',
  genres: ['פנטזיה'],
  booksCount: 2,
  averageRating: 4.5,
  totalSales: 12,
  joinDate: '2024-12-31T22:30:00.000Z',
  gender: 'female',
};
const books = Array.from({ length: 3 }, (_, i) =>
  makeBook(i + 1, { author: { _id: author._id, name: author.name } }),
);
const authors = [
  author,
  ...Array.from({ length: 12 }, (_, i) => ({
    ...author,
    _id: `a${i + 2}`,
    name: `סופר ${i + 2}`,
    booksCount: i % 3,
    joinDate: '2024-01-01T00:00:00.000Z',
    gender: undefined,
  })),
];

/** The requests the API answered with data (path and query). */
const served = new Set<string>();

/** Set once the server has drawn: the browser's requests are not answered (see `api`). */
let browsing = false;

/**
 * The API as the renderer and the app see it. The browser's requests never answer, so its page
 * stays as its first render drew it (what comes after, such as the home page's lists, would
 * change it); they are still recorded.
 */
function api(url: URL): FakeAnswer | Promise<FakeAnswer> {
  if (browsing) return new Promise(() => undefined);
  const answer = answerOf(url.pathname);
  if (answer && !(answer instanceof Promise) && (answer.status ?? 200) === 200) {
    served.add(decodeURIComponent(`${url.pathname}${url.search}`));
  }
  return answer;
}

function answerOf(path: string): FakeAnswer | Promise<FakeAnswer> {
  if (path === '/api/authors') return { body: authors };
  if (path === `/api/authors/${author._id}`) return { body: author };
  if (path.startsWith('/api/books/author/')) return { body: books };
  if (path === '/api/books') return { body: { books, total: 3, page: 1, limit: 20, pages: 1 } };
  if (path === '/api/books/b1') return { body: books[0] };
  if (path === '/api/stats') return { body: { authors: 13, books: 3, donated: 1200 } };
  if (path === '/api/community/fund') return { status: 404, body: {} };
  return new Promise(() => undefined);
}

/** Attributes React sets as properties in the browser (the form controls' state). */
const STATE_ATTRIBUTES = new Set(['selected', 'checked', 'value']);

/**
 * A DOM tree written out for comparison: attributes in name order, inline styles without spaces,
 * form controls by their state (React writes it as properties in the browser, as attributes on
 * the server), and React's generated ids (`useId`, which differ between a server's tree and the
 * browser's) numbered in order of appearance.
 */
function canonical(root: Element): string {
  const ids = new Map<string, string>();
  const stableIds = (text: string) =>
    text.replace(/«[Rr][^»]*»|_[Rr]_[0-9a-zA-Z]+_/g, (id) => {
      if (!ids.has(id)) ids.set(id, `id${ids.size}`);
      return ids.get(id) as string;
    });
  const write = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element)) return '';
    const attributes = [...node.attributes]
      .filter((a) => !STATE_ATTRIBUTES.has(a.name))
      .map((a) => {
        const value = a.name === 'style' ? a.value.replace(/\s+/g, '').replace(/;$/, '') : a.value;
        return `${a.name}="${stableIds(value)}"`;
      })
      .sort();
    if (node instanceof HTMLOptionElement && node.selected) attributes.push('(selected)');
    if (node instanceof HTMLInputElement) {
      attributes.push(`(value=${node.value})`);
      if (node.checked) attributes.push('(checked)');
    }
    const children = [...node.childNodes].map(write).join('');
    return `<${node.localName} ${attributes.join(' ')}>${children}</${node.localName}>`;
  };
  return write(root);
}

/** Markup as the browser parses it. */
function parsed(html: string): Element {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
}

describe('server-drawn pages are taken over without a redraw', () => {
  it.each([
    '/',
    '/books?sort=price',
    '/book/b1',
    '/authors',
    `/author/${author._id}`,
    '/category/fantasy',
    '/about',
    '/how-it-works',
    '/how-to-upload',
    '/community-donation',
    '/authors-terms',
  ])('%s', async (path) => {
    browsing = false;
    const calls = fakeApi(api);
    const landing = await renderLanding(path, { apiBaseUrl: 'http://api.test' });
    expect(landing?.html).toBeTruthy();
    const asked = calls.length;
    browsing = true;

    // The browser: the handed-over state in the cache, then the app's first draw of the page.
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    });
    hydrate(client, JSON.parse(JSON.stringify(landing?.state)) as DehydratedState);
    let view: ReturnType<typeof render> | undefined;
    await act(async () => {
      view = render(
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Suspense fallback={<p>טוען…</p>}>
              <StorefrontApp />
            </Suspense>
          </MemoryRouter>
        </QueryClientProvider>,
      );
      await Promise.resolve();
    });
    expect(canonical(view!.container)).toBe(canonical(parsed(landing?.html ?? '')));

    // Nothing the page was drawn from is asked for again (a failed answer may be).
    const again = calls
      .slice(asked)
      .filter((call) => calls.slice(0, asked).includes(call) && served.has(call));
    expect(again).toEqual([]);
    view?.unmount();
    client.clear();
  });
});
