import { searchTokens, storedSearchKeys } from '@mechabrim/hebrew';

/** The fields a book carries so the Hebrew-aware search can find and rank it. */
export interface BookSearchFields {
  /** Normalized title words (ranking). */
  searchTitle: string[];
  /** Normalized author-name words (ranking). */
  searchAuthor: string[];
  /** Normalized tag words (ranking). */
  searchTags: string[];
  /** Lookup keys of all of them, for the multikey index (see `storedSearchKeys`). */
  searchKeys: string[];
}

/** Computes a book's search fields from its title, author name and tags. */
export function bookSearchFields(book: {
  title?: string | null;
  authorName?: string | null;
  tags?: ReadonlyArray<string> | null;
}): BookSearchFields {
  const searchTitle = searchTokens(book.title);
  const searchAuthor = searchTokens(book.authorName);
  const searchTags = searchTokens(...(book.tags ?? []));
  const searchKeys = storedSearchKeys([
    ...new Set([...searchTitle, ...searchAuthor, ...searchTags]),
  ]);
  return { searchTitle, searchAuthor, searchTags, searchKeys };
}
