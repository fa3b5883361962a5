import { useState, type FocusEvent, type MouseEvent } from 'react';
import { Link, useNavigate } from '@mechabrim/routing';
import { uiStrings } from '../../strings.he';
import { BookCover } from '../book-cover/book-cover';
import { Price } from '../price/price';
import { Stars } from '../stars/stars';
import './book-card.css';

/** The fields of a book the card shows (a subset of the catalogue's Book). */
export interface BookCardBook {
  _id: string;
  title: string;
  coverImage?: string | null;
  price: number;
  summary?: string | null;
  description?: string | null;
  rating?: number | null;
  /** How many ratings `rating` averages; with none the card says so instead of 0.0 stars. */
  totalRatings?: number | null;
}

export interface BookCardProps {
  book: BookCardBook;
  /** The author's name; 'Unknown author' when the author could not be resolved. */
  authorName?: string | null;
  inCart: boolean;
  /** Copies of this book in the cart; a badge shows it above 1. */
  quantity: number;
  onAdd: () => void;
  onRemove: () => void;
  /** Above-the-fold cards load their cover eagerly. */
  priority?: boolean;
  showRating?: boolean;
  /** Heading level of the title inside the page outline. */
  headingLevel?: 2 | 3 | 4;
}

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="mb-icon">
      <path d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM3 2h2.2l.9 2H21l-3.4 8.1a2 2 0 0 1-1.8 1.2H8.1l-.9 1.7h11.8v2H4l2.3-4.3L3.8 4H3V2z" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="mb-icon">
      <path d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h-2v-8h2z" />
    </svg>
  );
}

/** True on a device whose main pointer cannot hover (a touch screen). */
function cannotHover(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(hover: none)').matches
    : false;
}

/**
 * Whether the cover's summary overlay is open, and the handlers that open and close it: the
 * media's focus, a touch screen's first tap on the cover, and a click on the overlay.
 */
function useSummaryOverlay(href: string) {
  const [tapped, setTapped] = useState(false);
  const [focused, setFocused] = useState(false);
  const navigate = useNavigate();
  const onCoverClick = (event: MouseEvent) => {
    if (!tapped && cannotHover()) {
      event.preventDefault();
      setTapped(true);
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) {
      setFocused(false);
      setTapped(false);
    }
  };
  const onOverlayClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a, button')) return;
    // A touch user's tap on the summary closes it; a mouse's click anywhere on the cover
    // (the overlay covers it while hovered) opens the book, as the whole card should.
    if (tapped) setTapped(false);
    else if (!cannotHover()) void navigate(href);
  };
  return {
    open: tapped || focused,
    onFocus: () => setFocused(true),
    onBlur,
    onMouseLeave: () => setTapped(false),
    onCoverClick,
    onOverlayClick,
  };
}

type BookCardMediaProps = {
  book: BookCardBook;
  href: string;
  summary: string;
  inCart: boolean;
  quantity: number;
  priority: boolean;
};

/**
 * How wide a card's cover is drawn: the grids' and carousels' columns (2 on a phone, 3 from 640
 * px, 4 from 1024, 5 or more from 1200, in a page at most 1,200–1,320 px wide).
 */
const CARD_COVER_SIZES =
  '(max-width: 639px) 50vw, (max-width: 1023px) 34vw, (max-width: 1199px) 25vw, 250px';

/** The cover, the cart quantity badge and the summary overlay with its view link. */
function BookCardMedia({ book, href, summary, inCart, quantity, priority }: BookCardMediaProps) {
  const overlay = useSummaryOverlay(href);
  return (
    <div
      className="mb-book-card__media"
      onFocus={overlay.onFocus}
      onBlur={overlay.onBlur}
      onMouseLeave={overlay.onMouseLeave}
    >
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="mb-book-card__cover-link"
        onClick={overlay.onCoverClick}
      >
        <BookCover
          src={book.coverImage}
          title={book.title}
          sizes={CARD_COVER_SIZES}
          priority={priority}
        />
      </Link>
      {inCart && quantity > 1 && (
        <span className="mb-book-card__badge" aria-label={uiStrings.inCartQuantity(quantity)}>
          {quantity}
        </span>
      )}
      {/* A touch user's second tap outside the overlay's links closes it, a mouse's click opens
          the book; keyboard users reach the same links and buttons directly, so there is no
          key handler to add. */}
      {/* eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-static-element-interactions */}
      <div
        className="mb-book-card__overlay"
        data-open={overlay.open}
        data-testid="book-card-overlay"
        onClick={overlay.onOverlayClick}
      >
        <p className="mb-book-card__summary">{summary}</p>
        <Link
          to={href}
          className="mb-button mb-book-card__view"
          data-variant="light"
          aria-label={uiStrings.viewBookNamed(book.title)}
        >
          {uiStrings.viewBook}
        </Link>
      </div>
    </div>
  );
}

type CartButtonProps = {
  title: string;
  inCart: boolean;
  onAdd: () => void;
  onRemove: () => void;
};

/** Adds the book to the cart, or removes it once it is there. */
function CartButton({ title, inCart, onAdd, onRemove }: CartButtonProps) {
  return inCart ? (
    <button
      type="button"
      className="mb-icon-button mb-icon-button--danger"
      onClick={onRemove}
      aria-label={uiStrings.removeFromCartNamed(title)}
      title={uiStrings.removeFromCart}
    >
      <TrashIcon />
    </button>
  ) : (
    <button
      type="button"
      className="mb-icon-button mb-icon-button--accent"
      onClick={onAdd}
      aria-label={uiStrings.addToCartNamed(title)}
      title={uiStrings.addToCart}
    >
      <CartIcon />
    </button>
  );
}

/**
 * A book in a list or carousel: cover (placeholder on error), a summary overlay, view and
 * add/remove-from-cart buttons, the quantity badge above 1, title, 'by' author, price as charged
 * (`Price`: agorot shown where it has them).
 *
 * The overlay shows on hover (a mouse), while anything inside it has keyboard focus (its view
 * link is in the tab order: the overlay is only transparent, never `visibility: hidden`), and on
 * a touch screen after a first tap on the cover (the second tap, on 'view', opens the book; a
 * tap on the summary closes it again).
 */
export function BookCard({
  book,
  authorName,
  inCart,
  quantity,
  onAdd,
  onRemove,
  priority = false,
  showRating = false,
  headingLevel = 3,
}: BookCardProps) {
  const href = `/book/${book._id}`;
  const summary = book.summary?.trim() || book.description?.trim() || uiStrings.noSummary;
  const author = authorName?.trim() || uiStrings.unknownAuthor;
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <article className="mb-book-card" data-testid="book-card">
      <BookCardMedia
        book={book}
        href={href}
        summary={summary}
        inCart={inCart}
        quantity={quantity}
        priority={priority}
      />
      <div className="mb-book-card__body">
        <Heading className="mb-book-card__title">
          <Link to={href}>{book.title}</Link>
        </Heading>
        <p className="mb-book-card__author">{uiStrings.byAuthor(author)}</p>
        {showRating && <Stars rating={book.rating} ratings={book.totalRatings} showValue />}
        <div className="mb-book-card__footer">
          <Price value={book.price} className="mb-book-card__price" />
          <CartButton title={book.title} inCart={inCart} onAdd={onAdd} onRemove={onRemove} />
        </div>
      </div>
    </article>
  );
}
