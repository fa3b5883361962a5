import { BOOK_UPLOAD_FILES, BOOK_UPLOAD_HE, type BookUploadFileField } from '@mechabrim/contracts';
import { MAX_UPLOAD_FILE_BYTES, UPLOAD_FORMATS } from '@mechabrim/contracts/src/terms';

const MEGABYTES = MAX_UPLOAD_FILE_BYTES / (1024 * 1024);
/** The cover image types the API decodes (the upload guide names the same, from contracts). */
const IMAGE_TYPES: readonly string[] = UPLOAD_FORMATS.image.mimeTypes;

/** A file input's `accept` for one of the upload's files. */
export function acceptOf(field: BookUploadFileField): string {
  return BOOK_UPLOAD_FILES[field].kind === 'pdf'
    ? [...UPLOAD_FORMATS.pdf.mimeTypes, '.pdf'].join(',')
    : IMAGE_TYPES.join(',');
}

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
