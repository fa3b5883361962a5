import type { Book, BookSort } from '@mechabrim/contracts';

/** The category page's sorts (spec §2, §9), done by the API: title A–Z, price low to high,
 * rating and sales high to low. */
export type CategorySort = Extract<BookSort, 'title' | 'price' | 'rating' | 'sales'>;
export const CATEGORY_SORTS: readonly CategorySort[] = ['title', 'price', 'rating', 'sales'];

/** Search over title, author name and tags, case-insensitive substring (spec §5). */
export function searchBooks(books: Book[], search: string): Book[] {
  const q = search.trim().toLocaleLowerCase('he');
  if (!q) return books;
  return books.filter((b) => {
    const author = typeof b.author === 'object' && b.author ? b.author.name : b.authorName;
    return (
      b.title.toLocaleLowerCase('he').includes(q) ||
      (author ?? '').toLocaleLowerCase('he').includes(q) ||
      (b.tags ?? []).some((t) => t.toLocaleLowerCase('he').includes(q))
    );
  });
}
