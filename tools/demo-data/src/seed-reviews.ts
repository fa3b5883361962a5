import type { Types } from 'mongoose';
import type { BookCategory } from '@mechabrim/contracts';
import { REVIEW_MODEL, ratingFromReviews } from '@mechabrim/db';
import { DEMO_ACCOUNTS, DEMO_IDS, HANDWRITTEN_BOOKS, demoId } from './demo-accounts';
import { REVIEWERS, ReviewWriter } from './reviews.he';
import type { ReviewProfile } from './seed-books';
import { demoAuthor } from './seed-people';
import {
  DAY,
  LATEST,
  elementAt,
  materialize,
  ownPrng,
  pick,
  type SeedContext,
  type SeedDoc,
} from './seed-kit';

type Stars = 1 | 2 | 3 | 4 | 5;

/**
 * Step: reviews, most approved, some waiting for moderation. Hand-written books get 2–11 (more
 * for popular ones) so none looks empty; generated ones (the bench's 10,000) 0–1. Each book's
 * rating is then computed from its approved reviews.
 */
export async function drawReviews(
  ctx: SeedContext,
  books: readonly SeedDoc[],
  profiles: readonly ReviewProfile[],
  authorIds: readonly Types.ObjectId[],
): Promise<{ reviews: SeedDoc[]; approvedReviews: number }> {
  const { rand } = ctx;
  const reviews: SeedDoc[] = [];
  const writer = new ReviewWriter();
  const authorGender = new Map(
    authorIds.map((id, i) => [id.toHexString(), demoAuthor(i).gender] as const),
  );
  let approvedReviews = 0;
  for (const [k, book] of books.entries()) {
    const { popularity, ratingBias } = elementAt(profiles, k);
    const count = k < HANDWRITTEN_BOOKS ? 2 + Math.floor(popularity * 10) : Math.floor(rand() * 2);
    const approvedStars: number[] = [];
    for (let r = 0; r < count; r += 1) {
      const stars = Math.max(1, Math.min(5, Math.round(ratingBias + (rand() - 0.5) * 2))) as Stars;
      const isApproved = rand() < 0.8;
      if (isApproved) {
        approvedReviews += 1;
        approvedStars.push(stars);
      }
      const byReader = k % 23 === 0 && r === 0;
      const at = Math.min(
        LATEST,
        (book.createdAt as Date).getTime() + Math.floor(rand() * 200) * DAY,
      );
      // One draw for the reviewer (none for the demo reader) and one for the text, as always.
      const reviewer = byReader
        ? { name: DEMO_ACCOUNTS.reader.name, gender: 'f' as const }
        : pick(rand, REVIEWERS);
      rand();
      const content = writer.write(
        {
          title: book.title as string,
          category: book.category as BookCategory,
          authorName: book.authorName as string,
          authorGender: authorGender.get((book.author as Types.ObjectId).toHexString()) ?? 'f',
        },
        stars,
        reviewer.gender,
        ownPrng('review', reviews.length),
      );
      reviews.push(
        await materialize(ctx.model(REVIEW_MODEL), {
          _id: demoId('review', reviews.length),
          book: book._id,
          user: byReader ? DEMO_IDS.reader : null,
          authorName: reviewer.name,
          content,
          rating: stars,
          isApproved,
          createdAt: new Date(at),
          updatedAt: new Date(at),
        }),
      );
    }
    Object.assign(book, ratingFromReviews(approvedStars));
  }
  return { reviews, approvedReviews };
}
