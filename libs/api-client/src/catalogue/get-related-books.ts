import { queryOptions, useQuery } from '@mechabrim/query';
import type { Book } from '@mechabrim/contracts';
import { clientLogger } from '@mechabrim/ui';
import { getBooks } from './get-books';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/** Six books of the same genre, without the current one; a failure gives an empty list (logged). */
export async function getRelatedBooks(
  book: Pick<Book, '_id' | 'category'>,
  signal?: AbortSignal,
): Promise<Book[]> {
  try {
    const { books } = await getBooks(
      { category: book.category || undefined, limit: 7, exclude: book._id },
      signal,
    );
    return books.filter((b) => b._id !== book._id).slice(0, 6);
  } catch (error) {
    if (signal?.aborted) throw error;
    clientLogger.warn('Loading related books failed', error, 'book-page');
    return [];
  }
}

/** The query (key, fetcher, freshness) behind `useRelatedBooks`, for hooks, prefetching and the server render. */
export function relatedBooksQuery(book: Pick<Book, '_id' | 'category'> | undefined) {
  return queryOptions({
    queryKey: catalogueKeys.related(book?._id ?? '', book?.category ?? ''),
    queryFn: ({ signal }) => getRelatedBooks(book as Book, signal),
    enabled: Boolean(book),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useRelatedBooks(book: Pick<Book, '_id' | 'category'> | undefined) {
  return useQuery(relatedBooksQuery(book));
}
