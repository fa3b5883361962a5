import { queryOptions, useQuery } from '@mechabrim/query';
import type { WishlistState } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';
import { wishlistKeys } from './query-keys';

/** `GET /api/users/wishlist/check/:bookId` (bearer). */
export async function checkWishlist(bookId: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiFetch<Partial<WishlistState>>(
    `/api/users/wishlist/check/${encodeURIComponent(bookId)}`,
    { signal },
  );
  return Boolean(answer?.isInWishlist);
}

/** Whether the signed-in user has the book in their wishlist (off for guests). */
export function wishlistCheckQuery(userId: string | undefined, bookId: string | undefined) {
  return queryOptions({
    queryKey: wishlistKeys.check(userId ?? '', bookId ?? ''),
    queryFn: ({ signal }) => checkWishlist(bookId as string, signal),
    enabled: Boolean(userId && bookId),
    staleTime: 30_000,
  });
}

export function useWishlistCheck(userId: string | undefined, bookId: string | undefined) {
  return useQuery(wishlistCheckQuery(userId, bookId));
}
