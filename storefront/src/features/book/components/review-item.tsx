import { useState } from 'react';
import { useNavigate } from '@mechabrim/routing';
import { useSession } from '@mechabrim/session';
import { type Review } from '@mechabrim/contracts';
import { REVIEW_LIMITS } from '@mechabrim/contracts/src/terms';
import { formatDate } from '@mechabrim/hebrew';
import { Stars } from '@mechabrim/ui';
import { useMyReview, useVoteOnReview } from '../api/reviews';
import { strings } from '../../../strings.he';

const s = strings.book;

type ReviewVote = { kind: 'helpful' } | { kind: 'report'; reason: string };

/**
 * The reader's votes on one review: whether it is their own, the report form's state, and the
 * sending of a vote — or, signed out, the way to sign in first.
 */
function useReviewVoting(review: Review, bookId: string) {
  const user = useSession((st) => st.user);
  const navigate = useNavigate();
  const vote = useVoteOnReview(user?._id, bookId);
  // The same query as the reader's own review panel on this page (one request, from the cache).
  const mine = useMyReview(user?._id, bookId);
  const own = mine.data?.review?._id === review._id;
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const send = (v: ReviewVote) => {
    if (!user) {
      void navigate('/login', { state: { from: `/book/${bookId}` } });
      return;
    }
    vote.mutate(
      { reviewId: review._id, vote: v },
      {
        onSuccess: (answer) => {
          setMessage(answer.message);
          setReporting(false);
        },
        onError: (error) => setMessage(error.message),
      },
    );
  };
  const signedIn = Boolean(user);
  return {
    signedIn,
    pending: vote.isPending,
    own,
    reporting,
    setReporting,
    reason,
    setReason,
    message,
    send,
  };
}

/**
 * One published review: its writer, stars, date, title and text, the verified-purchase mark, how
 * many found it helpful, and the helpful and report actions — not on the reader's own review,
 * which the API would refuse them on. Every text is rendered as text (React escapes it).
 */
export function ReviewItem({ review, bookId }: { review: Review; bookId: string }) {
  const { signedIn, pending, own, reporting, setReporting, reason, setReason, message, send } =
    useReviewVoting(review, bookId);
  const helpful = review.helpfulCount ?? 0;
  const reasonId = `report-reason-${review._id}`;
  return (
    <li className="book-review">
      <div className="book-review__head">
        <strong>{review.authorName?.trim() || s.reader}</strong>
        <Stars rating={review.rating} />
        {review.createdAt && (
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        )}
        {review.verifiedPurchase && (
          <span className="book-review__verified">{s.verifiedPurchase}</span>
        )}
      </div>
      {review.title && <p className="book-review__title">{review.title}</p>}
      <p className="book-review__text">{review.content}</p>
      <div className="book-review__votes">
        {helpful > 0 && <span className="sf-muted">{s.helpfulCount(helpful)}</span>}
        {!own && (
          <>
            <button
              type="button"
              className="mb-button"
              data-variant="ghost"
              disabled={pending}
              onClick={() => send({ kind: 'helpful' })}
            >
              {s.markHelpful}
            </button>
            <button
              type="button"
              className="mb-button"
              data-variant="ghost"
              aria-expanded={reporting}
              onClick={() => (signedIn ? setReporting(!reporting) : send({ kind: 'helpful' }))}
            >
              {s.report}
            </button>
          </>
        )}
      </div>
      {reporting && (
        <ReviewReportForm
          reasonId={reasonId}
          reason={reason}
          onReasonChange={setReason}
          pending={pending}
          onSend={() => send({ kind: 'report', reason: reason.trim() })}
          onCancel={() => setReporting(false)}
        />
      )}
      {message && (
        <p className="sf-muted" role="status">
          {message}
        </p>
      )}
    </li>
  );
}

type ReviewReportFormProps = {
  /** The id that ties the reason's label to its box. */
  reasonId: string;
  reason: string;
  onReasonChange: (reason: string) => void;
  /** A vote on the review is being sent. */
  pending: boolean;
  onSend: () => void;
  onCancel: () => void;
};

/** Why the reader reports the review, with send and cancel. */
function ReviewReportForm(props: ReviewReportFormProps) {
  const { reasonId, pending } = props;
  return (
    <form
      className="book-review__report"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSend();
      }}
    >
      <label htmlFor={reasonId}>{s.reportReason}</label>
      <textarea
        id={reasonId}
        rows={2}
        required
        minLength={REVIEW_LIMITS.reportReasonMin}
        maxLength={REVIEW_LIMITS.reportReasonMax}
        value={props.reason}
        onChange={(event) => props.onReasonChange(event.target.value)}
      />
      <button type="submit" className="mb-button" disabled={pending}>
        {s.reportSend}
      </button>
      <button type="button" className="mb-button" data-variant="secondary" onClick={props.onCancel}>
        {s.reportCancel}
      </button>
    </form>
  );
}
