import { communityFundSchema, type CommunityFund } from '@mechabrim/contracts';
import { queryOptions, useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';

/**
 * `GET /api/community/fund`: the fund from the ledger (issue 23). An answer that is not the
 * contract's (an older API) is treated as a failure, so the page keeps the spec's sample figures.
 */
export async function getCommunityFund(signal?: AbortSignal): Promise<CommunityFund> {
  const answer = await apiFetch<unknown>('/api/community/fund', { signal, auth: false });
  return communityFundSchema.parse(answer);
}

/** The query behind `useCommunityFund`, for the hook and the server render. */
export function communityFundQuery() {
  return queryOptions({
    queryKey: ['community-fund'] as const,
    queryFn: ({ signal }) => getCommunityFund(signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useCommunityFund() {
  return useQuery(communityFundQuery());
}
