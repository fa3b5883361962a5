import { queryOptions, useQuery } from '@mechabrim/query';
import type { Review } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { clientLogger } from '@mechabrim/ui';
import { reviewList } from './normalize';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/**
 * Approved reviews of a book: `GET /api/books/:id/comments`, and when that is empty
 * `GET /api/comments?bookId=`. A failure gives an empty list (spec §8), logged.
 */
export async function getBookReviews(id: string, signal?: AbortSignal): Promise<Review[]> {
  try {
    const first = reviewList(
      await apiFetch<unknown>(`/api/books/${encodeURIComponent(id)}/comments`, {
        signal,
        auth: false,
      }),
    );
    if (first.length) return first;
    return reviewList(
      await apiFetch<unknown>(`/api/comments?bookId=${encodeURIComponent(id)}`, {
        signal,
        auth: false,
      }),
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    clientLogger.warn('Loading reviews failed', error, 'book-page');
    return [];
  }
}

/** The query (key, fetcher, freshness) behind `useBookReviews`, for hooks, prefetching and the server render. */
export function bookReviewsQuery(id: string | undefined) {
  return queryOptions({
    queryKey: catalogueKeys.reviews(id ?? ''),
    queryFn: ({ signal }) => getBookReviews(id as string, signal),
    enabled: Boolean(id),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useBookReviews(id: string | undefined) {
  return useQuery(bookReviewsQuery(id));
}
