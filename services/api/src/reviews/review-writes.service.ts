import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { Types } from 'mongoose';
import type {
  MyBookReview,
  MyReview,
  ReviewActionAnswer,
  ReviewWrite,
  ReviewWriteAnswer,
} from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  isDuplicateKeyError,
  ORDER_MODEL,
  REVIEW_MODEL,
  USER_MODEL,
  type BookModel,
  type OrderModel,
  type ReviewModel,
  type UserModel,
} from '@mechabrim/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { AccountBudget, type Budget } from '../common/rate-limit/account-budget';
import { refreshBookRating } from './book-rating';

const m = messagesHe.reviews;

/** Reviews one account may write, edit or delete a day (beside the route's per-IP limit). */
export const REVIEW_WRITES_PER_ACCOUNT: Budget = { limit: 20, windowMs: 24 * 60 * 60_000 };

/** A stored review as its writer reads it. */
interface StoredReview {
  _id: Types.ObjectId;
  book: Types.ObjectId;
  user?: Types.ObjectId | null;
  title?: string | null;
  content: string;
  rating: number;
  isApproved?: boolean | null;
  rejectedAt?: Date | null;
  rejectionReason?: string | null;
  createdAt?: Date;
  updatedAt?: Date;
}

export function toMyReview(row: StoredReview): MyReview {
  return {
    _id: row._id.toHexString(),
    bookId: row.book.toHexString(),
    rating: row.rating,
    title: row.title ?? '',
    content: row.content,
    status: row.isApproved ? 'approved' : row.rejectedAt ? 'rejected' : 'pending',
    rejectionReason: row.rejectedAt ? (row.rejectionReason ?? '') : '',
    createdAt: (row.createdAt ?? new Date(0)).toISOString(),
    updatedAt: (row.updatedAt ?? row.createdAt ?? new Date(0)).toISOString(),
  };
}

/** Whether the write changes what readers see of the review (its stars, title or text). */
function changed(before: StoredReview, body: ReviewWrite): boolean {
  return (
    before.rating !== body.rating ||
    (before.title ?? '') !== body.title ||
    before.content !== body.content
  );
}

/**
 * A reader's own review (issue 24): written once per book by a reader whose order of it was
 * delivered, never by the book's author; edited or deleted only by its writer. Every write waits
 * for moderation again, and the book's rating is recomputed whenever an approved review changes.
 */
@Injectable()
export class ReviewWritesService {
  constructor(
    @InjectModel(REVIEW_MODEL) private readonly reviews: ReviewModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    private readonly budget: AccountBudget,
  ) {}

  /** The reader's review of the book, and whether they may write one (and why not). */
  async mine(user: AuthenticatedUser, bookId: string): Promise<MyBookReview> {
    const book = await this.listedBook(bookId);
    const row = await this.reviews
      .findOne({ book: book._id, user: new Types.ObjectId(user.id) })
      .lean<StoredReview>();
    if (row) return { review: toMyReview(row), canReview: false };
    const problem = await this.eligibilityProblem(user, book);
    return problem
      ? { review: null, canReview: false, reason: problem.message }
      : { review: null, canReview: true };
  }

  async create(
    user: AuthenticatedUser,
    bookId: string,
    body: ReviewWrite,
  ): Promise<ReviewWriteAnswer> {
    const book = await this.listedBook(bookId);
    const userId = new Types.ObjectId(user.id);
    if (await this.reviews.exists({ book: book._id, user: userId }))
      throw new DomainError('conflict', m.alreadyReviewed);
    const problem = await this.eligibilityProblem(user, book);
    if (problem) throw problem;
    await this.budget.spend('review-write', user.id, REVIEW_WRITES_PER_ACCOUNT, m.tooManyReviews);
    const account = await this.users.findById(userId).select({ name: 1 }).lean();
    try {
      const created = await this.reviews.create({
        book: book._id,
        user: userId,
        authorName: (account?.name ?? user.name).slice(0, 80),
        title: body.title,
        content: body.content,
        rating: body.rating,
        verifiedPurchase: true,
        isApproved: false,
      });
      return { message: m.created, review: toMyReview(created.toObject<StoredReview>()) };
    } catch (error) {
      // Two tabs sending at once: the unique index keeps one.
      if (isDuplicateKeyError(error)) throw new DomainError('conflict', m.alreadyReviewed);
      throw error;
    }
  }

  /**
   * Edits the reader's own review; a changed one leaves the book page until an admin approves it
   * again, and starts afresh: the helpful marks and reports were given to the old text. Saving it
   * unchanged changes nothing.
   */
  async update(user: AuthenticatedUser, id: string, body: ReviewWrite): Promise<ReviewWriteAnswer> {
    const before = await this.ownReview(user, id);
    if (!changed(before, body)) return { message: m.updated, review: toMyReview(before) };
    await this.budget.spend('review-write', user.id, REVIEW_WRITES_PER_ACCOUNT, m.tooManyReviews);
    const after = await this.reviews
      .findOneAndUpdate(
        { _id: before._id, user: new Types.ObjectId(user.id) },
        {
          $set: {
            title: body.title,
            content: body.content,
            rating: body.rating,
            isApproved: false,
            rejectedAt: null,
            rejectionReason: '',
            // A changed text is news when it is published again.
            approvalMailedAt: null,
            helpfulBy: [],
            helpfulCount: 0,
            reportedBy: [],
            reportCount: 0,
            lastReportReason: '',
          },
        },
        { returnDocument: 'after' },
      )
      .lean<StoredReview>();
    if (!after) throw new DomainError('not_found', m.notFound);
    // Always: an admin may have approved it between the read and the write.
    await refreshBookRating(this.reviews, this.books, before.book);
    return { message: m.updated, review: toMyReview(after) };
  }

  async remove(user: AuthenticatedUser, id: string): Promise<ReviewActionAnswer> {
    const review = await this.ownReview(user, id);
    await this.budget.spend('review-write', user.id, REVIEW_WRITES_PER_ACCOUNT, m.tooManyReviews);
    await this.reviews.deleteOne({ _id: review._id, user: new Types.ObjectId(user.id) });
    // Always: an admin may have approved it between the read and the delete.
    await refreshBookRating(this.reviews, this.books, review.book);
    return { message: m.deleted };
  }

  /** The review, when it is the caller's: someone else's is a 403, none at all a 404. */
  private async ownReview(user: AuthenticatedUser, id: string): Promise<StoredReview> {
    const review = await this.reviews.findById(new Types.ObjectId(id)).lean<StoredReview>();
    if (!review) throw new DomainError('not_found', m.notFound);
    if (!review.user || review.user.toHexString() !== user.id)
      throw new DomainError('forbidden', m.notYours);
    return review;
  }

  /** A book the public may see (on sale, or sold out after being on sale), with its author. */
  private async listedBook(id: string): Promise<{ _id: Types.ObjectId; author: Types.ObjectId }> {
    const book = await this.books
      .findOne({
        _id: new Types.ObjectId(id),
        deletedAt: null,
        $or: [{ isAvailable: true }, { firstListedAt: mongoose.trusted({ $ne: null }) }],
      })
      .select({ author: 1 })
      .lean<{ _id: Types.ObjectId; author: Types.ObjectId }>();
    if (!book) throw new DomainError('not_found', messagesHe.books.notFound);
    return book;
  }

  /**
   * Why the reader may not review the book, or null: its author may not; a reader must have an
   * order of it, and that order must have been delivered.
   */
  private async eligibilityProblem(
    user: AuthenticatedUser,
    book: { _id: Types.ObjectId; author: Types.ObjectId },
  ): Promise<DomainError | null> {
    if (book.author.toHexString() === user.id) return new DomainError('forbidden', m.ownBook);
    const orders = await this.orders
      .find({ 'user.userId': new Types.ObjectId(user.id), 'books.book._id': book._id })
      .select({ status: 1 })
      .limit(100)
      .lean<Array<{ status?: string | null }>>();
    if (orders.some((o) => o.status === 'delivered')) return null;
    return new DomainError('forbidden', orders.length ? m.notDelivered : m.notBought);
  }
}
