import { queryOptions, useQuery } from '@mechabrim/query';
import type { Author } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { authorList } from './normalize';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/** `GET /api/authors` — every author with the aggregates of their books. */
export async function getAuthors(signal?: AbortSignal): Promise<Author[]> {
  return authorList(await apiFetch<unknown>('/api/authors', { signal, auth: false }));
}

/** The query (key, fetcher, freshness) behind `useAuthors`, for hooks, prefetching and the server render. */
export function authorsQuery() {
  return queryOptions({
    queryKey: catalogueKeys.authors(),
    queryFn: ({ signal }) => getAuthors(signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useAuthors() {
  return useQuery(authorsQuery());
}
