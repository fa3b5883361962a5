import {
  adminRefundsAnswerSchema,
  adminReturnsAnswerSchema,
  type AdminRefund,
  type AdminReturn,
  type RefundState,
} from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';

/** Every refunds list (the three states): what a retry or a received return makes stale. */
export const refundsRoot = ['author-portal', 'refunds'] as const;
export const refundsKey = (state: RefundState) => [...refundsRoot, state] as const;
export const returnsKey = ['author-portal', 'returns', 'requested'] as const;

/** `GET /api/admin/refunds?state=…` (admins only): the refunds in that state, newest first. */
export function useAdminRefunds(state: RefundState) {
  return useQuery({
    queryKey: refundsKey(state),
    queryFn: async ({ signal }) =>
      adminRefundsAnswerSchema.parse(
        await apiFetch<unknown>(`/api/admin/refunds?state=${state}`, { signal }),
      ).refunds,
    staleTime: 0,
  });
}

/** `GET /api/admin/returns` (admins only): returns waiting for their books, oldest first. */
export function useRequestedReturns() {
  return useQuery({
    queryKey: returnsKey,
    queryFn: async ({ signal }) =>
      adminReturnsAnswerSchema.parse(
        await apiFetch<unknown>('/api/admin/returns?state=requested', { signal }),
      ).returns,
    staleTime: 0,
  });
}

/** `POST /api/admin/refunds/:orderId/:ref/retry`: a failed refund back on the queue. */
export function retryRefund(refund: Pick<AdminRefund, 'orderId' | 'ref'>) {
  const path = `/api/admin/refunds/${encodeURIComponent(refund.orderId)}/${encodeURIComponent(refund.ref)}/retry`;
  return apiFetch<AdminRefund>(path, { method: 'POST', body: {} });
}

/** `POST /api/admin/returns/:orderId/receive`, or `/reject {reason}`. */
export function decideReturn(orderId: AdminReturn['orderId'], reason: string | null) {
  const path = `/api/admin/returns/${encodeURIComponent(orderId)}/${reason === null ? 'receive' : 'reject'}`;
  return apiFetch<AdminReturn>(path, { method: 'POST', body: reason === null ? {} : { reason } });
}
