import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The one book the federation journeys put in the cart. */
export const FIXTURE_BOOK = {
  _id: '65f0c0ffee0000000000b001',
  title: 'הגשר על נהר הירקון',
  author: { _id: '65f0c0ffee0000000000a001', name: 'נועה ברק' },
  category: 'novel',
  price: 59,
  coverImage: '',
  summary: 'רומן על עיר, נהר ומשפחה אחת.',
  description: 'רומן על עיר, נהר ומשפחה אחת.',
  rating: 4.5,
  totalRatings: 12,
  isAvailable: true,
  tags: ['רומן'],
  salesCount: 40,
  publishedDate: '2025-01-01T00:00:00.000Z',
};

/** A signed-in author for the frame journeys: a token the fixture's profile route accepts. */
export const FIXTURE_AUTHOR_TOKEN = 'fixture-author-token';
export const FIXTURE_AUTHOR_USER = {
  _id: '65f0c0ffee0000000000a001',
  name: 'נועה ברק',
  email: 'noa@example.com',
  role: 'author',
};

/**
 * A tiny catalogue for the federation journeys, which are about the shell and the remotes
 * sharing one cart — not about the API (the API's own tests and the full-stack journeys cover
 * it). It answers the home page's reads in the API's shapes and everything else with the API's
 * 404 error shape; `/api/auth/profile` knows one author token.
 */
export async function startCatalogueFixture() {
  const author = {
    ...FIXTURE_BOOK.author,
    bio: 'סופרת ירושלמית',
    avatar: '',
    genres: ['novel'],
    booksCount: 1,
    averageRating: 4.5,
    totalSales: 40,
    joinDate: '2024-06-01T00:00:00.000Z',
  };
  const routes: Record<string, unknown> = {
    '/api/books': [FIXTURE_BOOK],
    '/api/authors': [author],
    '/api/stats': { authors: 1, books: 1 },
    '/api/books/categories': [{ category: 'novel', name: 'רומן', count: 1 }],
    [`/api/books/${FIXTURE_BOOK._id}`]: FIXTURE_BOOK,
    [`/api/books/${FIXTURE_BOOK._id}/comments`]: [],
    [`/api/authors/${author._id}`]: author,
    [`/api/books/author/${author._id}`]: [FIXTURE_BOOK],
  };
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    let body = req.method === 'GET' ? routes[pathname] : undefined;
    if (
      pathname === '/api/auth/profile' &&
      req.headers.authorization === `Bearer ${FIXTURE_AUTHOR_TOKEN}`
    ) {
      body = FIXTURE_AUTHOR_USER;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    if (body === undefined) {
      res
        .writeHead(404)
        .end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'לא נמצא' }));
      return;
    }
    res.writeHead(200).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
