import { queryOptions, useQuery } from '@mechabrim/query';
import type { Book } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { bookList } from './normalize';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/** `GET /api/books/author/:id` — the author's books. */
export async function getAuthorBooks(id: string, signal?: AbortSignal): Promise<Book[]> {
  return bookList(
    await apiFetch<unknown>(`/api/books/author/${encodeURIComponent(id)}`, { signal, auth: false }),
  );
}

/** The query (key, fetcher, freshness) behind `useAuthorBooks`, for hooks, prefetching and the server render. */
export function authorBooksQuery(id: string | undefined) {
  return queryOptions({
    queryKey: catalogueKeys.authorBooks(id ?? ''),
    queryFn: ({ signal }) => getAuthorBooks(id as string, signal),
    enabled: Boolean(id),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useAuthorBooks(id: string | undefined) {
  return useQuery(authorBooksQuery(id));
}
