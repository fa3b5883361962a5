import { queryOptions, useQuery } from '@mechabrim/query';
import type { Author } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { clientLogger } from '@mechabrim/ui';
import { authorList } from './normalize';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/** `GET /api/authors/search?q=&limit=`. */
export async function searchAuthors(
  q: string,
  limit: number,
  signal?: AbortSignal,
): Promise<Author[]> {
  const qs = new URLSearchParams({ q, limit: String(limit) });
  try {
    return authorList(
      await apiFetch<unknown>(`/api/authors/search?${qs}`, { signal, auth: false }),
    );
  } catch (error) {
    // Logged once here for every screen that searches (spec §8), then thrown to the query.
    if (!signal?.aborted) clientLogger.warn('Author search failed', error, 'search');
    throw error;
  }
}

/** The query (key, fetcher, freshness) behind `useAuthorSearch`, for hooks, prefetching and the server render. */
export function authorSearchQuery(query: string, limit = 10) {
  const q = query.trim();
  return queryOptions({
    queryKey: catalogueKeys.authorSearch(q, limit),
    queryFn: ({ signal }) => searchAuthors(q, limit, signal),
    enabled: q.length > 0,
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useAuthorSearch(query: string, limit = 10) {
  return useQuery(authorSearchQuery(query, limit));
}
