import { useMutation, useQueryClient } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';
import { clientLogger } from '@mechabrim/ui';
import { wishlistKeys } from './query-keys';

/** `POST /api/users/wishlist { bookId }`. */
export function addToWishlist(bookId: string): Promise<unknown> {
  return apiFetch('/api/users/wishlist', { method: 'POST', body: { bookId } });
}

/** `DELETE /api/users/wishlist/:bookId`. */
export function removeFromWishlist(bookId: string): Promise<unknown> {
  return apiFetch(`/api/users/wishlist/${encodeURIComponent(bookId)}`, { method: 'DELETE' });
}

/**
 * Adds or removes a book. The shown state flips only when the call succeeds (spec §4): the
 * check entry is written after success, never optimistically. Failures are logged (spec §8).
 */
export function useToggleWishlist(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ bookId, add }: { bookId: string; add: boolean }) => {
      if (add) await addToWishlist(bookId);
      else await removeFromWishlist(bookId);
      return { bookId, isInWishlist: add };
    },
    onSuccess: ({ bookId, isInWishlist }) => {
      qc.setQueryData(wishlistKeys.check(userId ?? '', bookId), isInWishlist);
      void qc.invalidateQueries({ queryKey: wishlistKeys.list(userId ?? '') });
    },
    onError: (error) => clientLogger.warn('Wishlist update failed', error, 'wishlist'),
  });
}
