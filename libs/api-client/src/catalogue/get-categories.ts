import { queryOptions, useQuery } from '@mechabrim/query';
import type { CategoryCount } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { clientLogger } from '@mechabrim/ui';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/**
 * `GET /api/books/categories`: categories with a count above zero, the first ten (spec §3, §9).
 * A failure is logged (spec §8) and thrown: the header's strip keeps its loading text.
 */
export async function getCategories(signal?: AbortSignal): Promise<CategoryCount[]> {
  try {
    const answer = await apiFetch<unknown>('/api/books/categories', { signal, auth: false });
    const list = Array.isArray(answer) ? (answer as CategoryCount[]) : [];
    return list.filter((c) => c.count > 0).slice(0, 10);
  } catch (error) {
    if (!signal?.aborted) clientLogger.warn('Loading categories failed', error, 'categories');
    throw error;
  }
}

/** The query (key, fetcher, freshness) behind `useCategories`, for hooks, prefetching and the server render. */
export function categoriesQuery() {
  return queryOptions({
    queryKey: catalogueKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * CATALOGUE_STALE_MS,
  });
}

export function useCategories() {
  return useQuery(categoriesQuery());
}
