import { communityDonationStatusSchema, type CommunityDonationStatus } from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';

/** How long the result page keeps asking while the provider's word has not arrived yet. */
const PENDING_POLL_MS = 2000;
const PENDING_POLLS = 15;

/** `GET /api/community/donations/:ref`: what the server confirmed about a donation. */
export async function getDonationStatus(
  ref: string,
  signal?: AbortSignal,
): Promise<CommunityDonationStatus> {
  const answer = await apiFetch<unknown>(`/api/community/donations/${encodeURIComponent(ref)}`, {
    signal,
    auth: false,
  });
  return communityDonationStatusSchema.parse(answer);
}

/** The donation's status, asked again every 2 s for half a minute while it is pending. */
export function useDonationStatus(ref: string) {
  return useQuery({
    queryKey: ['community-donation', ref] as const,
    queryFn: ({ signal }) => getDonationStatus(ref, signal),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < PENDING_POLLS
        ? PENDING_POLL_MS
        : false,
  });
}
