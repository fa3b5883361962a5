import { useQuery } from '@mechabrim/query';
import type { Author } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { authorList } from './normalize';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/** `GET /api/authors/search?q=&limit=`. */
export async function searchAuthors(
  q: string,
  limit: number,
  signal?: AbortSignal,
): Promise<Author[]> {
  const qs = new URLSearchParams({ q, limit: String(limit) });
  return authorList(await apiFetch<unknown>(`/api/authors/search?${qs}`, { signal, auth: false }));
}

export function useAuthorSearch(query: string, limit = 10) {
  const q = query.trim();
  return useQuery({
    queryKey: catalogueKeys.authorSearch(q, limit),
    queryFn: ({ signal }) => searchAuthors(q, limit, signal),
    enabled: q.length > 0,
    staleTime: CATALOGUE_STALE_MS,
  });
}
