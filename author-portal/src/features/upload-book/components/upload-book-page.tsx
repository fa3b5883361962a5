import { useState } from 'react';
import { bookUploadFieldsSchema } from '@mechabrim/contracts';
import { useQueryClient } from '@mechabrim/query';
import { Link, useNavigate } from '@mechabrim/routing';
import { ApiError, useSession } from '@mechabrim/session';
import { SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';
import { authorBooksKey } from '../../../shared/author-books';
import { FormError } from '../../../shared/send-multipart';
import { uploadBook } from '../api/upload-book';
import { BookDetailsFields } from './book-details-fields';
import { BookFilesFields } from './book-files-fields';
import { PrintOptionsFields } from './print-options-fields';
import { placeFieldErrors, uploadFormData } from './upload-form';
import { useBookFiles } from './use-book-files';
import './upload-book.css';

export { placeFieldErrors } from './upload-form';

const s = strings.upload;

/** The form's starting values: a Hebrew A5 book printed in black and white on 70g paper. */
function blankBookFields() {
  return {
    title: '',
    description: '',
    price: '',
    category: '',
    tags: '',
    language: 'עברית',
    size: 'A5',
    readingFormat: 'rtl',
    paperType: '70g',
    printingType: 'bw',
    pages: undefined,
    isbn: '',
  } as const;
}

/**
 * The upload form: its fields, its files, the fields the price quote and template follow, and
 * sending it all; once sent, the books screen opens on the new book with the server's message.
 */
function useUploadBook() {
  const authorId = useSession((state) => state.user?._id ?? '');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A refusal of the last attempt no longer speaks for the form once a file changes.
  const bookFiles = useBookFiles(() => setFailure(null));
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(bookUploadFieldsSchema, blankBookFields());
  const [price, pages, size, paperType, readingFormat, printingType] = watch([
    'price',
    'pages',
    'size',
    'paperType',
    'readingFormat',
    'printingType',
  ]);
  const typedPages = typeof pages === 'string' ? pages : '';

  const send = handleSubmit(
    async (fields) => {
      setFailure(null);
      if (!bookFiles.check()) return;
      setProgress(0);
      try {
        const answer = await uploadBook(uploadFormData(fields, bookFiles.files), setProgress);
        await queryClient.invalidateQueries({ queryKey: authorBooksKey(authorId) });
        void navigate('/author-dashboard/books', {
          state: { uploaded: answer.book._id, message: answer.message },
        });
      } catch (error) {
        setProgress(null);
        // The server's problems go to their fields; only what belongs to no field is a banner.
        const fields = error instanceof FormError ? error.fields : {};
        const placed = placeFieldErrors(fields, bookFiles.setFileErrors, (name, message) =>
          setError(name, { type: 'server', message }, { shouldFocus: true }),
        );
        if (!placed) setFailure(error instanceof ApiError ? error.message : s.failed);
      }
    },
    () => {
      bookFiles.check();
    },
  );

  const watched = { price, typedPages, size, paperType, readingFormat, printingType };
  return { register, errors, isSubmitting, bookFiles, progress, failure, watched, send };
}

/** `/book/upload` (spec §2, §5): a new book with its files, sent for approval. */
export function UploadBookPage() {
  const { register, errors, isSubmitting, bookFiles, progress, failure, watched, send } =
    useUploadBook();
  const { price, typedPages, size, paperType, readingFormat, printingType } = watched;

  return (
    <section aria-labelledby="ap-upload-title" className="ap-upload-page">
      <h1 id="ap-upload-title" className="ap-title">
        {s.title}
      </h1>
      <p>{s.intro}</p>
      <form className="ap-upload" noValidate onSubmit={(e) => void send(e)}>
        {failure && (
          <p className="ap-banner" data-tone="error" role="alert">
            {failure}
          </p>
        )}
        <BookDetailsFields
          register={register}
          errors={errors}
          quoted={{
            price: price ?? '',
            pages: typedPages,
            size: size ?? 'A5',
            paper: paperType ?? '70g',
            printing: printingType ?? 'bw',
          }}
        />
        <PrintOptionsFields
          register={register}
          errors={errors}
          template={{
            pages: typedPages,
            size: size ?? 'A5',
            paper: paperType ?? '70g',
            direction: readingFormat ?? 'rtl',
          }}
        />
        <BookFilesFields
          files={bookFiles.files}
          fileErrors={bookFiles.fileErrors}
          choose={bookFiles.choose}
        />
        <UploadActions progress={progress} pending={isSubmitting} />
      </form>
    </section>
  );
}

/** The upload's progress while it is sent, the submit button and the way back. */
function UploadActions({ progress, pending }: { progress: number | null; pending: boolean }) {
  return (
    <>
      {progress !== null && (
        <div className="ap-upload__progress">
          <progress aria-label={s.progress} max={100} value={progress} />
          <span role="status">{s.progressText(progress)}</span>
        </div>
      )}
      <div className="ap-upload__actions">
        <SubmitButton pending={pending} pendingLabel={s.submitting}>
          {s.submit}
        </SubmitButton>
        <Link className="mb-button" data-variant="secondary" to="/author-dashboard/books">
          {s.back}
        </Link>
      </div>
    </>
  );
}
