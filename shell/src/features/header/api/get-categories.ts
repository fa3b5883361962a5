import { useQuery } from '@mechabrim/query';
import type { CategoryCount } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { clientLogger } from '@mechabrim/ui';

/**
 * `GET /api/books/categories`: only categories with books, the first ten (spec §3, §9). A failure
 * leaves the list empty, so the strip keeps its loading text (spec §8).
 */
export async function getCategories(signal?: AbortSignal): Promise<CategoryCount[]> {
  const answer = await apiFetch<unknown>('/api/books/categories', { signal, auth: false });
  const list = Array.isArray(answer) ? (answer as CategoryCount[]) : [];
  return list.filter((c) => c.count > 0).slice(0, 10);
}

/** Same key and shape as the storefront's categories, so the header and the pages share them. */
export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: async ({ signal }) => {
      try {
        return await getCategories(signal);
      } catch (error) {
        if (!signal?.aborted) clientLogger.warn('Loading categories failed', error, 'header');
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}
