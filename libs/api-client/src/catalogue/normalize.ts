import type { Author, Book, Review } from '@mechabrim/contracts';

/** `GET /api/books` and friends answer an array or an object holding `books`; anything else is empty. */
export function bookList(answer: unknown): Book[] {
  if (Array.isArray(answer)) return answer as Book[];
  if (
    answer &&
    typeof answer === 'object' &&
    Array.isArray((answer as { books?: unknown }).books)
  ) {
    return (answer as { books: Book[] }).books;
  }
  return [];
}

/** `GET /api/authors` answers an array or an object holding `authors`; a `{ message }` is an error. */
export function authorList(answer: unknown): Author[] {
  if (Array.isArray(answer)) return answer as Author[];
  if (answer && typeof answer === 'object') {
    const o = answer as { authors?: unknown; message?: unknown };
    if (Array.isArray(o.authors)) return o.authors as Author[];
  }
  return [];
}

/**
 * Comments answer an array or `{ comments }`; only reviews marked approved are shown (spec §2:
 * 'only approved reviews'). The API answers approved reviews only and marks each
 * `isApproved: true`; one without the mark is not shown.
 */
export function reviewList(answer: unknown): Review[] {
  const list = Array.isArray(answer)
    ? answer
    : answer &&
        typeof answer === 'object' &&
        Array.isArray((answer as { comments?: unknown }).comments)
      ? (answer as { comments: unknown[] }).comments
      : [];
  return (list as Review[]).filter((r) => Boolean(r) && r.isApproved === true);
}

/** The author's name of a book, or undefined when it is not known (the card says 'Unknown author'). */
export function bookAuthorName(book: Pick<Book, 'author' | 'authorName'>): string | undefined {
  const ref = book.author as Book['author'] | string | undefined;
  if (ref && typeof ref === 'object' && ref.name) return ref.name;
  return book.authorName || undefined;
}

/** The author's id of a book (the author field is an id string or `{ _id, name }`). */
export function bookAuthorId(book: Pick<Book, 'author'>): string | undefined {
  const ref = book.author as Book['author'] | string | undefined;
  if (typeof ref === 'string') return ref;
  return ref?._id;
}
