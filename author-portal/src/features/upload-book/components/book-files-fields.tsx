import type { ChangeEvent } from 'react';
import { BOOK_UPLOAD_FILES, type BookUploadFileField } from '@mechabrim/contracts';
import { MAX_UPLOAD_FILE_BYTES } from '@mechabrim/contracts/src/terms';
import { Field } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { acceptOf } from '../../../shared/file-problem';
import { FILE_FIELDS, type FileErrors, type Files } from './upload-form';

const s = strings.upload;
const MEGABYTES = MAX_UPLOAD_FILE_BYTES / (1024 * 1024);

/** The book's files, each with its own picker, its chosen name and its problem. */
export function BookFilesFields({
  files,
  fileErrors,
  choose,
}: {
  files: Files;
  fileErrors: FileErrors;
  choose: (field: BookUploadFileField) => (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
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
                onChange={choose(field)}
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
  );
}
