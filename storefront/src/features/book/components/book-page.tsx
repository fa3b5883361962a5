import { Link, useNavigate, useParams } from '@mechabrim/routing';
import type { Book, Review } from '@mechabrim/contracts';
import { cartStore, useCart } from '@mechabrim/cart-store';
import {
  BookCarousel,
  BookCover,
  BookPageSkeleton,
  Breadcrumb,
  CarouselSkeleton,
  ErrorState,
  Price,
  ReviewListSkeleton,
  Stars,
  uiStrings,
} from '@mechabrim/ui';
import {
  bookAuthorId,
  bookAuthorName,
  isNotFound,
  useBook,
  useBookReviews,
  useRelatedBooks,
} from '@mechabrim/api-client';
import { useArrivedList } from '../../../shared/arrived-list/use-arrived-list';
import { StoreBookCard } from '../../../shared/catalogue';
import { ExcerptButton } from './excerpt/excerpt-button';
import { MyReviewPanel } from './my-review';
import { ReviewItem } from './review-item';
import { WishlistToggle } from './wishlist-toggle';
import { strings } from '../../../strings.he';
import './book-page.css';

const s = strings.book;

function CartButton({ book }: { book: Book }) {
  const inCart = useCart((st) => st.isInCart(book._id));
  if (!book.isAvailable) {
    return (
      <button type="button" className="mb-button" disabled>
        {s.soldOut}
      </button>
    );
  }
  return inCart ? (
    <button
      type="button"
      className="mb-button"
      data-variant="secondary"
      onClick={() => cartStore.getState().remove(book._id)}
    >
      {s.removeFromCart}
    </button>
  ) : (
    <button type="button" className="mb-button" onClick={() => cartStore.getState().add(book)}>
      {s.addToCart}
    </button>
  );
}

function Reviews({ reviews, bookId }: { reviews: readonly Review[]; bookId: string }) {
  if (reviews.length === 0) return <p className="sf-muted">{s.noReviews}</p>;
  return (
    <ul className="book-reviews sf-plain-list">
      {reviews.map((r) => (
        <ReviewItem key={r._id} review={r} bookId={bookId} />
      ))}
    </ul>
  );
}

/** The breadcrumb of a book: home, its category when it has one, and the book itself. */
function bookCrumbs(book: Book) {
  return [
    { label: strings.common.home, to: '/' },
    ...(book.category
      ? [
          {
            label: book.category,
            to: `/category/${encodeURIComponent(book.category)}`,
          },
        ]
      : []),
    { label: book.title },
  ];
}

const NO_REVIEWS: Review[] = [];
const NO_BOOKS: Book[] = [];

/** The book's approved reviews, and the reader's own review panel. */
function BookReviews({ bookId }: { bookId: string }) {
  const reviews = useArrivedList(useBookReviews(bookId), NO_REVIEWS);
  return (
    <section className="sf-section" aria-labelledby="book-reviews">
      <h2 id="book-reviews" className="sf-section-title">
        {s.reviewsTitle}
      </h2>
      <MyReviewPanel bookId={bookId} />
      {reviews === undefined ? (
        <ReviewListSkeleton />
      ) : (
        <Reviews reviews={reviews} bookId={bookId} />
      )}
    </section>
  );
}

/** More books of the book's category. */
function RelatedBooks({ book }: { book: Book }) {
  const related = useArrivedList(useRelatedBooks(book), NO_BOOKS);
  return (
    <section className="sf-section" aria-labelledby="book-related">
      <h2 id="book-related" className="sf-section-title">
        {s.relatedTitle} {book.category}
      </h2>
      {related === undefined ? (
        <CarouselSkeleton count={4} />
      ) : (
        <BookCarousel
          items={related}
          maxPerView={4}
          getKey={(b) => b._id}
          label={s.relatedCarousel}
          renderItem={(b) => <StoreBookCard book={b} />}
        />
      )}
    </section>
  );
}

function BookDetail({ book }: { book: Book }) {
  return (
    <div className="sf-page book-page">
      <Breadcrumb items={bookCrumbs(book)} />
      <article className="book-main">
        <div className="book-main__cover">
          <BookCover src={book.coverImage} title={book.title} width={360} priority />
          {!book.isAvailable && (
            <span className="book-main__soldout" aria-hidden="true">
              {s.soldOutOverlay}
            </span>
          )}
        </div>
        <BookInfo book={book} />
      </article>
      <BookReviews bookId={book._id} />
      <RelatedBooks book={book} />
    </div>
  );
}

/** Beside the cover: the title, author, rating, price, what to do with the book and about it. */
function BookInfo({ book }: { book: Book }) {
  const authorId = bookAuthorId(book);
  const authorName = bookAuthorName(book) ?? uiStrings.unknownAuthor;
  return (
    <div className="book-main__info">
      <h1 className="book-main__title">{book.title}</h1>
      <p className="book-main__author">
        {authorName === uiStrings.unknownAuthor ? null : `${s.by} `}
        {authorId ? (
          <Link to={`/author/${authorId}`} className="sf-link">
            {authorName}
          </Link>
        ) : (
          authorName
        )}
      </p>
      <div className="book-main__rating">
        <Stars rating={book.rating} ratings={book.totalRatings ?? 0} showValue size="md" />
        {book.totalRatings ? (
          <span className="sf-muted">{s.reviewsCount(book.totalRatings)}</span>
        ) : null}
      </div>
      <p className="book-main__price">
        <Price value={book.price} />
      </p>
      {!book.isAvailable && <p className="book-main__soldout-text">{s.soldOut}</p>}
      <div className="book-main__actions">
        <CartButton book={book} />
        <WishlistToggle bookId={book._id} />
        {book.hasExcerpt && <ExcerptButton bookId={book._id} title={book.title} />}
      </div>
      <section aria-labelledby="book-desc" className="book-main__desc">
        <h2 id="book-desc" className="book-main__subtitle">
          {s.description}
        </h2>
        <p>{book.description?.trim() || book.summary?.trim() || s.noDescription}</p>
      </section>
      <section aria-labelledby="book-details">
        <h2 id="book-details" className="book-main__subtitle">
          {s.detailsTitle}
        </h2>
        <BookFacts book={book} />
        <ul className="book-notes sf-plain-list">
          <li>{s.printOnDemand}</li>
          <li className="book-notes__community">{s.donationLine}</li>
        </ul>
      </section>
    </div>
  );
}

/** The book's particulars: publisher, language, its print specification and category. */
function BookFacts({ book }: { book: Book }) {
  return (
    <dl className="book-facts">
      <div>
        <dt>{s.publisher}</dt>
        <dd>{s.publisherValue}</dd>
      </div>
      <div>
        <dt>{s.language}</dt>
        <dd>{s.languageValue}</dd>
      </div>
      <div>
        <dt>{s.pages}</dt>
        <dd>{book.printSpec?.pages ?? s.pagesValue}</dd>
      </div>
      {book.printSpec?.trim && (
        <div>
          <dt>{s.trim}</dt>
          <dd>{s.trimValue(book.printSpec.trim.widthMm, book.printSpec.trim.heightMm)}</dd>
        </div>
      )}
      {book.printSpec?.paper && (
        <div>
          <dt>{s.paper}</dt>
          <dd>{s.paperValue(book.printSpec.paper)}</dd>
        </div>
      )}
      {book.printSpec?.printing && (
        <div>
          <dt>{s.printing}</dt>
          <dd>{s.printingValue[book.printSpec.printing]}</dd>
        </div>
      )}
      {book.printSpec && (
        <div>
          <dt>{s.binding}</dt>
          <dd>{s.bindingValue}</dd>
        </div>
      )}
      {book.printSpec?.readingDirection && (
        <div>
          <dt>{s.readingDirection}</dt>
          <dd>{s.readingDirectionValue[book.printSpec.readingDirection]}</dd>
        </div>
      )}
      {book.category && (
        <div>
          <dt>{s.category}</dt>
          <dd>
            <Link to={`/category/${encodeURIComponent(book.category)}`} className="sf-link">
              {book.category}
            </Link>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** `/book/:id` — the book page with its loading, not-found and error screens. */
export function BookPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useBook(id);
  if (query.isPending) {
    return (
      <div className="sf-page">
        <BookPageSkeleton />
      </div>
    );
  }
  if (query.isError) {
    const notFound = isNotFound(query.error);
    return (
      <div className="sf-page">
        <ErrorState
          titleAs="h1"
          title={notFound ? s.notFound : s.loadError}
          message={notFound ? s.notFoundText : query.error.message}
          onRetry={notFound ? undefined : () => void query.refetch()}
        >
          <button
            type="button"
            className="mb-button"
            data-variant="secondary"
            onClick={() => void (window.history.length > 1 ? navigate(-1) : navigate('/'))}
          >
            {strings.common.back}
          </button>
        </ErrorState>
      </div>
    );
  }
  return <BookDetail book={query.data} />;
}
