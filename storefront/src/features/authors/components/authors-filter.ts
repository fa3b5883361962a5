import type { Author } from '@mechabrim/contracts';

export type AuthorSort = 'name' | 'books' | 'rating' | 'sales';
export const AUTHOR_SORTS: readonly AuthorSort[] = ['name', 'books', 'rating', 'sales'];

/** Cards per row: 5 on desktop, 2 on mobile; 2 rows first, 2 more per 'see more' (spec §2, §9). */
export const PER_ROW_DESKTOP = 5;
export const PER_ROW_MOBILE = 2;
export const INITIAL_ROWS = 2;
export const ROWS_STEP = 2;

/** How many cards the grid shows for a number of rows. */
export function visibleCount(rows: number, perRow: number, total: number): number {
  return Math.min(rows * perRow, total);
}

/** Whether 'see more' still has rows to add. */
export function hasMoreRows(rows: number, perRow: number, total: number): boolean {
  return rows * perRow < total;
}

/** Search matches name, bio or genres, case-insensitive; the genre filter needs exact membership. */
export function filterAuthors(authors: Author[], search: string, genre: string): Author[] {
  const q = search.trim().toLocaleLowerCase('he');
  return authors.filter((a) => {
    if (genre && !(a.genres ?? []).includes(genre)) return false;
    if (!q) return true;
    return (
      a.name.toLocaleLowerCase('he').includes(q) ||
      (a.bio ?? '').toLocaleLowerCase('he').includes(q) ||
      (a.genres ?? []).some((g) => g.toLocaleLowerCase('he').includes(q))
    );
  });
}

/** Name A–Z (Hebrew collation); books, rating and sales highest first. */
export function sortAuthors(authors: Author[], sort: AuthorSort): Author[] {
  const list = [...authors];
  const collator = new Intl.Collator('he');
  switch (sort) {
    case 'books':
      return list.sort((a, b) => b.booksCount - a.booksCount || collator.compare(a.name, b.name));
    case 'rating':
      return list.sort(
        (a, b) => b.averageRating - a.averageRating || collator.compare(a.name, b.name),
      );
    case 'sales':
      return list.sort((a, b) => b.totalSales - a.totalSales || collator.compare(a.name, b.name));
    default:
      return list.sort((a, b) => collator.compare(a.name, b.name));
  }
}

/** The distinct genres of all authors, sorted. */
export function distinctGenres(authors: Author[]): string[] {
  return [...new Set(authors.flatMap((a) => a.genres ?? []))].sort(new Intl.Collator('he').compare);
}

/** Featured author of the week: the most recently joined author who has at least one book. */
export function featuredAuthor(authors: Author[]): Author | undefined {
  return [...authors]
    .filter((a) => a.booksCount > 0)
    .sort((a, b) => new Date(b.joinDate).getTime() - new Date(a.joinDate).getTime())[0];
}
