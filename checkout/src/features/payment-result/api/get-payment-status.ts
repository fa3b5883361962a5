import type { PaymentStatusResponse } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';

/** `GET /api/payments/status/:transactionId` — the buyer's own payment only (404 otherwise). */
export function getPaymentStatus(
  transactionId: string,
  signal?: AbortSignal,
): Promise<PaymentStatusResponse> {
  return apiFetch<PaymentStatusResponse>(
    `/api/payments/status/${encodeURIComponent(transactionId)}`,
    { signal },
  );
}
