import type { BuyerOrdersPage, OrderCancellationAnswer } from '@mechabrim/contracts';
import { keepPreviousData, useQuery } from '@mechabrim/query';
import { ApiError, apiFetch, getApiBaseUrl, sessionStore } from '@mechabrim/session';
import { strings } from '../../../strings.he';

/** Orders per page of `/orders`. */
export const ORDERS_PAGE_SIZE = 10;

export const myOrdersKey = (page: number) => ['orders', 'mine', page] as const;

/** `GET /api/orders/mine`: the signed-in buyer's orders, newest first, one page. */
export function getMyOrders(page: number, signal?: AbortSignal): Promise<BuyerOrdersPage> {
  return apiFetch<BuyerOrdersPage>(`/api/orders/mine?page=${page}&limit=${ORDERS_PAGE_SIZE}`, {
    signal,
  });
}

/** One page of the buyer's orders; always read afresh (a payment may just have landed). */
export function useMyOrders(page: number, enabled: boolean) {
  return useQuery({
    queryKey: myOrdersKey(page),
    queryFn: ({ signal }) => getMyOrders(page, signal),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
    // Paging keeps the current page on screen until the next one has come.
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/orders/:id/cancel`: the buyer cancels a paid order before it ships. */
export function cancelOrder(orderId: string): Promise<OrderCancellationAnswer> {
  return apiFetch<OrderCancellationAnswer>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, {
    method: 'POST',
    body: {},
  });
}

/**
 * One of the order's tax documents as a PDF — its receipt (`GET /api/orders/:id/receipt`) or a
 * credit note (`GET /api/orders/:id/credit-notes/:number`), the buyer's own only. Fetched with the
 * session's token — a plain link would not carry it — and handed over as a file.
 */
export async function getTaxDocumentPdf(documentUrl: string): Promise<Blob> {
  const token = sessionStore.getState().token;
  const response = await fetch(`${getApiBaseUrl().replace(/\/+$/, '')}${documentUrl}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  // Refused for the session's token: the session ended (as the API client would report it).
  if (response.status === 401 && token) sessionStore.getState().expire(token);
  if (!response.ok || !response.headers.get('content-type')?.includes('application/pdf')) {
    throw new ApiError(strings.orders.receiptFailed, response.status);
  }
  return response.blob();
}
