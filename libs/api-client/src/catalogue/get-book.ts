import { queryOptions, useQuery } from '@mechabrim/query';
import type { Book } from '@mechabrim/contracts';
import { ApiError, apiFetch } from '@mechabrim/session';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/** `GET /api/books/:id`. */
export function getBook(id: string, signal?: AbortSignal): Promise<Book> {
  return apiFetch<Book>(`/api/books/${encodeURIComponent(id)}`, { signal });
}

/** A book; a 404 (or a malformed id, 400) is not retried: the page says 'book not found'. */
export function bookQuery(id: string | undefined) {
  return queryOptions({
    queryKey: catalogueKeys.book(id ?? ''),
    queryFn: ({ signal }) => getBook(id as string, signal),
    enabled: Boolean(id),
    staleTime: CATALOGUE_STALE_MS,
    retry: (count, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && count < 2,
  });
}

export function useBook(id: string | undefined) {
  return useQuery(bookQuery(id));
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
