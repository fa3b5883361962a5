import {
  payoutDetailsRequestSchema,
  type PayoutDetailsAnswer,
  type PayoutDetailsRequest,
  type PayoutDetailsSaved,
} from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';

export const payoutDetailsKey = ['author-portal', 'payout-details'] as const;

/** `GET /api/authors/me/payout-details`: the author's payout details, masked (null until entered). */
export function getPayoutDetails(signal?: AbortSignal): Promise<PayoutDetailsAnswer> {
  return apiFetch<PayoutDetailsAnswer>('/api/authors/me/payout-details', { signal });
}

/** `PUT /api/authors/me/payout-details`: saves them; a change holds the next payout for review. */
export function savePayoutDetails(details: PayoutDetailsRequest): Promise<PayoutDetailsSaved> {
  return apiFetch<PayoutDetailsSaved>('/api/authors/me/payout-details', {
    method: 'PUT',
    body: details,
  });
}

export function usePayoutDetails() {
  return useQuery({
    queryKey: payoutDetailsKey,
    queryFn: ({ signal }) => getPayoutDetails(signal),
    staleTime: 0,
  });
}

/** The form checks what the server checks, with the same Hebrew messages. */
export const payoutDetailsFormSchema = payoutDetailsRequestSchema;
