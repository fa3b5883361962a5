import type { Book, BookEditAnswer, BookEditRequest } from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';

/** `GET /api/books/:id` with the author's token (a hidden book of theirs too). */
export function useBookToEdit(bookId: string) {
  return useQuery({
    queryKey: ['author-portal', 'edit', bookId] as const,
    queryFn: ({ signal }) => apiFetch<Book>(`/api/books/${encodeURIComponent(bookId)}`, { signal }),
    staleTime: 0,
  });
}

/**
 * `POST /api/books/:id/edit`: the edit payload of spec §3, sent for approval; the live book stays
 * as it is until an admin approves.
 */
export function submitBookEdit(
  book: Book,
  authorId: string,
  fields: Pick<BookEditRequest, 'title' | 'price' | 'summary' | 'tags'>,
): Promise<BookEditAnswer> {
  return apiFetch<BookEditAnswer>(`/api/books/${encodeURIComponent(book._id)}/edit`, {
    method: 'POST',
    body: {
      ...fields,
      originalBookId: book._id,
      authorId,
      status: 'pending_approval',
      submittedAt: new Date().toISOString(),
    },
  });
}
