import { useMutation } from '@mechabrim/query';
import type { ContactRequest } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';

/** `POST /api/contacts/submit`. */
export function submitContact(body: ContactRequest): Promise<unknown> {
  return apiFetch('/api/contacts/submit', { method: 'POST', body, auth: false });
}

export function useSubmitContact() {
  return useMutation({ mutationFn: submitContact });
}
