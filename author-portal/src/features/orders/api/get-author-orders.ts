import type { AuthorOrdersPage } from '@mechabrim/contracts';
import { keepPreviousData, useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';

/** Orders per page of the author's orders screen. */
export const AUTHOR_ORDERS_PAGE_SIZE = 10;

export type OrdersTab = 'all' | 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled';

/** `GET /api/orders/author`: the orders holding the author's books, one page, with tab counts. */
export function getAuthorOrders(tab: OrdersTab, page: number, signal?: AbortSignal) {
  const status = tab === 'all' ? '' : `&status=${tab}`;
  return apiFetch<AuthorOrdersPage>(
    `/api/orders/author?page=${page}&limit=${AUTHOR_ORDERS_PAGE_SIZE}${status}`,
    { signal },
  );
}

export function useAuthorOrders(tab: OrdersTab, page: number) {
  return useQuery({
    queryKey: ['author-portal', 'orders', tab, page] as const,
    queryFn: ({ signal }) => getAuthorOrders(tab, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
