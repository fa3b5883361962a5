import type {
  ModerationAnswer,
  PendingBook,
  PendingEdit,
  PendingReview,
} from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';

export type ModerationKind = 'books' | 'edits' | 'reviews';

export const moderationKey = (kind: ModerationKind) =>
  ['author-portal', 'moderation', kind] as const;

/** `GET /api/moderation/{books,edits,reviews}` (admins only): what waits for a decision. */
export function useModerationList<K extends ModerationKind>(kind: K) {
  return useQuery({
    queryKey: moderationKey(kind),
    queryFn: ({ signal }) =>
      apiFetch<
        K extends 'books' ? PendingBook[] : K extends 'edits' ? PendingEdit[] : PendingReview[]
      >(`/api/moderation/${kind}`, { signal }),
    staleTime: 0,
  });
}

/**
 * `POST /api/moderation/:kind/:id/approve` (with `seen`, the version read, for a review) or
 * `/reject {reason}`.
 */
export function decide(kind: ModerationKind, id: string, reason: string | null, seen?: string) {
  const path = `/api/moderation/${kind}/${encodeURIComponent(id)}/${reason === null ? 'approve' : 'reject'}`;
  return apiFetch<ModerationAnswer>(path, {
    method: 'POST',
    body: reason !== null ? { reason } : seen !== undefined ? { seen } : {},
  });
}
