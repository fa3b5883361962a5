import { useState } from 'react';
import { bookEditRequestSchema, type Book } from '@mechabrim/contracts';
import { Link, useParams } from '@mechabrim/routing';
import { ApiError, useSession } from '@mechabrim/session';
import { ErrorState, Field, SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';
import { PriceCalculator } from '../../../shared/price-calculator';
import { submitBookEdit, useBookToEdit } from '../api/edit-book';
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
  } = useZodForm(bookEditRequestSchema, {
    title: book.title,
    price: book.price,
    description: book.summary || book.description,
    tags: book.tags.join(', '),
  });

  const onSubmit = handleSubmit(async ({ title, price, summary, tags }) => {
    setResult(null);
    try {
      await submitBookEdit(book, authorId, { title, price, summary, tags });
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
    <form className="ap-card ap-edit" noValidate onSubmit={(e) => void onSubmit(e)}>
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
        {(control) => (
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...control}
            {...register('price', { valueAsNumber: true })}
          />
        )}
      </Field>
      {/* The book's print cost as the partner quoted it (quoted again when the edit is sent). */}
      <PriceCalculator
        price={Number.isFinite(watch('price')) ? String(watch('price')) : ''}
        quote={book.printCost}
      />
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
 * `/book/edit/:id`: the author's own book only; the change is sent for approval (spec §2, §4).
 */
export function EditBookPage() {
  const { id = '' } = useParams();
  const userId = useSession((state) => state.user?._id ?? '');
  const book = useBookToEdit(id);

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
      <>
        <p>{s.intro}</p>
        <EditForm book={book.data} authorId={userId} />
      </>
    );
  }
  return (
    <section aria-labelledby="ap-edit-title" className="ap-edit-page">
      {title}
      {body}
    </section>
  );
}
