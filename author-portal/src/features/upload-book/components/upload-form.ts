import {
  BOOK_UPLOAD_FILES,
  bookUploadFieldsSchema,
  type BookUploadFields,
  type BookUploadFileField,
} from '@mechabrim/contracts';
import type { useZodForm } from '@mechabrim/ui/src/forms';

/** The upload form as react-hook-form holds it (its files are kept apart). */
export type UploadForm = ReturnType<typeof useZodForm<typeof bookUploadFieldsSchema>>;

/** What a section of the form needs to draw its fields. */
export interface UploadSectionProps {
  register: UploadForm['register'];
  errors: UploadForm['formState']['errors'];
}

export const FILE_FIELDS = Object.keys(BOOK_UPLOAD_FILES) as BookUploadFileField[];

export type Files = Partial<Record<BookUploadFileField, File>>;
export type FileErrors = Partial<Record<BookUploadFileField, string>>;
type TextField = keyof BookUploadFields;

const TEXT_FIELDS = new Set<string>(Object.keys(bookUploadFieldsSchema.shape));

const isFileField = (field: string): field is BookUploadFileField =>
  Object.hasOwn(BOOK_UPLOAD_FILES, field);

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

/** The multipart body of an upload: the checked fields as the API reads them, then the files. */
export function uploadFormData(fields: BookUploadFields, files: Files): FormData {
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
  return form;
}
