import { useQuery } from '@mechabrim/query';
import type { AuthorReview } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { clientLogger } from '@mechabrim/ui';

/**
 * `GET /api/authors/:id/comments`: the newest approved reviews of the author's books. A failure
 * gives an empty list, logged (as the book page's reviews, spec §8).
 */
export async function getAuthorReviews(id: string, signal?: AbortSignal): Promise<AuthorReview[]> {
  try {
    const list = await apiFetch<AuthorReview[]>(`/api/authors/${encodeURIComponent(id)}/comments`, {
      signal,
      auth: false,
    });
    return Array.isArray(list) ? list.filter((r) => r.isApproved === true) : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    clientLogger.warn('Loading the author reviews failed', error, 'author-page');
    return [];
  }
}

export function useAuthorReviews(id: string | undefined) {
  return useQuery({
    queryKey: ['authors', 'reviews', id ?? ''] as const,
    queryFn: ({ signal }) => getAuthorReviews(id as string, signal),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}
