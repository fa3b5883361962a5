import { keepPreviousData, queryOptions, useQuery } from '@mechabrim/query';
import type { Book, BookSort, PriceBand } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { bookList } from './normalize';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

export interface BooksParams {
  sort?: BookSort;
  limit?: number;
  page?: number;
  category?: string;
  exclude?: string;
  /** Words to find in title, author name or tags (the API matches them Hebrew-aware). */
  q?: string;
  price?: PriceBand;
}

export interface BooksAnswer {
  books: Book[];
  total: number;
}

/** `GET /api/books` with paging, category and sort; a non-list answer gives an empty list. */
export async function getBooks(params: BooksParams, signal?: AbortSignal): Promise<BooksAnswer> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== '') qs.set(k, String(v));
  const answer = await apiFetch<unknown>(`/api/books${qs.size ? `?${qs}` : ''}`, {
    signal,
    auth: false,
  });
  const books = bookList(answer);
  const total =
    answer &&
    typeof answer === 'object' &&
    typeof (answer as { total?: unknown }).total === 'number'
      ? (answer as { total: number }).total
      : books.length;
  return { books, total };
}

/** The query (key, fetcher, freshness) behind `useBooks`, for hooks, prefetching and the server render. */
export function booksQuery(params: BooksParams, enabled = true) {
  return queryOptions({
    queryKey: catalogueKeys.books(params),
    queryFn: ({ signal }) => getBooks(params, signal),
    staleTime: CATALOGUE_STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBooks(params: BooksParams, enabled = true) {
  return useQuery(booksQuery(params, enabled));
}
