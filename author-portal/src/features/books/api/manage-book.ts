import type { BookChangeAnswer } from '@mechabrim/contracts';
import { apiFetch } from '@mechabrim/session';

/** `PUT /api/books/:id {isAvailable}`: hides or shows the author's own book. */
export function setBookAvailability(bookId: string, isAvailable: boolean) {
  return apiFetch<BookChangeAnswer>(`/api/books/${encodeURIComponent(bookId)}`, {
    method: 'PUT',
    body: { isAvailable },
  });
}

/** `DELETE /api/books/:id`: removes the author's own book from the catalogue. */
export function deleteBook(bookId: string) {
  return apiFetch<BookChangeAnswer>(`/api/books/${encodeURIComponent(bookId)}`, {
    method: 'DELETE',
  });
}
