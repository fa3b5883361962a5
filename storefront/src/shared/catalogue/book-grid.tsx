import type { Book } from '@mechabrim/contracts';
import { StoreBookCard } from './store-book-card';

/** Books in a responsive grid (2 columns on phones up to 5 on wide screens). */
export function BookGrid({
  books,
  priorityCount = 0,
  label,
}: {
  books: Book[];
  priorityCount?: number;
  label?: string;
}) {
  return (
    <ul className="mb-grid mb-grid--books sf-plain-list" aria-label={label}>
      {books.map((book, i) => (
        <li key={book._id} className="sf-grid-item">
          <StoreBookCard book={book} priority={i < priorityCount} showRating />
        </li>
      ))}
    </ul>
  );
}
