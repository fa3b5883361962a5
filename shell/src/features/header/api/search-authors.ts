import { useQuery } from '@mechabrim/query';
import type { Author } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { clientLogger } from '@mechabrim/ui';
import { SUGGESTION_LIMIT } from './search-books';

/** `GET /api/authors/search?q=&limit=10`; a failure gives an empty list, logged (spec §8). */
export async function searchAuthors(q: string, signal?: AbortSignal): Promise<Author[]> {
  try {
    const qs = new URLSearchParams({ q, limit: String(SUGGESTION_LIMIT) });
    const answer = await apiFetch<unknown>(`/api/authors/search?${qs}`, { signal, auth: false });
    if (Array.isArray(answer)) return answer as Author[];
    const authors = (answer as { authors?: unknown } | null)?.authors;
    return Array.isArray(authors) ? (authors as Author[]) : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    clientLogger.warn('Author search failed', error, 'search-box');
    return [];
  }
}

export function useAuthorSuggestions(q: string) {
  return useQuery({
    queryKey: ['authors', 'search', q, SUGGESTION_LIMIT],
    queryFn: ({ signal }) => searchAuthors(q, signal),
    enabled: q.length > 0,
    staleTime: 60_000,
  });
}
