import type { CommunityProjectAdmin } from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';

export const communityProjectsKey = ['author-portal', 'community-projects'] as const;

/** `GET /api/admin/community-projects` (admins only). */
export function useCommunityProjects() {
  return useQuery({
    queryKey: communityProjectsKey,
    queryFn: ({ signal }) =>
      apiFetch<CommunityProjectAdmin[]>('/api/admin/community-projects', { signal }),
    staleTime: 0,
  });
}

/** `POST /api/admin/community-projects`, or `PUT …/:id` for an existing project. */
export function saveCommunityProject(id: string | null, body: unknown) {
  return apiFetch<CommunityProjectAdmin>(
    id
      ? `/api/admin/community-projects/${encodeURIComponent(id)}`
      : '/api/admin/community-projects',
    { method: id ? 'PUT' : 'POST', body },
  );
}

/** `DELETE /api/admin/community-projects/:id` (only a project that never received money). */
export function removeCommunityProject(id: string) {
  return apiFetch<{ message: string }>(`/api/admin/community-projects/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}
