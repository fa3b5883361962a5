import { queryOptions, useQuery } from '@mechabrim/query';
import type { Book } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { wishlistKeys } from './query-keys';

/** `GET /api/users/wishlist` — an array, or an object holding `books` or `wishlist`. */
export async function getWishlist(signal?: AbortSignal): Promise<Book[]> {
  const answer = await apiFetch<unknown>('/api/users/wishlist', { signal });
  if (Array.isArray(answer)) return answer as Book[];
  if (answer && typeof answer === 'object') {
    const o = answer as { books?: unknown; wishlist?: unknown };
    if (Array.isArray(o.books)) return o.books as Book[];
    if (Array.isArray(o.wishlist)) return o.wishlist as Book[];
  }
  return [];
}

/** The query (key, fetcher, freshness) behind `useWishlist`, for hooks, prefetching and the server render. */
export function wishlistQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: wishlistKeys.list(userId ?? ''),
    queryFn: ({ signal }) => getWishlist(signal),
    enabled: Boolean(userId),
  });
}

export function useWishlist(userId: string | undefined) {
  return useQuery(wishlistQuery(userId));
}
