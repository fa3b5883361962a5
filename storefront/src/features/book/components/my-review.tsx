import { lazy, Suspense, useState } from 'react';
import { Link } from '@mechabrim/routing';
import { useSession } from '@mechabrim/session';
import type { MyReview } from '@mechabrim/contracts';
import { Spinner, Stars } from '@mechabrim/ui';
import { useDeleteReview, useMyReview } from '../api/reviews';
import { strings } from '../../../strings.he';

// The form (react-hook-form, zod and the review schemas) loads when a reader may write or edit,
// not with every book page: a guest or a reader who cannot review never needs it.
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

const s = strings.book.myReview;

function statusLine(review: MyReview): string {
  if (review.status === 'approved') return s.approved;
  if (review.status === 'rejected') return s.rejected(review.rejectionReason);
  return s.pending;
}

/**
 * The signed-in reader's own review on a book page (issue 24): the form when they may write one
 * (their order of the book was delivered), else why not; their review with its moderation state,
 * to edit or delete. Guests are invited to sign in.
 */
export function MyReviewPanel({ bookId }: { bookId: string }) {
  const user = useSession((st) => st.user);
  const mine = useMyReview(user?._id, bookId);
  const remove = useDeleteReview(user?._id, bookId);
  const [editing, setEditing] = useState(false);
  if (!user) {
    return (
      <p className="sf-muted book-my-review">
        {s.signIn}{' '}
        <Link to="/login" state={{ from: `/book/${bookId}` }}>
          {s.signInLink}
        </Link>
      </p>
    );
  }
  if (!mine.data) return null;
  const { review, canReview, reason } = mine.data;
  return (
    <section className="book-my-review" aria-labelledby="book-my-review-title">
      <h3 id="book-my-review-title" className="book-my-review__title">
        {review ? s.title : s.write}
      </h3>
      {review && !editing && (
        <div className="book-review">
          <div className="book-review__head">
            <strong>{review.title}</strong>
            <Stars rating={review.rating} />
          </div>
          <p className="book-review__text">{review.content}</p>
          <p className="sf-muted" role="status">
            {statusLine(review)}
          </p>
          <div className="book-my-review__actions">
            <button type="button" className="mb-button" onClick={() => setEditing(true)}>
              {s.edit}
            </button>
            <button
              type="button"
              className="mb-button"
              data-variant="secondary"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(s.confirmRemove)) remove.mutate(review._id);
              }}
            >
              {s.remove}
            </button>
          </div>
        </div>
      )}
      {((review && editing) || (!review && canReview)) && (
        <Suspense fallback={<Spinner label={s.formLoading} />}>
          <ReviewForm
            bookId={bookId}
            userId={user._id}
            review={review}
            onDone={() => setEditing(false)}
          />
        </Suspense>
      )}
      {!review && !canReview && reason && <p className="sf-muted">{reason}</p>}
    </section>
  );
}
