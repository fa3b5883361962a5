import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { Types } from 'mongoose';
import type { ReviewActionAnswer } from '@mechabrim/contracts';
import { BOOK_MODEL, REVIEW_MODEL, type BookModel, type ReviewModel } from '@mechabrim/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { AccountBudget, type Budget } from '../common/rate-limit/account-budget';
import { refreshBookRating } from './book-rating';

const m = messagesHe.reviews;

/** Helpful marks one account may give an hour. */
export const HELPFUL_MARKS_PER_ACCOUNT: Budget = { limit: 30, windowMs: 60 * 60_000 };
/** Reports one account may send a day: each hides a review until an admin looks at it. */
export const REPORTS_PER_ACCOUNT: Budget = { limit: 5, windowMs: 24 * 60 * 60_000 };

/**
 * Other readers' say on a published review (issue 24): a helpful mark, once per reader; a report,
 * once per reader, which takes the review off the book page and back to the moderation list.
 * Neither is open to the review's own writer, and a report not to the reviewed book's author.
 */
@Injectable()
export class ReviewVotesService {
  constructor(
    @InjectModel(REVIEW_MODEL) private readonly reviews: ReviewModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    private readonly budget: AccountBudget,
  ) {}

  async helpful(user: AuthenticatedUser, id: string): Promise<ReviewActionAnswer> {
    const reader = new Types.ObjectId(user.id);
    await this.publishedOthers(user, id);
    await this.budget.spend('review-helpful', user.id, HELPFUL_MARKS_PER_ACCOUNT, m.tooManyHelpful);
    const after = await this.reviews
      .findOneAndUpdate(
        {
          _id: new Types.ObjectId(id),
          isApproved: true,
          helpfulBy: mongoose.trusted({ $ne: reader }),
        },
        { $push: { helpfulBy: reader }, $inc: { helpfulCount: 1 } },
        { returnDocument: 'after' },
      )
      .select({ helpfulCount: 1 })
      .lean();
    if (!after) throw new DomainError('conflict', m.alreadyHelpful);
    return { message: m.markedHelpful, helpfulCount: after.helpfulCount };
  }

  async report(user: AuthenticatedUser, id: string, reason: string): Promise<ReviewActionAnswer> {
    const reader = new Types.ObjectId(user.id);
    const review = await this.publishedOthers(user, id);
    // A report takes the review down at once: never the reviewed book's author's to use.
    if (await this.books.exists({ _id: review.book, author: reader })) {
      throw new DomainError('forbidden', m.ownBookReport);
    }
    if (review.reportedBy.some((r) => r.equals(reader)))
      throw new DomainError('conflict', m.alreadyReported);
    await this.budget.spend('review-report', user.id, REPORTS_PER_ACCOUNT, m.tooManyReports);
    const hidden = await this.reviews.updateOne(
      { _id: review._id, reportedBy: mongoose.trusted({ $ne: reader }) },
      {
        $push: { reportedBy: reader },
        $inc: { reportCount: 1 },
        $set: { isApproved: false, rejectedAt: null, lastReportReason: reason },
      },
    );
    if (hidden.modifiedCount !== 1) throw new DomainError('conflict', m.alreadyReported);
    await refreshBookRating(this.reviews, this.books, review.book);
    return { message: m.reported };
  }

  /** A published review written by someone else: the only kind a reader may mark or report. */
  private async publishedOthers(
    user: AuthenticatedUser,
    id: string,
  ): Promise<{ _id: Types.ObjectId; book: Types.ObjectId; reportedBy: Types.ObjectId[] }> {
    const review = await this.reviews
      .findOne({ _id: new Types.ObjectId(id), isApproved: true })
      .select({ book: 1, user: 1, reportedBy: 1 })
      .lean();
    if (!review) throw new DomainError('not_found', m.notFound);
    if (review.user?.toHexString() === user.id) throw new DomainError('forbidden', m.ownReviewVote);
    return { _id: review._id, book: review.book, reportedBy: review.reportedBy ?? [] };
  }
}
