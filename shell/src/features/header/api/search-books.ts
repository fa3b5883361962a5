import { useQuery } from '@mechabrim/query';
import type { Book } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { clientLogger } from '@mechabrim/ui';

/** Suggestions per kind (spec §9). */
export const SUGGESTION_LIMIT = 10;

/** `GET /api/books/search?q=&limit=10`; a failure gives an empty list, logged (spec §8). */
export async function searchBooks(q: string, signal?: AbortSignal): Promise<Book[]> {
  try {
    const qs = new URLSearchParams({ q, limit: String(SUGGESTION_LIMIT) });
    const answer = await apiFetch<unknown>(`/api/books/search?${qs}`, { signal, auth: false });
    if (Array.isArray(answer)) return answer as Book[];
    const books = (answer as { books?: unknown } | null)?.books;
    return Array.isArray(books) ? (books as Book[]) : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    clientLogger.warn('Book search failed', error, 'search-box');
    return [];
  }
}

/** Same key as the storefront's search, so both share one cache entry. */
export function useBookSuggestions(q: string) {
  return useQuery({
    queryKey: ['books', 'search', q, SUGGESTION_LIMIT],
    queryFn: ({ signal }) => searchBooks(q, signal),
    enabled: q.length > 0,
    staleTime: 60_000,
  });
}
