import { useCallback } from 'react';
import type { Book } from '@mechabrim/contracts';
import { cartStore, useCart } from '@mechabrim/cart-store';
import { BookCard } from '@mechabrim/ui';
import { bookAuthorName } from '@mechabrim/api-client';

export interface StoreBookCardProps {
  book: Book;
  priority?: boolean;
  showRating?: boolean;
  headingLevel?: 2 | 3 | 4;
}

/** The shared book card bound to the one cart: add, remove, the quantity badge. */
export function StoreBookCard({ book, priority, showRating, headingLevel }: StoreBookCardProps) {
  const quantity = useCart((s) => s.quantityOf(book._id));
  const onAdd = useCallback(() => cartStore.getState().add(book), [book]);
  const onRemove = useCallback(() => cartStore.getState().remove(book._id), [book._id]);
  return (
    <BookCard
      book={book}
      authorName={bookAuthorName(book)}
      inCart={quantity > 0}
      quantity={quantity}
      onAdd={onAdd}
      onRemove={onRemove}
      priority={priority}
      showRating={showRating}
      headingLevel={headingLevel}
    />
  );
}
