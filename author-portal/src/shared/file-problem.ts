import {
  BOOK_UPLOAD_FILES,
  BOOK_UPLOAD_HE,
  MAX_UPLOAD_FILE_BYTES,
  type BookUploadFileField,
} from '@mechabrim/contracts';

const MEGABYTES = MAX_UPLOAD_FILE_BYTES / (1024 * 1024);
/** The cover image types the API decodes. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** The client's first look at a chosen file (the server checks the content again). */
export function fileProblem(field: BookUploadFileField, file: File | undefined): string | null {
  const spec = BOOK_UPLOAD_FILES[field];
  if (!file) return spec.missing;
  if (file.size > MAX_UPLOAD_FILE_BYTES) return BOOK_UPLOAD_HE.fileTooLarge(MEGABYTES);
  if (spec.kind === 'pdf') {
    const pdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
    return pdf ? null : BOOK_UPLOAD_HE.notPdf(spec.label);
  }
  return IMAGE_TYPES.includes(file.type) ? null : BOOK_UPLOAD_HE.notImage;
}
