import { queryOptions, useQuery } from '@mechabrim/query';
import type { SiteStats } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { DONATED_TO_DATE, toShekels } from '@mechabrim/money';
import { clientLogger } from '@mechabrim/ui';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/**
 * `GET /api/stats`; a failure is logged and counts as zero (spec §7), the donated figure as the
 * spec's fixed one.
 */
export async function getStats(signal?: AbortSignal): Promise<SiteStats> {
  try {
    const s = await apiFetch<Partial<SiteStats>>('/api/stats', { signal, auth: false });
    return {
      authors: Number(s?.authors) || 0,
      books: Number(s?.books) || 0,
      donated: Number(s?.donated) || toShekels(DONATED_TO_DATE),
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    clientLogger.warn('Loading site stats failed', error, 'stats');
    return { authors: 0, books: 0, donated: toShekels(DONATED_TO_DATE) };
  }
}

/** The query (key, fetcher, freshness) behind `useStats`, for hooks, prefetching and the server render. */
export function statsQuery() {
  return queryOptions({
    queryKey: catalogueKeys.stats(),
    queryFn: ({ signal }) => getStats(signal),
    staleTime: 5 * CATALOGUE_STALE_MS,
  });
}

export function useStats() {
  return useQuery(statsQuery());
}
