import type { PaymentCreateRequestInput, PaymentCreateResponse } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';

/**
 * `POST /api/payments/create`: an order priced by the server and the hosted payment page to
 * open for it. The idempotency key names the checkout attempt, so a retried request (a double
 * click, a lost answer) finds the same order instead of making another.
 */
export function createPayment(
  request: PaymentCreateRequestInput,
  idempotencyKey: string,
): Promise<PaymentCreateResponse> {
  return apiFetch<PaymentCreateResponse>('/api/payments/create', {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A fresh key for a new checkout attempt (the API accepts 8–100 of [A-Za-z0-9_-]). */
export function newAttemptKey(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `checkout-${random}`;
}

/**
 * Leaves the store for the provider's own payment page (a provider with no frame). An object,
 * not a bare call, so component tests can watch it: jsdom cannot navigate away.
 */
export const pageExit = {
  to(url: string): void {
    window.location.assign(url);
  },
};
