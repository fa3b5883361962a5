import type { AuthorStats, Book } from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';
import { agorot, sumAgorot, toAgorot, toShekels, lineTotal, type Agorot } from '@mechabrim/money';

export const authorStatsKey = ['author-portal', 'stats'] as const;

/** `GET /api/stats/author`: the author's counts and revenue (spec §3), in shekels. */
export function getAuthorStats(signal?: AbortSignal): Promise<AuthorStats> {
  return apiFetch<AuthorStats>('/api/stats/author', { signal });
}

export function useAuthorStats(enabled = true) {
  return useQuery({
    queryKey: authorStatsKey,
    queryFn: ({ signal }) => getAuthorStats(signal),
    enabled,
    staleTime: 0,
  });
}

/**
 * A book's sales in agorot: the ledger's (`salesRevenue`, as earnings sums them) when the API sent
 * it, else copies times today's price.
 */
export function bookSales(book: Book): Agorot {
  return book.salesRevenue !== undefined
    ? toAgorot(book.salesRevenue)
    : lineTotal(toAgorot(book.price), book.salesCount);
}

/**
 * The stats computed from the book list, for when the stats call gave all zeros though the
 * author has books (spec §2): counts from the books, sales and revenue from the ledger's per-book figures. Pending revenue is not knowable from the books and stays 0.
 */
export function statsFromBooks(books: readonly Book[]): AuthorStats {
  const active = books.filter((book) => book.isAvailable).length;
  const sales = books.reduce((sum, book) => sum + book.salesCount, 0);
  const revenue = sumAgorot(books.map(bookSales));
  return {
    totalBooks: books.length,
    activeBooks: active,
    pendingBooks: books.length - active,
    totalSales: sales,
    totalRevenue: toShekels(revenue),
    pendingRevenue: toShekels(agorot(0)),
    expectedRevenue: toShekels(agorot(0)),
    monthlySales: 0,
    monthlyRevenue: 0,
  };
}

/** True when every figure of the stats is zero. */
export function isAllZero(stats: AuthorStats): boolean {
  return Object.values(stats).every((value) => value === 0);
}
