import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@mechabrim/query';
import { configureApi } from '@mechabrim/session';
import {
  authorSearchQuery,
  bookQuery,
  bookSearchQuery,
  categoriesQuery,
  catalogueKeys,
} from './index';

// A real HTTP server stands in for the API's answers; the fetchers, keys and query options are
// the ones the shell, the storefront and the landing render use.
let server: http.Server;
const answers = new Map<string, { status: number; body: unknown }>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? '') ?? { status: 404, body: { message: 'לא נמצא' } };
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApi({ apiBaseUrl: `http://127.0.0.1:${port}` });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('one queryOptions per endpoint', () => {
  it('gives the header and the search page one cache entry for the same search', () => {
    expect(bookSearchQuery('  הים  ', 10).queryKey).toEqual(catalogueKeys.bookSearch('הים', 10));
    expect(authorSearchQuery('נועה', 10).queryKey).toEqual(['authors', 'search', 'נועה', 10]);
  });

  it('does not search for a blank query', () => {
    expect(bookSearchQuery('   ').enabled).toBe(false);
    expect(authorSearchQuery('').enabled).toBe(false);
    expect(bookSearchQuery('ספר').enabled).toBe(true);
  });

  it("keys a book's page by its id, as the landing render fills it", () => {
    expect(bookQuery('b1').queryKey).toEqual(['books', 'detail', 'b1']);
  });

  it('fetches the categories strip: only categories with books, the first ten', async () => {
    const categories = Array.from({ length: 12 }, (_, i) => ({
      category: `קטגוריה ${i}`,
      count: i === 1 ? 0 : i + 1,
    }));
    answers.set('/api/books/categories', { status: 200, body: categories });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = await client.fetchQuery(categoriesQuery());
    expect(list).toHaveLength(10);
    expect(list.map((c) => c.category)).not.toContain('קטגוריה 1');
    expect(client.getQueryData(catalogueKeys.categories())).toBe(list);
  });
});
