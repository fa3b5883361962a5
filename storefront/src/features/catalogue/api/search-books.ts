import { useQuery } from '@mechabrim/query';
import type { Book } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { bookList } from './normalize';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/** `GET /api/books/search?q=&limit=` — the API's Hebrew-aware search (niqqud, prefixes). */
export async function searchBooks(q: string, limit: number, signal?: AbortSignal): Promise<Book[]> {
  const qs = new URLSearchParams({ q, limit: String(limit) });
  return bookList(await apiFetch<unknown>(`/api/books/search?${qs}`, { signal, auth: false }));
}

/** Search results; runs only when the trimmed query has at least one character. */
export function useBookSearch(query: string, limit = 50) {
  const q = query.trim();
  return useQuery({
    queryKey: catalogueKeys.bookSearch(q, limit),
    queryFn: ({ signal }) => searchBooks(q, limit, signal),
    enabled: q.length > 0,
    staleTime: CATALOGUE_STALE_MS,
  });
}
