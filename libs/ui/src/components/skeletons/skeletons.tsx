import { uiStrings } from '../../strings.he';
import './skeletons.css';

/** A grey block that shimmers; sized by the caller. */
export function SkeletonBlock({
  className = '',
  style,
}: {
  className?: string;
  style?: React.CSSProperties;
}) {
  return <span className={`mb-skeleton ${className}`} style={style} aria-hidden="true" />;
}

/** The shape of a book card while it loads: 2:3 cover, two text lines, price row. */
export function BookCardSkeleton() {
  return (
    <div className="mb-book-card-skeleton" aria-hidden="true" data-testid="book-card-skeleton">
      <SkeletonBlock className="mb-skeleton--cover" />
      <div className="mb-book-card-skeleton__body">
        <SkeletonBlock className="mb-skeleton--line" />
        <SkeletonBlock className="mb-skeleton--line mb-skeleton--short" />
        <SkeletonBlock className="mb-skeleton--line mb-skeleton--price" />
      </div>
    </div>
  );
}

function Busy({
  children,
  label = uiStrings.loading,
}: {
  children: React.ReactNode;
  label?: string;
}) {
  return (
    <div role="status" aria-busy="true" aria-live="polite" className="mb-skeleton-region">
      <span className="mb-visually-hidden">{label}</span>
      {children}
    </div>
  );
}

/** A carousel row of card skeletons, as many as the viewport shows. */
export function CarouselSkeleton({ count = 6 }: { count?: number }) {
  return (
    <Busy>
      <div className="mb-carousel-skeleton">
        {Array.from({ length: count }, (_, i) => (
          <BookCardSkeleton key={i} />
        ))}
      </div>
    </Busy>
  );
}

/** A grid of card skeletons. */
export function BookGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <Busy>
      <div className="mb-grid mb-grid--books">
        {Array.from({ length: count }, (_, i) => (
          <BookCardSkeleton key={i} />
        ))}
      </div>
    </Busy>
  );
}

/** A list of reviews while it loads: boxes with a name, stars and date row over two text lines. */
export function ReviewListSkeleton({ count = 2 }: { count?: number }) {
  return (
    <Busy>
      <div className="mb-review-list-skeleton" data-testid="review-list-skeleton">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="mb-review-skeleton">
            <div className="mb-review-skeleton__head">
              <SkeletonBlock className="mb-skeleton--line mb-skeleton--name" />
              <SkeletonBlock className="mb-skeleton--line mb-skeleton--stars" />
            </div>
            <SkeletonBlock className="mb-skeleton--line" />
            <SkeletonBlock className="mb-skeleton--line mb-skeleton--short" />
          </div>
        ))}
      </div>
    </Busy>
  );
}

/** The book page while it loads: cover beside title, author, stars, price and text lines. */
export function BookPageSkeleton() {
  return (
    <Busy>
      <div className="mb-book-page-skeleton" data-testid="book-page-skeleton">
        <SkeletonBlock className="mb-skeleton--cover mb-book-page-skeleton__cover" />
        <div className="mb-book-page-skeleton__info">
          <SkeletonBlock className="mb-skeleton--title" />
          <SkeletonBlock className="mb-skeleton--line mb-skeleton--short" />
          <SkeletonBlock className="mb-skeleton--line mb-skeleton--short" />
          <SkeletonBlock className="mb-skeleton--price" />
          <SkeletonBlock className="mb-skeleton--line" />
          <SkeletonBlock className="mb-skeleton--line" />
          <SkeletonBlock className="mb-skeleton--line mb-skeleton--short" />
        </div>
      </div>
    </Busy>
  );
}

/** The author page while it loads: avatar, name, bio lines, then a grid of books. */
export function AuthorPageSkeleton() {
  return (
    <Busy>
      <div className="mb-author-page-skeleton" data-testid="author-page-skeleton">
        <SkeletonBlock className="mb-skeleton--avatar" />
        <SkeletonBlock className="mb-skeleton--title" />
        <SkeletonBlock className="mb-skeleton--line" />
        <SkeletonBlock className="mb-skeleton--line mb-skeleton--short" />
      </div>
      <div className="mb-grid mb-grid--books">
        {Array.from({ length: 4 }, (_, i) => (
          <BookCardSkeleton key={i} />
        ))}
      </div>
    </Busy>
  );
}
