import type { Book } from '@mechabrim/contracts';

export type CategorySort = 'title' | 'price' | 'rating' | 'sales';
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

/** Title A–Z, price low to high, rating and sales high to low (spec §9). */
export function sortBooks(books: Book[], sort: CategorySort): Book[] {
  const list = [...books];
  const collator = new Intl.Collator('he');
  switch (sort) {
    case 'price':
      return list.sort((a, b) => a.price - b.price);
    case 'rating':
      return list.sort((a, b) => b.rating - a.rating);
    case 'sales':
      return list.sort((a, b) => b.salesCount - a.salesCount);
    default:
      return list.sort((a, b) => collator.compare(a.title, b.title));
  }
}
