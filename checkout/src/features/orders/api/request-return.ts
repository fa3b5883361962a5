import type { BuyerReturn, OrderReturnRequest } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';

/** `POST /api/orders/:id/return`: the buyer asks to send back copies of a delivered order. */
export function requestReturn(orderId: string, body: OrderReturnRequest): Promise<BuyerReturn> {
  return apiFetch<BuyerReturn>(`/api/orders/${encodeURIComponent(orderId)}/return`, {
    method: 'POST',
    body,
  });
}
