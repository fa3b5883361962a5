import type { Earnings, EarningsTest } from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';

/**
 * `GET /api/earnings/test` then `GET /api/earnings/author` (spec §7): the earnings service is
 * asked whether it answers before the author's figures are read.
 */
export async function getEarnings(signal?: AbortSignal): Promise<Earnings> {
  await apiFetch<EarningsTest>('/api/earnings/test', { signal });
  return apiFetch<Earnings>('/api/earnings/author', { signal });
}

export function useEarnings() {
  return useQuery({
    queryKey: ['author-portal', 'earnings'] as const,
    queryFn: ({ signal }) => getEarnings(signal),
    staleTime: 0,
  });
}
