import {
  communityDonationCreatedSchema,
  type CommunityDonationCreated,
  type CommunityDonationInput,
} from '@mechabrim/contracts';
import { useMutation } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';

/**
 * `POST /api/community/donations`: the hosted payment page of a direct donation ('donate now').
 * The key is one per press of the button: a retried request is the same donation.
 */
export async function createDonation(
  body: CommunityDonationInput,
  idempotencyKey: string,
): Promise<CommunityDonationCreated> {
  const answer = await apiFetch<unknown>('/api/community/donations', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return communityDonationCreatedSchema.parse(answer);
}

export function useCreateDonation() {
  return useMutation({
    mutationFn: ({ body, key }: { body: CommunityDonationInput; key: string }) =>
      createDonation(body, key),
  });
}
