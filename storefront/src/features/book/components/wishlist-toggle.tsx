import { useNavigate } from '@mechabrim/routing';
import { useSession } from '@mechabrim/session';
import { useToggleWishlist, useWishlistCheck } from '@mechabrim/api-client';
import { strings } from '../../../strings.he';

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="mb-icon">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C1 8.4 3 5 6.4 5c2 0 3.5 1.1 4.4 2.5h2.4C14.1 6.1 15.6 5 17.6 5 21 5 23 8.4 21.6 11.7 19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
      />
    </svg>
  );
}

/** Add or remove a book from the wishlist; guests are sent to /login. */
export function WishlistToggle({ bookId }: { bookId: string }) {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const check = useWishlistCheck(user?._id, bookId);
  const toggle = useToggleWishlist(user?._id);
  const inList = Boolean(check.data);
  const label = inList ? strings.book.removeFromWishlist : strings.book.addToWishlist;
  return (
    <button
      type="button"
      className={`mb-button book-wishlist${inList ? ' book-wishlist--on' : ''}`}
      data-variant="secondary"
      aria-pressed={inList}
      aria-busy={toggle.isPending || undefined}
      disabled={toggle.isPending}
      onClick={() => {
        if (!user) {
          void navigate('/login', { state: { from: `/book/${bookId}` } });
          return;
        }
        toggle.mutate({ bookId, add: !inList });
      }}
    >
      <Heart filled={inList} />
      {label}
    </button>
  );
}
