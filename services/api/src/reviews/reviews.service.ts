import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { Types } from 'mongoose';
import type { AuthorReview, Review } from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  REVIEW_MODEL,
  USER_MODEL,
  type BookModel,
  type ReviewModel,
  type UserModel,
} from '@mechabrim/db';
import { BooksService } from '../books/books.service';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

/** The reviewer's name when none was kept (spec §3: "reader"). */
export const ANONYMOUS_REVIEWER = messagesHe.reviews.anonymousReviewer;

/** Reviews of books; the public sees only approved ones. */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectModel(REVIEW_MODEL) private readonly reviews: ReviewModel,
    @InjectModel(BOOK_MODEL) private readonly bookModel: BookModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    private readonly books: BooksService,
  ) {}

  /** Approved reviews of a book the public sees (on sale, or sold out since), newest first. */
  async approvedFor(bookId: string): Promise<Review[]> {
    if (!(await this.books.isListed(bookId)))
      throw new DomainError('not_found', messagesHe.books.notFound);
    const rows = await this.reviews
      .find({ book: new Types.ObjectId(bookId), isApproved: true })
      .sort({ createdAt: -1 })
      .limit(200)
      .select({
        book: 1,
        authorName: 1,
        title: 1,
        content: 1,
        rating: 1,
        createdAt: 1,
        verifiedPurchase: 1,
        helpfulCount: 1,
      })
      .lean();
    return rows.map((r) => ({
      _id: r._id.toHexString(),
      bookId: r.book.toHexString(),
      authorName: r.authorName || ANONYMOUS_REVIEWER,
      content: r.content,
      rating: r.rating,
      createdAt: (r.createdAt ?? new Date(0)).toISOString(),
      isApproved: true,
      title: r.title ?? '',
      verifiedPurchase: r.verifiedPurchase ?? false,
      helpfulCount: r.helpfulCount ?? 0,
    }));
  }

  /**
   * The newest approved reviews of an author's books the public sees (issue 24: a review shows on
   * the book's page and on its author's), each naming its book.
   */
  async approvedForAuthor(authorId: string, limit = 20): Promise<AuthorReview[]> {
    const author = await this.users.exists({
      _id: new Types.ObjectId(authorId),
      role: { $in: ['author', 'admin'] },
    });
    if (!author) throw new DomainError('not_found', messagesHe.authors.notFound);
    const books = await this.bookModel
      .find({
        author: new Types.ObjectId(authorId),
        deletedAt: null,
        $or: [{ isAvailable: true }, { firstListedAt: mongoose.trusted({ $ne: null }) }],
      })
      .select({ title: 1 })
      .lean();
    if (!books.length) return [];
    const titles = new Map(books.map((b) => [b._id.toHexString(), b.title]));
    const rows = await this.reviews
      .find({ book: { $in: books.map((b) => b._id) }, isApproved: true })
      .sort({ createdAt: -1 })
      .limit(limit)
      .lean();
    return rows.map((r) => ({
      _id: r._id.toHexString(),
      bookId: r.book.toHexString(),
      bookTitle: titles.get(r.book.toHexString()) ?? '',
      authorName: r.authorName || ANONYMOUS_REVIEWER,
      content: r.content,
      rating: r.rating,
      createdAt: (r.createdAt ?? new Date(0)).toISOString(),
      isApproved: true,
      title: r.title ?? '',
      verifiedPurchase: r.verifiedPurchase ?? false,
      helpfulCount: r.helpfulCount ?? 0,
    }));
  }
}
