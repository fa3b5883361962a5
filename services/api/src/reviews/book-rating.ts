import type { Types } from 'mongoose';
import { ratingFromReviews, type BookModel, type ReviewModel } from '@mechabrim/db';

/**
 * Recomputes a book's `rating` and `totalRatings` from its approved reviews only (as the books
 * schema requires). The author's average on their page is weighted from these, so it follows.
 * Called after anything that shows, hides, changes or removes an approved review.
 */
export async function refreshBookRating(
  reviews: ReviewModel,
  books: BookModel,
  bookId: Types.ObjectId,
): Promise<void> {
  const approved = await reviews
    .find({ book: bookId, isApproved: true })
    .select({ rating: 1 })
    .lean();
  await books.updateOne(
    { _id: bookId },
    { $set: ratingFromReviews(approved.map((r) => r.rating)) },
  );
}
