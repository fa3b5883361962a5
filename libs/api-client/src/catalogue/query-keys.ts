/**
 * Query keys of the catalogue. The shell's header uses the same keys for categories and search,
 * so the header and the pages share one cache entry instead of asking twice.
 */
export const catalogueKeys = {
  books: (params: object) => ['books', 'list', params] as const,
  /** The first n pages (or 'all') of a paged grid, built from the `books` page entries. */
  bookPages: (params: object, pages: number | 'all') => ['books', 'pages', params, pages] as const,
  book: (id: string) => ['books', 'detail', id] as const,
  reviews: (id: string) => ['books', 'reviews', id] as const,
  related: (id: string, category: string) => ['books', 'related', id, category] as const,
  bookSearch: (q: string, limit: number) => ['books', 'search', q, limit] as const,
  authorBooks: (id: string) => ['books', 'author', id] as const,
  categories: () => ['categories'] as const,
  stats: () => ['stats'] as const,
  authors: () => ['authors', 'list'] as const,
  author: (id: string) => ['authors', 'detail', id] as const,
  authorSearch: (q: string, limit: number) => ['authors', 'search', q, limit] as const,
};

/** Catalogue data is fresh for a minute; after that it is refreshed in the background. */
export const CATALOGUE_STALE_MS = 60_000;
