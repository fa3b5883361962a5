import type { Readable } from 'node:stream';

/** Reads a stream to the end into one buffer. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Where a book's files are kept: one folder per book, so deleting a book is one prefix. */
export function bookFileKeys(bookId: string) {
  const base = `books/${bookId}`;
  return {
    interior: `${base}/interior.pdf`,
    coverPdf: `${base}/cover.pdf`,
    coverImage: `${base}/cover-image`,
    excerpt: `${base}/excerpt.pdf`,
    coverThumb: `${base}/cover-thumb.webp`,
    coverWeb: `${base}/cover-web.webp`,
    coverLarge: `${base}/cover-large.webp`,
  } as const;
}
export type BookFileKeys = ReturnType<typeof bookFileKeys>;

/**
 * Where the files an author sends to replace a book's files are kept: beside the first upload's,
 * named by their upload, so the book keeps reading its old files until the new ones are all
 * stored and checked by type.
 */
export function replacementFileKeys(bookId: string, uploadId: string) {
  const base = `books/${bookId}/uploads/${uploadId}`;
  return {
    interior: `${base}/interior.pdf`,
    coverPdf: `${base}/cover.pdf`,
    coverImage: `${base}/cover-image`,
  } as const;
}
