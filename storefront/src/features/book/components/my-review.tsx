import { useState } from 'react';
import { Link } from '@mechabrim/routing';
import { useSession } from '@mechabrim/session';
import { REVIEW_LIMITS, reviewWriteSchema, type MyReview } from '@mechabrim/contracts';
import { Field, Stars, SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { useDeleteReview, useMyReview, useSaveReview } from '../api/reviews';
import { strings } from '../../../strings.he';

const s = strings.book.myReview;

/** The scale of spec §9: 1 to 5 in half stars, best first. */
export const RATING_OPTIONS = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1] as const;

function ReviewForm({
  bookId,
  userId,
  review,
  onDone,
}: {
  bookId: string;
  userId: string;
  review: MyReview | null;
  onDone: () => void;
}) {
  const save = useSaveReview(userId, bookId);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(reviewWriteSchema, {
    rating: review?.rating ?? 5,
    title: review?.title ?? '',
    content: review?.content ?? '',
  });
  const onSubmit = handleSubmit(async (body) => {
    setError(null);
    try {
      await save.mutateAsync({ reviewId: review?._id, body });
      onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  });
  return (
    <form
      className="sf-form book-my-review__form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={isSubmitting}
    >
      {error && (
        <p role="alert" className="mb-field__error">
          {error}
        </p>
      )}
      <Field label={s.rating} error={errors.rating?.message} required>
        {(control) => (
          <select {...control} {...register('rating', { valueAsNumber: true })}>
            {RATING_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {s.ratingOption(n)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={s.reviewTitle} error={errors.title?.message} required>
        {(control) => (
          <input maxLength={REVIEW_LIMITS.titleMax} {...control} {...register('title')} />
        )}
      </Field>
      <Field
        label={s.content}
        error={errors.content?.message}
        hint={s.contentHint(REVIEW_LIMITS.contentMax)}
        required
      >
        {(control) => (
          <textarea
            rows={6}
            maxLength={REVIEW_LIMITS.contentMax}
            {...control}
            {...register('content')}
          />
        )}
      </Field>
      <div className="book-my-review__actions">
        <SubmitButton pending={isSubmitting} pendingLabel={s.sending}>
          {review ? s.save : s.send}
        </SubmitButton>
        {review && (
          <button type="button" className="mb-button" data-variant="secondary" onClick={onDone}>
            {s.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

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
        <ReviewForm
          bookId={bookId}
          userId={user._id}
          review={review}
          onDone={() => setEditing(false)}
        />
      )}
      {!review && !canReview && reason && <p className="sf-muted">{reason}</p>}
    </section>
  );
}
