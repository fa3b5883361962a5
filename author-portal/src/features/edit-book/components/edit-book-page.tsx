import { useState } from 'react';
import { bookEditFormSchema, type Book } from '@mechabrim/contracts';
import { formatPriceInput } from '@mechabrim/money';
import { Link, useParams } from '@mechabrim/routing';
import { ApiError, useSession } from '@mechabrim/session';
import { ErrorState, Field, SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';
import { standingOf } from '../../../shared/author-books';
import { PreflightReport } from '../../../shared/preflight-report';
import { PriceCalculator } from '../../../shared/price-calculator';
import { submitBookEdit, useBookToEdit } from '../api/edit-book';
import { ReplaceFilesForm } from './replace-files-form';
import './edit-book.css';

const s = strings.edit;

function BackToBooks() {
  return (
    <Link className="mb-button" data-variant="secondary" to="/author-dashboard/books">
      {s.back}
    </Link>
  );
}

function EditForm({ book, authorId }: { book: Book; authorId: string }) {
  const [result, setResult] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(bookEditFormSchema, {
    title: book.title,
    // '44.90', never '44.9': the input holds the price as a price.
    price: formatPriceInput(book.price),
    description: book.summary || book.description,
    tags: book.tags.join(', '),
  });
  const price = watch('price');

  const onSubmit = handleSubmit(async ({ title, price, description, tags }) => {
    setResult(null);
    try {
      await submitBookEdit(book, authorId, { title, price, summary: description.trim(), tags });
      setResult({ tone: 'done', text: s.sent });
    } catch (error) {
      setResult({
        tone: 'error',
        text:
          error instanceof ApiError && error.status === 403
            ? s.notAuthorized
            : error instanceof ApiError && error.status === 400 && error.message
              ? error.message
              : s.submitFailed,
      });
    }
  });

  return (
    <form
      className="ap-card ap-edit"
      noValidate
      aria-labelledby="ap-edit-details"
      onSubmit={(e) => void onSubmit(e)}
    >
      <h2 id="ap-edit-details" className="ap-edit__heading">
        {s.details}
      </h2>
      {result && (
        <p
          className="ap-banner"
          data-tone={result.tone}
          role={result.tone === 'error' ? 'alert' : 'status'}
        >
          {result.text}
        </p>
      )}
      <Field label={s.bookTitle} error={errors.title?.message} required>
        {(control) => <input {...control} {...register('title')} />}
      </Field>
      <Field label={s.price} error={errors.price?.message} required>
        {(control) => <input type="text" inputMode="decimal" {...control} {...register('price')} />}
      </Field>
      {/* The book's print cost as the partner quoted it (quoted again when the edit is sent). */}
      <PriceCalculator price={typeof price === 'string' ? price : ''} quote={book.printCost} />
      <Field label={s.description} error={errors.description?.message}>
        {(control) => <textarea rows={6} {...control} {...register('description')} />}
      </Field>
      <Field label={s.tags} hint={s.tagsHint} error={errors.tags?.message}>
        {(control) => <input {...control} {...register('tags')} />}
      </Field>
      <div className="ap-edit__actions">
        <SubmitButton pending={isSubmitting} pendingLabel={s.submitting}>
          {s.submit}
        </SubmitButton>
        <BackToBooks />
      </div>
    </form>
  );
}

/**
 * Where the book stands, said as it is (a book not on sale is never said to be shown), the
 * details form, and for a book waiting or rejected its preflight and new files.
 */
function BookEditor({
  book,
  authorId,
  replaced,
  onFilesReplaced,
}: {
  book: Book;
  authorId: string;
  replaced: string | null;
  onFilesReplaced: (message: string) => void;
}) {
  const standing = standingOf(book);
  const filesOpen = standing === 'pending' || standing === 'rejected';
  return (
    <>
      <p data-testid="edit-standing">{s.standing[standing]}</p>
      {standing === 'rejected' && book.moderationReason ? (
        <p className="ap-book__reason">{s.rejectedReason(book.moderationReason)}</p>
      ) : null}
      {replaced && (
        <p className="ap-banner" data-tone="done" role="status">
          {replaced}
        </p>
      )}
      <EditForm book={book} authorId={authorId} />
      {filesOpen && (
        <>
          {book.preflight ? <PreflightReport report={book.preflight} open /> : null}
          <ReplaceFilesForm bookId={book._id} onReplaced={onFilesReplaced} />
        </>
      )}
    </>
  );
}

/**
 * `/book/edit/:id`: the author's own book only; the change is sent for approval (spec §2, §4).
 */
export function EditBookPage() {
  const { id = '' } = useParams();
  const userId = useSession((state) => state.user?._id ?? '');
  const book = useBookToEdit(id);
  const [replaced, setReplaced] = useState<string | null>(null);

  const title = (
    <h1 id="ap-edit-title" className="ap-title">
      {s.title}
    </h1>
  );
  let body;
  if (book.isError) {
    body = (
      <ErrorState
        message={s.loadFailed}
        onRetry={() => void book.refetch()}
        retryLabel={strings.books.retry}
      >
        <BackToBooks />
      </ErrorState>
    );
  } else if (book.isPending) {
    body = <p role="status">{strings.loading}</p>;
  } else if (book.data.author._id !== userId) {
    body = (
      <ErrorState message={s.notAuthorized}>
        <BackToBooks />
      </ErrorState>
    );
  } else {
    body = (
      <BookEditor
        book={book.data}
        authorId={userId}
        onFilesReplaced={(message) => {
          setReplaced(message);
          void book.refetch();
        }}
        replaced={replaced}
      />
    );
  }
  return (
    <section aria-labelledby="ap-edit-title" className="ap-edit-page">
      {title}
      {body}
    </section>
  );
}
