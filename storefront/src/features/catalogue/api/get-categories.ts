import { useQuery } from '@mechabrim/query';
import type { CategoryCount } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/** `GET /api/books/categories`: categories with a count above zero, the first ten. */
export async function getCategories(signal?: AbortSignal): Promise<CategoryCount[]> {
  const answer = await apiFetch<unknown>('/api/books/categories', { signal, auth: false });
  const list = Array.isArray(answer) ? (answer as CategoryCount[]) : [];
  return list.filter((c) => c.count > 0).slice(0, 10);
}

export function useCategories() {
  return useQuery({
    queryKey: catalogueKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * CATALOGUE_STALE_MS,
  });
}
