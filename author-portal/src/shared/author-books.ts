import type { Book } from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch, useSession } from '@mechabrim/session';

export const authorBooksKey = (authorId: string) => ['author-portal', 'books', authorId] as const;

/**
 * `GET /api/books/author/:id` with the author's token: all their books, hidden and pending ones
 * too (spec §7: an array, or an object with `books`).
 */
export async function getAuthorBooks(authorId: string, signal?: AbortSignal): Promise<Book[]> {
  const answer = await apiFetch<Book[] | { books: Book[] }>(
    `/api/books/author/${encodeURIComponent(authorId)}`,
    { signal },
  );
  return Array.isArray(answer) ? answer : answer.books;
}

/** The signed-in author's books, shared by the overview and the books screen. */
export function useAuthorBooks(enabled = true) {
  const authorId = useSession((state) => state.user?._id ?? '');
  return useQuery({
    queryKey: authorBooksKey(authorId),
    queryFn: ({ signal }) => getAuthorBooks(authorId, signal),
    enabled: enabled && authorId !== '',
    staleTime: 0,
  });
}

/** Where a book stands, for its badge and the tabs (spec §4: unavailable reads as pending). */
export type BookStanding = 'available' | 'pending' | 'hidden' | 'rejected';

export function standingOf(book: Book): BookStanding {
  if (book.approvalStatus === 'rejected') return 'rejected';
  if (book.approvalStatus === 'pending') return 'pending';
  return book.isAvailable ? 'available' : 'hidden';
}
