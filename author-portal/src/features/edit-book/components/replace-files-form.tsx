import { useState, type ChangeEvent, type FormEvent } from 'react';
import { BOOK_UPLOAD_FILES, type BookUploadFileField } from '@mechabrim/contracts';
import { MAX_UPLOAD_FILE_BYTES } from '@mechabrim/contracts/src/terms';
import { ApiError } from '@mechabrim/session';
import { Field, SubmitButton } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { FormError } from '../../../shared/send-multipart';
import { acceptOf, fileProblem } from '../../../shared/file-problem';
import { replaceBookFiles } from '../api/replace-files';

const s = strings.edit;
const FILE_FIELDS = Object.keys(BOOK_UPLOAD_FILES) as BookUploadFileField[];
const MEGABYTES = MAX_UPLOAD_FILE_BYTES / (1024 * 1024);

type Files = Partial<Record<BookUploadFileField, File>>;
type FileErrors = Partial<Record<BookUploadFileField, string>>;

/** What is wrong with each chosen file, by its field; empty when all of them can go. */
function problemsOf(chosen: BookUploadFileField[], files: Files): FileErrors {
  const found: FileErrors = {};
  for (const field of chosen) {
    const problem = fileProblem(field, files[field]);
    if (problem) found[field] = problem;
  }
  return found;
}

function uploadFormOf(chosen: BookUploadFileField[], files: Files): FormData {
  const form = new FormData();
  for (const field of chosen) {
    const file = files[field];
    if (file) form.append(field, file, file.name);
  }
  return form;
}

/** The server's complaints that belong to one of the file fields (the rest show above the form). */
function fileFieldErrorsOf(error: unknown): [string, string][] {
  const fields = error instanceof FormError ? error.fields : {};
  return Object.entries(fields).filter(([field]) => Object.hasOwn(BOOK_UPLOAD_FILES, field));
}

type ReplaceFilesFormProps = {
  bookId: string;
  onReplaced: (message: string) => void;
};

/** The chosen files, their errors and the upload's progress, and sending them. */
function useReplaceFiles({ bookId, onReplaced }: ReplaceFilesFormProps) {
  const [files, setFiles] = useState<Files>({});
  const [errors, setErrors] = useState<FileErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const choose = (field: BookUploadFileField) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFailure(null);
    setFiles((current) => ({ ...current, [field]: file }));
    setErrors((current) => ({
      ...current,
      [field]: file ? (fileProblem(field, file) ?? undefined) : undefined,
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const chosen = FILE_FIELDS.filter((field) => files[field]);
    if (!chosen.length) {
      setFailure(s.noFiles);
      return;
    }
    const found = problemsOf(chosen, files);
    setErrors(found);
    if (Object.keys(found).length) return;
    const form = uploadFormOf(chosen, files);
    setProgress(0);
    try {
      const answer = await replaceBookFiles(bookId, form, setProgress);
      setFiles({});
      onReplaced(answer.message);
    } catch (error) {
      const atFields = fileFieldErrorsOf(error);
      if (atFields.length) setErrors(Object.fromEntries(atFields));
      else setFailure(error instanceof ApiError ? error.message : s.replaceFailed);
    } finally {
      setProgress(null);
    }
  };

  return { files, errors, failure, progress, choose, submit };
}

type FileChoiceProps = {
  field: BookUploadFileField;
  file: File | undefined;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** One file field: a styled choose button and the chosen file's name, which the input reads out. */
function FileChoice({ field, file, error, onChange }: FileChoiceProps) {
  return (
    <Field label={BOOK_UPLOAD_FILES[field].label} error={error}>
      {(control) => (
        <span className="ap-file">
          <input
            type="file"
            accept={acceptOf(field)}
            {...control}
            className="ap-file__input"
            aria-describedby={[control['aria-describedby'], `${control.id}-chosen`]
              .filter(Boolean)
              .join(' ')}
            onChange={onChange}
          />
          <label
            htmlFor={control.id}
            className="mb-button ap-file__button"
            data-variant="secondary"
            aria-hidden="true"
          >
            {strings.upload.chooseFile}
          </label>
          <span id={`${control.id}-chosen`} className="ap-file__name">
            {file?.name ?? strings.upload.noFileChosen}
          </span>
        </span>
      )}
    </Field>
  );
}

/**
 * New files for a book waiting for approval or rejected (issue 27 item 10): any of the three,
 * each checked at its field as it is chosen and its error cleared when it changes.
 */
export function ReplaceFilesForm({ bookId, onReplaced }: ReplaceFilesFormProps) {
  const { files, errors, failure, progress, choose, submit } = useReplaceFiles({
    bookId,
    onReplaced,
  });

  return (
    <form
      className="ap-card ap-edit ap-edit__files"
      noValidate
      aria-labelledby="ap-edit-files"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="ap-edit-files" className="ap-edit__heading">
        {s.files}
      </h2>
      <p>{s.filesIntro(MEGABYTES)}</p>
      {failure && (
        <p className="ap-banner" data-tone="error" role="alert">
          {failure}
        </p>
      )}
      {FILE_FIELDS.map((field) => (
        <FileChoice
          key={field}
          field={field}
          file={files[field]}
          error={errors[field]}
          onChange={choose(field)}
        />
      ))}
      {progress !== null && (
        <div className="ap-upload__progress">
          <progress aria-label={strings.upload.progress} max={100} value={progress} />
          <span role="status">{strings.upload.progressText(progress)}</span>
        </div>
      )}
      <div className="ap-edit__actions">
        <SubmitButton pending={progress !== null} pendingLabel={s.replacing}>
          {s.replace}
        </SubmitButton>
      </div>
    </form>
  );
}
