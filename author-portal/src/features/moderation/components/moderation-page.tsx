import { formatPrice } from '@mechabrim/money';
import { useId, useState, type ReactNode } from 'react';
import type { BookEditFields, PendingBook, PendingEdit, PendingReview } from '@mechabrim/contracts';
import { formatDateTime } from '@mechabrim/hebrew';
import { useQueryClient } from '@mechabrim/query';
import { BookCover, ErrorState } from '@mechabrim/ui';
import { reasonOf } from '../../../shared/errors';
import { PreflightReport } from '../../../shared/preflight-report';
import {
  DecisionButtons,
  RejectReasonForm,
  useAdminDecision,
  type AdminDecision,
} from '../../../shared/admin-decision';
import { strings } from '../../../strings.he';
import { decide, moderationKey, useModerationList, type ModerationKind } from '../api/moderation';
import './moderation.css';
import type { Notice } from '../../../shared/notice';

const s = strings.moderation;

type DecisionProps = {
  kind: ModerationKind;
  id: string;
  title: string;
  onNotice: (notice: Notice) => void;
  /** The version shown (a review's `updatedAt`): an approval refuses one changed since. */
  seen?: string;
};

/** The decision on one item: approving or rejecting it, then the notice and the list again. */
function useDecision({ kind, id, title, onNotice, seen }: DecisionProps) {
  const queryClient = useQueryClient();
  return useAdminDecision(
    async (why) => {
      await decide(kind, id, why, seen);
      onNotice({ tone: 'done', text: why === null ? s.approved(title) : s.rejected(title) });
      await queryClient.invalidateQueries({ queryKey: moderationKey(kind) });
    },
    (error) => {
      onNotice({ tone: 'error', text: s.failed(reasonOf(error, s.loadError)) });
      // Changed or decided meanwhile: show the list as it is now.
      void queryClient.invalidateQueries({ queryKey: moderationKey(kind) });
    },
  );
}

type RejectFormProps = { kind: ModerationKind; decision: AdminDecision };

/** The reason to reject with; Escape closes it like 'cancel'. */
function RejectForm({ kind, decision }: RejectFormProps) {
  return (
    <RejectReasonForm
      block="ap-decision"
      decision={decision}
      onCancel={decision.cancel}
      labels={{
        reason: kind === 'reviews' ? s.reviewReason : s.reason,
        confirm: s.confirmReject,
        cancel: s.cancel,
      }}
    />
  );
}

/** Approve, or reject with the reason the author will read. */
function Decision(props: DecisionProps) {
  const decision = useDecision(props);
  return (
    <div className="ap-decision">
      {decision.rejecting ? (
        <RejectForm kind={props.kind} decision={decision} />
      ) : (
        <DecisionButtons
          block="ap-decision"
          decision={decision}
          labels={{ accept: s.approve, reject: s.reject }}
          item={props.title}
        />
      )}
    </div>
  );
}

function ListSection<T>({
  kind,
  title,
  empty,
  render,
}: {
  kind: ModerationKind;
  title: string;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  const list = useModerationList(kind);
  const headingId = useId();
  let body: ReactNode;
  if (list.isError) {
    body = (
      <ErrorState message={s.loadError} onRetry={() => void list.refetch()} retryLabel={s.retry} />
    );
  } else if (list.isPending) {
    body = <p role="status">{strings.loading}</p>;
  } else if (list.data.length === 0) {
    body = <p>{empty}</p>;
  } else {
    body = <ul className="ap-moderation__list">{(list.data as T[]).map(render)}</ul>;
  }
  return (
    <section aria-labelledby={headingId} className="ap-moderation__section">
      <h2 id={headingId} className="ap-section-title">
        {title}
        {list.data ? ` (${list.data.length})` : ''}
      </h2>
      {body}
    </section>
  );
}

const showField = (key: keyof BookEditFields, fields: BookEditFields) =>
  key === 'price'
    ? formatPrice(fields.price)
    : key === 'tags'
      ? fields.tags.join(', ')
      : fields[key];

const FIELDS: (keyof BookEditFields)[] = ['title', 'price', 'summary', 'tags'];

type PendingItemProps<T> = { item: T; onNotice: (notice: Notice) => void };

function PendingBookItem({ item: book, onNotice }: PendingItemProps<PendingBook>) {
  return (
    <li className="ap-card ap-moderation__book" data-testid="pending-book">
      <BookCover
        src={book.coverImage}
        title={book.title}
        width={72}
        className="ap-cover ap-cover--md"
      />
      <div>
        <h3 className="ap-moderation__title">{book.title}</h3>
        <p className="ap-moderation__meta">
          {s.by(book.authorName)} · {s.submitted}{' '}
          <time dateTime={book.submittedAt}>{formatDateTime(book.submittedAt)}</time> ·{' '}
          <bdi>{formatPrice(book.price)}</bdi>
        </p>
        <p className="ap-moderation__meta" data-testid="pending-print-cost">
          {book.printCost
            ? s.printCost(
                formatPrice(book.printCost.perCopy),
                formatPrice(book.printCost.lowestPrice),
                formatDateTime(book.printCost.quotedAt),
              )
            : s.printCostPending}
          {book.printCost && book.price < book.printCost.lowestPrice && (
            <strong> {s.priceBelowPrint}</strong>
          )}
        </p>
        <PreflightReport report={book.preflight} />
        <Decision kind="books" id={book._id} title={book.title} onNotice={onNotice} />
      </div>
    </li>
  );
}

/** Each field before and after the edit, the changed rows marked. */
function EditDiff({ edit }: { edit: PendingEdit }) {
  return (
    <div className="ap-moderation__scroll">
      <table className="ap-moderation__diff">
        <thead>
          <tr>
            <th scope="col">{s.field}</th>
            <th scope="col">{s.before}</th>
            <th scope="col">{s.after}</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map((key) => {
            const before = showField(key, edit.previous);
            const after = showField(key, edit.changes);
            return (
              <tr key={key} data-changed={before !== after || undefined}>
                <th scope="row">{s.fields[key]}</th>
                <td>{before}</td>
                <td>{after}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function PendingEditItem({ item: edit, onNotice }: PendingItemProps<PendingEdit>) {
  return (
    <li className="ap-card" data-testid="pending-edit">
      <h3 className="ap-moderation__title">{edit.bookTitle}</h3>
      <p className="ap-moderation__meta">{s.by(edit.authorName)}</p>
      <EditDiff edit={edit} />
      <Decision kind="edits" id={edit._id} title={edit.bookTitle} onNotice={onNotice} />
    </li>
  );
}

function PendingReviewItem({ item: review, onNotice }: PendingItemProps<PendingReview>) {
  return (
    <li className="ap-card" data-testid="pending-review">
      <p className="ap-moderation__meta">
        {s.by(review.authorName)} · {s.bookOf(review.bookTitle)} · {s.rating(review.rating)}
      </p>
      {review.verifiedPurchase && <p className="ap-moderation__meta">{s.verifiedPurchase}</p>}
      {review.title && <p className="ap-moderation__review-title">{review.title}</p>}
      <p>{review.content}</p>
      {(review.reportCount ?? 0) > 0 && (
        <p className="ap-moderation__report" data-testid="review-report">
          {s.reported(review.reportCount ?? 0, review.lastReportReason ?? '')}
        </p>
      )}
      <Decision
        kind="reviews"
        id={review._id}
        title={s.bookOf(review.bookTitle)}
        onNotice={onNotice}
        seen={review.updatedAt}
      />
    </li>
  );
}

/** `/author-dashboard/moderation` (admins): pending books, edits and reviews, each decided. */
export function ModerationPage() {
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <div className="ap-moderation">
      <h1 className="ap-title">{s.title}</h1>
      {notice && (
        <p
          className="ap-banner"
          data-tone={notice.tone}
          role={notice.tone === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <ListSection<PendingBook>
        kind="books"
        title={s.books}
        empty={s.noBooks}
        render={(book) => <PendingBookItem key={book._id} item={book} onNotice={setNotice} />}
      />
      <ListSection<PendingEdit>
        kind="edits"
        title={s.edits}
        empty={s.noEdits}
        render={(edit) => <PendingEditItem key={edit._id} item={edit} onNotice={setNotice} />}
      />
      <ListSection<PendingReview>
        kind="reviews"
        title={s.reviews}
        empty={s.noReviews}
        render={(review) => (
          <PendingReviewItem key={review._id} item={review} onNotice={setNotice} />
        )}
      />
    </div>
  );
}
