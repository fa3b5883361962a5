import { useMutation, useQuery, useQueryClient } from '@mechabrim/query';
import type {
  MyBookReview,
  ReviewActionAnswer,
  ReviewWrite,
  ReviewWriteAnswer,
} from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { catalogueKeys } from '@mechabrim/api-client';

/** Query keys of the signed-in reader's own review of a book. */
export const myReviewKeys = {
  book: (userId: string, bookId: string) => ['my-review', userId, bookId] as const,
};

/** `GET /api/books/:id/comments/mine`: the reader's review and whether they may write one. */
export function getMyReview(bookId: string, signal?: AbortSignal): Promise<MyBookReview> {
  return apiFetch<MyBookReview>(`/api/books/${encodeURIComponent(bookId)}/comments/mine`, {
    signal,
  });
}

export function useMyReview(userId: string | undefined, bookId: string) {
  return useQuery({
    queryKey: myReviewKeys.book(userId ?? '', bookId),
    queryFn: ({ signal }) => getMyReview(bookId, signal),
    enabled: Boolean(userId),
  });
}

/** `POST /api/books/:id/comments`, or `PUT /api/comments/:id` when the reader has one. */
export function saveReview(
  bookId: string,
  reviewId: string | undefined,
  body: ReviewWrite,
): Promise<ReviewWriteAnswer> {
  return reviewId
    ? apiFetch(`/api/comments/${encodeURIComponent(reviewId)}`, { method: 'PUT', body })
    : apiFetch(`/api/books/${encodeURIComponent(bookId)}/comments`, { method: 'POST', body });
}

/** `DELETE /api/comments/:id`. */
export function deleteReview(reviewId: string): Promise<ReviewActionAnswer> {
  return apiFetch(`/api/comments/${encodeURIComponent(reviewId)}`, { method: 'DELETE' });
}

/** `POST /api/comments/:id/helpful` and `POST /api/comments/:id/report`. */
export function voteOnReview(
  reviewId: string,
  vote: { kind: 'helpful' } | { kind: 'report'; reason: string },
): Promise<ReviewActionAnswer> {
  const id = encodeURIComponent(reviewId);
  return vote.kind === 'helpful'
    ? apiFetch(`/api/comments/${id}/helpful`, { method: 'POST', body: {} })
    : apiFetch(`/api/comments/${id}/report`, { method: 'POST', body: { reason: vote.reason } });
}

/** After any write: the reader's own review and the book's public list are read again. */
function useRefresh(userId: string | undefined, bookId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: myReviewKeys.book(userId ?? '', bookId) });
    void qc.invalidateQueries({ queryKey: catalogueKeys.reviews(bookId) });
  };
}

export function useSaveReview(userId: string | undefined, bookId: string) {
  const refresh = useRefresh(userId, bookId);
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId?: string; body: ReviewWrite }) =>
      saveReview(bookId, reviewId, body),
    onSuccess: refresh,
  });
}

export function useDeleteReview(userId: string | undefined, bookId: string) {
  const refresh = useRefresh(userId, bookId);
  return useMutation({ mutationFn: deleteReview, onSuccess: refresh });
}

export function useVoteOnReview(userId: string | undefined, bookId: string) {
  const refresh = useRefresh(userId, bookId);
  return useMutation({
    mutationFn: ({
      reviewId,
      vote,
    }: {
      reviewId: string;
      vote: { kind: 'helpful' } | { kind: 'report'; reason: string };
    }) => voteOnReview(reviewId, vote),
    onSuccess: refresh,
  });
}
