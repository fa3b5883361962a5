import { useState, type ChangeEvent } from 'react';
import {
  BOOK_CATEGORIES,
  BOOK_UPLOAD_FILES,
  MAX_UPLOAD_FILE_BYTES,
  bookUploadFieldsSchema,
  coverTemplateQuerySchema,
  printQuoteQuerySchema,
  type BookUploadFields,
  type BookUploadFileField,
} from '@mechabrim/contracts';
import {
  MAX_PAGES,
  MIN_PAGES,
  PAPER_TYPE_NAMES,
  PRINTING_TYPES,
  READING_DIRECTIONS,
  TRIM_SIZE_NAMES,
} from '@mechabrim/print-specs';
import { useQueryClient } from '@mechabrim/query';
import { Link, useNavigate } from '@mechabrim/routing';
import { ApiError, useSession } from '@mechabrim/session';
import { Field, SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';
import { authorBooksKey } from '../../../shared/author-books';
import { uploadBook, useCoverTemplate } from '../api/upload-book';
import { usePrintQuote } from '../api/print-quote';
import { PriceCalculator, type QuoteState } from '../../../shared/price-calculator';
import { FormError } from '../../../shared/send-multipart';
import { acceptOf, fileProblem } from '../../../shared/file-problem';
import './upload-book.css';

const s = strings.upload;
const FILE_FIELDS = Object.keys(BOOK_UPLOAD_FILES) as BookUploadFileField[];
const MEGABYTES = MAX_UPLOAD_FILE_BYTES / (1024 * 1024);

type Files = Partial<Record<BookUploadFileField, File>>;
type FileErrors = Partial<Record<BookUploadFileField, string>>;
type TextField = keyof BookUploadFields;

const TEXT_FIELDS = new Set<string>(Object.keys(bookUploadFieldsSchema.shape));

/**
 * Puts the server's field problems at their fields: files to the file errors, the rest to the
 * form. Returns whether any was placed (then no banner is needed).
 */
export function placeFieldErrors(
  fields: Readonly<Record<string, string>>,
  setFileErrors: (update: (current: FileErrors) => FileErrors) => void,
  setTextError: (field: TextField, message: string) => void,
): boolean {
  let placed = false;
  const files: FileErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    if (isFileField(field)) files[field] = message;
    else if (TEXT_FIELDS.has(field)) setTextError(field as TextField, message);
    else continue;
    placed = true;
  }
  if (Object.keys(files).length) setFileErrors((current) => ({ ...current, ...files }));
  return placed;
}

const isFileField = (field: string): field is BookUploadFileField =>
  Object.hasOwn(BOOK_UPLOAD_FILES, field);

function CoverTemplateNote({
  pages,
  size,
  paper,
  direction,
}: {
  pages: string;
  size: string;
  paper: string;
  direction: string;
}) {
  const query = coverTemplateQuerySchema.safeParse({ pages, size, paper, direction });
  const template = useCoverTemplate(query.success ? query.data : null);
  let text: string;
  if (!query.success)
    text =
      pages.trim() === '' ? s.templateNeedsPages : s.templatePagesOutOfRange(MIN_PAGES, MAX_PAGES);
  else if (template.isError) text = s.templateFailed;
  else if (template.isPending) text = s.templateLoading;
  else text = template.data.summary;
  return (
    <section className="ap-card ap-upload__template" aria-labelledby="ap-upload-template">
      <h2 id="ap-upload-template">{s.template}</h2>
      <p role="status" data-testid="cover-template">
        {text}
      </p>
    </section>
  );
}

/** The price calculator fed by the print partner's quote for the chosen options. */
function QuotedPriceCalculator({
  price,
  pages,
  size,
  paper,
  printing,
}: {
  price: string;
  pages: string;
  size: string;
  paper: string;
  printing: string;
}) {
  const query = printQuoteQuerySchema.safeParse({ pages, size, paper, printing });
  const quote = usePrintQuote(query.success ? query.data : null);
  const state: QuoteState = !query.success
    ? 'needs-pages'
    : quote.isError
      ? 'failed'
      : quote.isPending
        ? 'loading'
        : 'pending';
  return <PriceCalculator price={price} quote={quote.data ?? null} state={state} />;
}

/** `/book/upload` (spec §2, §5): a new book with its files, sent for approval. */
export function UploadBookPage() {
  const authorId = useSession((state) => state.user?._id ?? '');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<Files>({});
  const [fileErrors, setFileErrors] = useState<FileErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(bookUploadFieldsSchema, {
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
  });
  const [price, pages, size, paperType, readingFormat, printingType] = watch([
    'price',
    'pages',
    'size',
    'paperType',
    'readingFormat',
    'printingType',
  ]);

  const chooseFile = (field: BookUploadFileField) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // A refusal of the last attempt no longer speaks for the form once a file changes.
    setFailure(null);
    setFiles((current) => ({ ...current, [field]: file }));
    setFileErrors((current) => ({
      ...current,
      [field]: file ? (fileProblem(field, file) ?? undefined) : undefined,
    }));
  };

  const checkFiles = (): boolean => {
    const found: FileErrors = {};
    for (const field of FILE_FIELDS) {
      const problem = fileProblem(field, files[field]);
      if (problem) found[field] = problem;
    }
    setFileErrors(found);
    return Object.keys(found).length === 0;
  };

  const send = handleSubmit(
    async (fields) => {
      setFailure(null);
      if (!checkFiles()) return;
      const form = new FormData();
      form.append('title', fields.title);
      form.append('description', fields.description);
      form.append('price', fields.price.toFixed(2));
      form.append('category', fields.category);
      form.append('tags', fields.tags.join(','));
      form.append('language', fields.language);
      form.append('size', fields.size);
      form.append('readingFormat', fields.readingFormat);
      form.append('paperType', fields.paperType);
      form.append('printingType', fields.printingType);
      if (fields.pages !== undefined) form.append('pages', String(fields.pages));
      if (fields.isbn) form.append('isbn', fields.isbn);
      for (const field of FILE_FIELDS) {
        const file = files[field];
        if (file) form.append(field, file, file.name);
      }
      setProgress(0);
      try {
        const answer = await uploadBook(form, setProgress);
        await queryClient.invalidateQueries({ queryKey: authorBooksKey(authorId) });
        void navigate('/author-dashboard/books', {
          state: { uploaded: answer.book._id, message: answer.message },
        });
      } catch (error) {
        setProgress(null);
        // The server's problems go to their fields; only what belongs to no field is a banner.
        const fields = error instanceof FormError ? error.fields : {};
        const placed = placeFieldErrors(fields, setFileErrors, (name, message) =>
          setError(name, { type: 'server', message }, { shouldFocus: true }),
        );
        if (!placed) setFailure(error instanceof ApiError ? error.message : s.failed);
      }
    },
    () => {
      checkFiles();
    },
  );

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
        <fieldset className="ap-card ap-upload__group">
          <legend>{s.details}</legend>
          <Field label={s.bookTitle} error={errors.title?.message} required>
            {(control) => <input {...control} {...register('title')} />}
          </Field>
          <Field label={s.description} error={errors.description?.message}>
            {(control) => <textarea rows={6} {...control} {...register('description')} />}
          </Field>
          <div className="ap-upload__price">
            <Field label={s.price} error={errors.price?.message} required>
              {(control) => (
                <input type="text" inputMode="decimal" {...control} {...register('price')} />
              )}
            </Field>
            <QuotedPriceCalculator
              price={price ?? ''}
              pages={typeof pages === 'string' ? pages : ''}
              size={size ?? 'A5'}
              paper={paperType ?? '70g'}
              printing={printingType ?? 'bw'}
            />
          </div>
          <Field label={s.category} error={errors.category?.message} required>
            {(control) => (
              <select {...control} {...register('category')}>
                <option value="">{s.chooseCategory}</option>
                {BOOK_CATEGORIES.map((category) => (
                  <option key={category.value} value={category.value}>
                    {category.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={s.tags} hint={s.tagsHint} error={errors.tags?.message}>
            {(control) => <input {...control} {...register('tags')} />}
          </Field>
          <Field label={s.language} error={errors.language?.message}>
            {(control) => <input {...control} {...register('language')} />}
          </Field>
          <Field label={s.isbn} error={errors.isbn?.message} latin>
            {(control) => <input inputMode="numeric" {...control} {...register('isbn')} />}
          </Field>
        </fieldset>

        <fieldset className="ap-card ap-upload__group">
          <legend>{s.print}</legend>
          <Field label={s.pages} hint={s.pagesHint} error={errors.pages?.message}>
            {(control) => (
              <input
                inputMode="numeric"
                {...control}
                {...register('pages', {
                  setValueAs: (value: string) => (value === '' ? undefined : value),
                })}
              />
            )}
          </Field>
          <Field label={s.size} error={errors.size?.message}>
            {(control) => (
              <select {...control} {...register('size')}>
                {TRIM_SIZE_NAMES.map((name) => (
                  <option key={name} value={name}>
                    {s.sizes[name] ?? name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={s.direction} error={errors.readingFormat?.message}>
            {(control) => (
              <select {...control} {...register('readingFormat')}>
                {READING_DIRECTIONS.map((name) => (
                  <option key={name} value={name}>
                    {s.directions[name] ?? name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={s.paper} error={errors.paperType?.message}>
            {(control) => (
              <select {...control} {...register('paperType')}>
                {PAPER_TYPE_NAMES.map((name) => (
                  <option key={name} value={name}>
                    {s.papers[name] ?? name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={s.printing} error={errors.printingType?.message}>
            {(control) => (
              <select {...control} {...register('printingType')}>
                {PRINTING_TYPES.map((name) => (
                  <option key={name} value={name}>
                    {s.printings[name] ?? name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={s.binding} hint={s.bindingHint}>
            {(control) => (
              <select {...control} disabled value="soft">
                <option value="soft">{s.softCover}</option>
              </select>
            )}
          </Field>
          <CoverTemplateNote
            pages={typeof pages === 'string' ? pages : ''}
            size={size ?? 'A5'}
            paper={paperType ?? '70g'}
            direction={readingFormat ?? 'rtl'}
          />
        </fieldset>

        <fieldset className="ap-card ap-upload__group">
          <legend>{s.files}</legend>
          <p>{s.filesHint(MEGABYTES)}</p>
          {FILE_FIELDS.map((field) => (
            <Field
              key={field}
              label={BOOK_UPLOAD_FILES[field].label}
              error={fileErrors[field]}
              required
            >
              {(control) => (
                <span className="ap-file">
                  {/* Visually hidden but focusable: Enter or Space opens the browser's picker. */}
                  <input
                    type="file"
                    accept={acceptOf(field)}
                    {...control}
                    className="ap-file__input"
                    aria-describedby={[control['aria-describedby'], `${control.id}-chosen`]
                      .filter(Boolean)
                      .join(' ')}
                    onChange={chooseFile(field)}
                  />
                  <label
                    htmlFor={control.id}
                    className="mb-button ap-file__button"
                    data-variant="secondary"
                    aria-hidden="true"
                  >
                    {s.chooseFile}
                  </label>
                  <span id={`${control.id}-chosen`} className="ap-file__name">
                    {files[field]?.name ?? s.noFileChosen}
                  </span>
                </span>
              )}
            </Field>
          ))}
        </fieldset>

        {progress !== null && (
          <div className="ap-upload__progress">
            <progress aria-label={s.progress} max={100} value={progress} />
            <span role="status">{s.progressText(progress)}</span>
          </div>
        )}
        <div className="ap-upload__actions">
          <SubmitButton pending={isSubmitting} pendingLabel={s.submitting}>
            {s.submit}
          </SubmitButton>
          <Link className="mb-button" data-variant="secondary" to="/author-dashboard/books">
            {s.back}
          </Link>
        </div>
      </form>
    </section>
  );
}
