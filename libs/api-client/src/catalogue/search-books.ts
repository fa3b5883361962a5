import { queryOptions, useQuery } from '@mechabrim/query';
import type { Book } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { clientLogger } from '@mechabrim/ui';
import { bookList } from './normalize';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/** `GET /api/books/search?q=&limit=` — the API's Hebrew-aware search (niqqud, prefixes). */
export async function searchBooks(q: string, limit: number, signal?: AbortSignal): Promise<Book[]> {
  const qs = new URLSearchParams({ q, limit: String(limit) });
  try {
    return bookList(await apiFetch<unknown>(`/api/books/search?${qs}`, { signal, auth: false }));
  } catch (error) {
    // Logged once here for every screen that searches (spec §8), then thrown to the query.
    if (!signal?.aborted) clientLogger.warn('Book search failed', error, 'search');
    throw error;
  }
}

/** Search results; runs only when the trimmed query has at least one character. */
export function bookSearchQuery(query: string, limit = 50) {
  const q = query.trim();
  return queryOptions({
    queryKey: catalogueKeys.bookSearch(q, limit),
    queryFn: ({ signal }) => searchBooks(q, limit, signal),
    enabled: q.length > 0,
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useBookSearch(query: string, limit = 50) {
  return useQuery(bookSearchQuery(query, limit));
}
