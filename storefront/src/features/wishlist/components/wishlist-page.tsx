import { useState } from 'react';
import { Link } from '@mechabrim/routing';
import type { Book } from '@mechabrim/contracts';
import { useSession } from '@mechabrim/session';
import {
  BookCover,
  BookGridSkeleton,
  EmptyState,
  ErrorState,
  Price,
  Spinner,
  Stars,
  Toast,
  uiStrings,
} from '@mechabrim/ui';
import { useToggleWishlist, useWishlist } from '@mechabrim/api-client';
import { cartStore, useCart } from '@mechabrim/cart-store';
import { strings } from '../../../strings.he';
import './wishlist.css';

const s = strings.wishlist;

function authorOf(book: Book): string {
  const ref = book.author as Book['author'] | string | undefined;
  return (typeof ref === 'object' && ref?.name) || book.authorName || uiStrings.unknownAuthor;
}

/** Add to the cart or take out of it; a book off sale shows sold out, its button disabled. */
function WishlistCartButton({ book }: { book: Book }) {
  const inCart = useCart((st) => st.quantityOf(book._id) > 0);
  if (!book.isAvailable) {
    return (
      <button type="button" className="mb-button" disabled aria-label={s.soldOut(book.title)}>
        {strings.book.soldOut}
      </button>
    );
  }
  return inCart ? (
    <button
      type="button"
      className="mb-button"
      data-variant="secondary"
      aria-label={s.removeFromCart(book.title)}
      onClick={() => cartStore.getState().remove(book._id)}
    >
      {strings.book.removeFromCart}
    </button>
  ) : (
    <button
      type="button"
      className="mb-button"
      aria-label={s.addToCart(book.title)}
      onClick={() => cartStore.getState().add(book)}
    >
      {strings.book.addToCart}
    </button>
  );
}

/** `/wishlist` — the signed-in reader's wished books; guests get a login prompt. */
export function WishlistPage() {
  const user = useSession((st) => st.user);
  const sessionLoading = useSession((st) => st.loading);
  const list = useWishlist(user?._id);
  const toggle = useToggleWishlist(user?._id);
  const [removeFailed, setRemoveFailed] = useState(false);

  if (sessionLoading)
    return (
      <div className="sf-page">
        <Spinner />
      </div>
    );
  if (!user) return <WishlistLoginPrompt />;

  const books = list.data ?? [];
  const remove = (bookId: string) =>
    toggle.mutate(
      { bookId, add: false },
      {
        onSuccess: () => void list.refetch(),
        onError: () => setRemoveFailed(true),
      },
    );
  return (
    <div className="sf-page">
      <WishlistHeader
        count={books.length}
        refreshing={list.isFetching}
        onRefresh={() => void list.refetch()}
      />
      {removeFailed && (
        <Toast
          tone="error"
          message={s.removeError}
          durationMs={5000}
          onClose={() => setRemoveFailed(false)}
        />
      )}
      {list.isPending ? (
        <BookGridSkeleton count={4} />
      ) : list.isError ? (
        <ErrorState
          title={s.loadError}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        >
          <Link to="/" className="mb-button" data-variant="secondary">
            {strings.common.backHome}
          </Link>
        </ErrorState>
      ) : books.length === 0 ? (
        <EmptyState
          icon="heart"
          title={s.empty}
          description={s.emptyHint}
          action={
            <Link to="/books" className="mb-button">
              {s.browse}
            </Link>
          }
        />
      ) : (
        <WishlistGrid books={books} removing={toggle.isPending} onRemove={remove} />
      )}
    </div>
  );
}

type WishlistHeaderProps = {
  /** How many books are wished. */
  count: number;
  /** The list is being fetched again: no second refresh meanwhile. */
  refreshing: boolean;
  onRefresh: () => void;
};

/** The page's title with the count of wished books, and the refresh button. */
function WishlistHeader({ count, refreshing, onRefresh }: WishlistHeaderProps) {
  return (
    <div className="sf-section-head">
      <h1 className="sf-page-title">
        {s.title} <span className="wishlist-count">{s.count(count)}</span>
      </h1>
      <button
        type="button"
        className="mb-button"
        data-variant="secondary"
        onClick={onRefresh}
        disabled={refreshing}
      >
        {s.refresh}
      </button>
    </div>
  );
}

type WishlistGridProps = {
  books: Book[];
  /** A book is being taken off the wishlist: no second removal meanwhile. */
  removing: boolean;
  onRemove: (bookId: string) => void;
};

/** The wished books, a card each. */
function WishlistGrid({ books, removing, onRemove }: WishlistGridProps) {
  return (
    <ul className="mb-grid mb-grid--books sf-plain-list">
      {books.map((b) => (
        <WishlistCard key={b._id} book={b} removing={removing} onRemove={() => onRemove(b._id)} />
      ))}
    </ul>
  );
}

/** A guest has no wishlist: the way to sign in, or to browse the books. */
function WishlistLoginPrompt() {
  return (
    <div className="sf-page">
      <h1 className="sf-page-title">{s.title}</h1>
      <EmptyState
        icon="heart"
        title={s.loginPrompt}
        action={
          <>
            <Link to="/login" className="mb-button">
              {s.login}
            </Link>
            <Link to="/books" className="mb-button" data-variant="secondary">
              {s.browse}
            </Link>
          </>
        }
      />
    </div>
  );
}

type WishlistCardProps = {
  book: Book;
  /** A book is being taken off the wishlist: no second removal meanwhile. */
  removing: boolean;
  onRemove: () => void;
};

/** One wished book: its cover and title (a link to it), author, rating, sales, price and actions. */
function WishlistCard({ book: b, removing, onRemove }: WishlistCardProps) {
  return (
    <li className="wishlist-card" data-sold-out={b.isAvailable ? undefined : 'true'}>
      <Link to={`/book/${b._id}`} className="wishlist-card__link">
        <span className="wishlist-card__cover">
          <BookCover src={b.coverImage} title={b.title} />
          {!b.isAvailable && (
            <span className="wishlist-card__soldout">{strings.book.soldOutOverlay}</span>
          )}
        </span>
        <span className="wishlist-card__title">{b.title}</span>
      </Link>
      <span className="sf-muted">{uiStrings.byAuthor(authorOf(b))}</span>
      <Stars rating={b.rating} ratings={b.totalRatings} showValue />
      <span className="sf-muted">{s.sales(b.salesCount ?? 0)}</span>
      <div className="wishlist-card__foot">
        <Price value={b.price} className="wishlist-card__price" />
        <WishlistCartButton book={b} />
        <button
          type="button"
          className="mb-button"
          data-variant="ghost"
          aria-label={s.remove(b.title)}
          disabled={removing}
          onClick={onRemove}
        >
          {s.removeShort}
        </button>
      </div>
    </li>
  );
}
