import type { MultipartFile } from '@fastify/multipart';
import {
  BOOK_UPLOAD_FILES,
  BOOK_UPLOAD_HE,
  MAX_UPLOAD_FILE_BYTES,
  type BookUploadFileField,
} from '@mechabrim/contracts';
import { StorageLimitError, readAll, type StoragePort } from '@mechabrim/storage';
import { DomainError } from '../common/errors/domain-error';
import { WrongFileTypeError, looksLikeImage, looksLikePdf, sniffing } from './file-sniffing';

/**
 * What the upload (`POST /api/books`) and the file replacement (`PUT /api/books/:id/files`)
 * share: the file fields, streaming one file part to the storage port checked by its first
 * bytes, the cover image's decoding, the preflight job's options and the multipart errors.
 */

/** Where each uploaded file goes, by its form field. */
export const KEY_OF: Record<BookUploadFileField, 'interior' | 'coverPdf' | 'coverImage'> = {
  pdfFile: 'interior',
  coverPdfFile: 'coverPdf',
  coverImage: 'coverImage',
};

/** The book's stored path of each file field (`files.*` on the book). */
export const STORED_FILE_OF: Record<BookUploadFileField, 'pdf' | 'coverPdf' | 'coverImage'> = {
  pdfFile: 'pdf',
  coverPdfFile: 'coverPdf',
  coverImage: 'coverImage',
};

/** The preflight job's retries: a worker restart or a storage hiccup is retried, not lost. */
export const PREFLIGHT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: false,
} as const;

export function isFileField(name: string): name is BookUploadFileField {
  return Object.hasOwn(BOOK_UPLOAD_FILES, name);
}

/**
 * Streams one file part to `key`, checked by its first bytes and cut off past 50 MB; a wrong
 * type is a field error of that field.
 */
export async function storeFilePart(
  storage: StoragePort,
  part: MultipartFile,
  field: BookUploadFileField,
  key: string,
): Promise<void> {
  const check = BOOK_UPLOAD_FILES[field].kind === 'pdf' ? looksLikePdf : looksLikeImage;
  const sniffer = sniffing(check);
  part.file.on('error', (error) => sniffer.destroy(error));
  part.file.pipe(sniffer);
  try {
    await storage.put(key, sniffer, {
      maxBytes: MAX_UPLOAD_FILE_BYTES,
      contentType: part.mimetype,
    });
  } catch (error) {
    if (error instanceof WrongFileTypeError)
      throw new DomainError('invalid_data', wrongType(field), [
        { field, message: wrongType(field) },
      ]);
    throw error;
  }
}

/** The files a form has stored so far, by field, and their keys. */
export type StoredFormFiles = Partial<Record<BookUploadFileField, string>>;

/**
 * Stores one file part of an upload form under its key, refusing a field that is not a file
 * field or a file sent twice. The key is pushed to `stored` before the write starts, so the
 * caller can remove every stored file after a failure part-way through.
 */
export async function storeFormFile(
  storage: StoragePort,
  part: MultipartFile,
  keys: Record<(typeof KEY_OF)[BookUploadFileField], string>,
  files: StoredFormFiles,
  stored: string[],
): Promise<void> {
  const field = part.fieldname;
  if (!isFileField(field))
    throw new DomainError('invalid_data', BOOK_UPLOAD_HE.unknownFile(field.slice(0, 50)));
  if (files[field]) throw new DomainError('invalid_data', BOOK_UPLOAD_HE.duplicateFile(field));
  const key = keys[KEY_OF[field]];
  stored.push(key);
  await storeFilePart(storage, part, field, key);
  files[field] = key;
}

/** A cover image must decode whole, not only start with the right bytes. */
export async function assertDecodableImage(storage: StoragePort, key: string): Promise<void> {
  // Loaded on the first cover, not at every API start (~55 ms); a failure to load it is ours,
  // not the image's, so it stays outside the check.
  const { default: sharp } = await import('sharp');
  try {
    const image = await readAll(await storage.get(key));
    await sharp(image, { limitInputPixels: 100_000_000, failOn: 'error' }).resize(32).toBuffer();
  } catch {
    throw new DomainError('invalid_data', BOOK_UPLOAD_HE.notImage, [
      { field: 'coverImage', message: BOOK_UPLOAD_HE.notImage },
    ]);
  }
}

/** Limits of the multipart plugin, whose errors carry these codes. */
const MULTIPART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}

export function wrongType(field: BookUploadFileField): string {
  return BOOK_UPLOAD_FILES[field].kind === 'pdf'
    ? BOOK_UPLOAD_HE.notPdf(BOOK_UPLOAD_FILES[field].label)
    : BOOK_UPLOAD_HE.notImage;
}

export function asDomainError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const code = codeOf(error);
  if (error instanceof StorageLimitError || code === 'FST_REQ_FILE_TOO_LARGE')
    return new DomainError(
      'payload_too_large',
      BOOK_UPLOAD_HE.fileTooLarge(MAX_UPLOAD_FILE_BYTES / (1024 * 1024)),
      undefined,
      { cause: error },
    );
  if (code && MULTIPART_LIMIT_CODES.has(code))
    return new DomainError('payload_too_large', BOOK_UPLOAD_HE.tooManyParts, undefined, {
      cause: error,
    });
  // busboy's own errors on a cut-off or malformed form.
  const malformed =
    error instanceof Error &&
    /Unexpected end of form|Malformed|Multipart: Boundary/i.test(error.message);
  if (malformed || code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_PROTO_VIOLATION')
    return new DomainError('invalid_data', BOOK_UPLOAD_HE.notMultipart, undefined, {
      cause: error,
    });
  return error;
}
