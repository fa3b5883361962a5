import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@mechabrim/query';
import type { Book, BookSort, PriceBand } from '@mechabrim/contracts';
import { getBooks } from './get-books';
import { CATALOGUE_STALE_MS, catalogueKeys } from './query-keys';

/** Books asked for per page of a paged grid (the API's default page size). */
export const BOOK_PAGE_SIZE = 20;

export interface BookPagesParams {
  category?: string;
  sort?: BookSort;
  /** Words to find in title, author name or tags. */
  q?: string;
  price?: PriceBand;
}

export interface BookPagesAnswer {
  /** The books of the pages loaded so far, in the API's order. */
  books: Book[];
  /** All the books the API has for these parameters (not only the loaded ones). */
  total: number;
  /** How many pages there are in all. */
  pageCount: number;
}

function sameParams(key: readonly unknown[] | undefined, params: BookPagesParams): boolean {
  const previous = key?.[2] as BookPagesParams | undefined;
  return (
    previous?.category === params.category &&
    previous?.sort === params.sort &&
    previous?.q === params.q &&
    previous?.price === params.price
  );
}

/**
 * The first `pages` pages of `GET /api/books` for a category and sort, as one list with the API's
 * total; `'all'` loads every page (an in-page search must see every book). Each page is its own
 * cache entry, so 'load more' asks only for the next page. While more pages load the loaded ones
 * stay on screen, but never those of other parameters (another category or sort shows its own
 * skeleton rather than the previous books under the new title).
 */
export function bookPagesQuery(
  queryClient: QueryClient,
  params: BookPagesParams,
  pages: number | 'all',
  enabled = true,
) {
  return queryOptions({
    queryKey: catalogueKeys.bookPages(params, pages),
    queryFn: async (): Promise<BookPagesAnswer> => {
      const page = (n: number) => {
        // Only the parameters given, so equal filters share one cache entry.
        const defined = Object.fromEntries(
          Object.entries(params).filter(([, v]) => v !== undefined && v !== ''),
        );
        const pageParams = { ...defined, page: n, limit: BOOK_PAGE_SIZE };
        return queryClient.fetchQuery({
          queryKey: catalogueKeys.books(pageParams),
          queryFn: ({ signal }) => getBooks(pageParams, signal),
          staleTime: CATALOGUE_STALE_MS,
        });
      };
      const first = await page(1);
      const pageCount = Math.max(1, Math.ceil(first.total / BOOK_PAGE_SIZE));
      const wanted = pages === 'all' ? pageCount : Math.min(Math.max(1, pages), pageCount);
      const rest = await Promise.all(Array.from({ length: wanted - 1 }, (_, i) => page(i + 2)));
      // A book may move between pages while they load (a sale): show it once.
      const seen = new Set<string>();
      const books = [first, ...rest]
        .flatMap((p) => p.books)
        .filter((b) => !seen.has(b._id) && Boolean(seen.add(b._id)));
      return { books, total: first.total, pageCount };
    },
    placeholderData: (previous, previousQuery) =>
      sameParams(previousQuery?.queryKey, params) ? previous : undefined,
    staleTime: CATALOGUE_STALE_MS,
    enabled,
  });
}

export function useBookPages(params: BookPagesParams, pages: number | 'all', enabled = true) {
  const queryClient = useQueryClient();
  return useQuery(bookPagesQuery(queryClient, params, pages, enabled));
}
