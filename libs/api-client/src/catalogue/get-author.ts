import { queryOptions, useQuery } from '@mechabrim/query';
import type { Author } from '@mechabrim/contracts';
import { ApiError, apiFetch } from '@mechabrim/session';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/** `GET /api/authors/:id`. */
export function getAuthor(id: string, signal?: AbortSignal): Promise<Author> {
  return apiFetch<Author>(`/api/authors/${encodeURIComponent(id)}`, { signal, auth: false });
}

/** The query (key, fetcher, freshness) behind `useAuthor`, for hooks, prefetching and the server render. */
export function authorQuery(id: string | undefined) {
  return queryOptions({
    queryKey: catalogueKeys.author(id ?? ''),
    queryFn: ({ signal }) => getAuthor(id as string, signal),
    enabled: Boolean(id),
    staleTime: CATALOGUE_STALE_MS,
    retry: (count, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && count < 2,
  });
}

export function useAuthor(id: string | undefined) {
  return useQuery(authorQuery(id));
}
