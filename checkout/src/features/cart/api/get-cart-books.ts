import { keepPreviousData, useQuery } from '@mechabrim/query';
import type { Book } from '@mechabrim/contracts';
import { ApiError, apiFetch } from '@mechabrim/session';

/** A cart book as the catalogue answers it now: its current record, or gone (404). */
export type CurrentBook = { status: 'found'; book: Book } | { status: 'missing' };

export const cartKeys = {
  all: ['cart'] as const,
  books: (ids: readonly string[]) => ['cart', 'books', [...ids].sort()] as const,
};

/** `GET /api/books/:id`; a 404 means the book was withdrawn, any other failure is an error. */
export async function getCurrentBook(id: string, signal?: AbortSignal): Promise<CurrentBook> {
  try {
    const book = await apiFetch<Book>(`/api/books/${encodeURIComponent(id)}`, { signal });
    return { status: 'found', book };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { status: 'missing' };
    throw error;
  }
}

/** Every cart book's current record, asked for in parallel, keyed by book id. */
export async function getCurrentBooks(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, CurrentBook>> {
  const answers = await Promise.all(ids.map((id) => getCurrentBook(id, signal)));
  return new Map(ids.map((id, index) => [id, answers[index] ?? { status: 'missing' }]));
}

/**
 * Re-reads the cart's books when the cart page opens (never from a stale cache): the stored price
 * is what the reader saw when adding the book, not what the order will charge.
 */
export function useCurrentBooks(ids: readonly string[]) {
  return useQuery({
    queryKey: cartKeys.books(ids),
    queryFn: ({ signal }) => getCurrentBooks(ids, signal),
    enabled: ids.length > 0,
    staleTime: 0,
    refetchOnMount: 'always',
    // Removing a line changes the key: keep showing the answer we have instead of skeletons.
    placeholderData: keepPreviousData,
  });
}
