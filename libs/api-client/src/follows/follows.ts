import { queryOptions, useMutation, useQuery, useQueryClient } from '@mechabrim/query';
import type { FollowState, FollowsAnswer } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';

export const followKeys = {
  all: ['follows'] as const,
  list: (userId: string) => ['follows', 'list', userId] as const,
};

/** `GET /api/me/follows` (bearer): the followed authors and whether their mail is on. */
export function getFollows(signal?: AbortSignal): Promise<FollowsAnswer> {
  return apiFetch<FollowsAnswer>('/api/me/follows', { signal });
}

/** The signed-in reader's followed authors (off for guests). */
export function followsQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: followKeys.list(userId ?? ''),
    queryFn: ({ signal }) => getFollows(signal),
    enabled: Boolean(userId),
    staleTime: 30_000,
  });
}

export function useFollows(userId: string | undefined) {
  return useQuery(followsQuery(userId));
}

/** `POST` or `DELETE /api/authors/:id/follow`; the list is fetched again after either. */
export function useToggleFollow(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ authorId, follow }: { authorId: string; follow: boolean }) =>
      apiFetch<FollowState>(`/api/authors/${encodeURIComponent(authorId)}/follow`, {
        method: follow ? 'POST' : 'DELETE',
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: followKeys.list(userId ?? '') }),
  });
}

/** `PUT /api/me/follows/mails`: the new-books mail on or off. */
export function useFollowMails(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mails: boolean) =>
      apiFetch<{ message: string }>('/api/me/follows/mails', { method: 'PUT', body: { mails } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: followKeys.list(userId ?? '') }),
  });
}
