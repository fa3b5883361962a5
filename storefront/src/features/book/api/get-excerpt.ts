import { getApiBaseUrl } from '@mechabrim/session';
import { strings } from '../../../strings.he';

const s = strings.book.excerpt;

/** A failed excerpt download, with a Hebrew message to show. */
export class ExcerptLoadError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'ExcerptLoadError';
  }
}

/** `GET /api/books/:id/excerpt`: where a book's excerpt PDF is served. */
export function excerptUrl(bookId: string): string {
  return `${getApiBaseUrl()}/api/books/${encodeURIComponent(bookId)}/excerpt`;
}

/**
 * The excerpt's bytes. Read whole (an excerpt is at most 20 pages) so pdf.js gets them at once
 * and a failure is one Hebrew message, the API's own when it gave one.
 */
export async function fetchExcerpt(bookId: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(excerptUrl(bookId), { signal, headers: { Accept: 'application/pdf' } });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ExcerptLoadError(s.networkError, 0);
  }
  if (!response.ok) {
    let message: string = response.status === 404 ? s.notFound : s.loadErrorText;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string' && /[\u0590-\u05FF]/.test(body.message))
        message = body.message;
    } catch {
      // Not JSON: keep our own message.
    }
    throw new ExcerptLoadError(message, response.status);
  }
  return response.arrayBuffer();
}
