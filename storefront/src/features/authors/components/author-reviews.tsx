import { Link } from '@mechabrim/routing';
import { formatDate } from '@mechabrim/hebrew';
import type { AuthorReview } from '@mechabrim/contracts';
import { Stars } from '@mechabrim/ui';
import { useArrivedList } from '../../../shared/arrived-list/use-arrived-list';
import { useAuthorReviews } from '../api/get-author-reviews';
import { strings } from '../../../strings.he';

const s = strings.author;
const NO_REVIEWS: readonly AuthorReview[] = [];

/** The newest approved reviews of the author's books, each linking to its book; none, no section. */
export function AuthorReviews({ authorId }: { authorId: string }) {
  const list = useArrivedList(useAuthorReviews(authorId), NO_REVIEWS) ?? NO_REVIEWS;
  if (list.length === 0) return null;
  return (
    <section className="sf-section" aria-labelledby="author-reviews">
      <h2 id="author-reviews" className="sf-section-title">
        {s.reviewsTitle}
      </h2>
      <ul className="author-reviews sf-plain-list">
        {list.map((r) => (
          <li key={r._id} className="author-review">
            <div className="author-review__head">
              <strong>{r.authorName?.trim() || strings.book.reader}</strong>
              <Stars rating={r.rating} />
              {r.createdAt && <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>}
              {r.verifiedPurchase && (
                <span className="author-review__verified">{strings.book.verifiedPurchase}</span>
              )}
            </div>
            <Link to={`/book/${r.bookId}`}>{s.reviewOf(r.bookTitle)}</Link>
            {r.title && <p className="author-review__title">{r.title}</p>}
            <p className="author-review__text">{r.content}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
