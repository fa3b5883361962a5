import { useState } from 'react';
import { reviewWriteSchema, type MyReview } from '@mechabrim/contracts';
import { REVIEW_LIMITS } from '@mechabrim/contracts/src/terms';
import { Field, SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { useSaveReview } from '../api/reviews';
import { strings } from '../../../strings.he';

const s = strings.book.myReview;

/** The scale of spec §9: 1 to 5 in half stars, best first. */
export const RATING_OPTIONS = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1] as const;

type ReviewFormProps = {
  bookId: string;
  userId: string;
  /** The reader's review being edited, or null for a new one. */
  review: MyReview | null;
  onDone: () => void;
};

/** The form's state, filled with the review being edited, and its sending to the API. */
function useReviewForm({ bookId, userId, review, onDone }: ReviewFormProps) {
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
  return { register, errors, isSubmitting, onSubmit, error };
}

export function ReviewForm(props: ReviewFormProps) {
  const { review, onDone } = props;
  const { register, errors, isSubmitting, onSubmit, error } = useReviewForm(props);
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
