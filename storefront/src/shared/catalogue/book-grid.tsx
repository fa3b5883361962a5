import type { Book } from '@mechabrim/contracts';
import { StoreBookCard } from './store-book-card';

/** Books in a responsive grid (2 columns on phones up to 5 on wide screens). */
export function BookGrid({
  books,
  priorityCount = 0,
  label,
  headingLevel,
}: {
  books: Book[];
  priorityCount?: number;
  label?: string;
  /** The level of each book's title: one below the heading the grid sits under (3 by default). */
  headingLevel?: 2 | 3 | 4;
}) {
  return (
    <ul className="mb-grid mb-grid--books sf-plain-list" aria-label={label}>
      {books.map((book, i) => (
        <li key={book._id} className="sf-grid-item">
          <StoreBookCard
            book={book}
            priority={i < priorityCount}
            showRating
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
