import type { Author, Book } from '@mechabrim/contracts';

export type Suggestion =
  | { kind: 'book'; id: string; href: string; book: Book }
  | { kind: 'author'; id: string; href: string; author: Author };

/** Books first, then authors, as one list the arrow keys walk through. */
export function toSuggestions(books: Book[], authors: Author[]): Suggestion[] {
  return [
    ...books.map((book) => ({
      kind: 'book' as const,
      id: book._id,
      href: `/book/${book._id}`,
      book,
    })),
    ...authors.map((author) => ({
      kind: 'author' as const,
      id: author._id,
      href: `/author/${author._id}`,
      author,
    })),
  ];
}

/** The next highlighted index for an arrow key: down from none is the first, up from none the last; both wrap. */
export function moveHighlight(
  current: number,
  count: number,
  key: 'ArrowDown' | 'ArrowUp',
): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}

/** The first 60 characters of an author's bio (spec §9). */
export function bioPreview(bio: string | undefined | null, max = 60): string {
  const text = (bio ?? '').trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** The author's name of a book as the catalogue answers it. */
export function bookAuthor(book: Book): string | undefined {
  const ref = book.author as Book['author'] | string | undefined;
  return (typeof ref === 'object' && ref?.name) || book.authorName || undefined;
}
