import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Types } from 'mongoose';
import type { PendingBook, PendingEdit, PendingReview } from '@mechabrim/contracts';
import {
  BOOK_EDIT_MODEL,
  BOOK_MODEL,
  pendingApprovalFilter,
  PUBLIC_BOOK_FIELDS,
  REVIEW_MODEL,
  USER_MODEL,
  type BookEditModel,
  type BookModel,
  type ReviewModel,
  type UserModel,
} from '@mechabrim/db';
import { toBookAnswer, type StoredBook } from '../books/book.answer';
import { toBookEdit, type StoredBookEdit } from '../book-management/book-edit.answer';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { PrintQuotesService } from '../print/print-quotes.service';

/**
 * What waits for the admins' moderation (issue 12): books waiting for approval with their
 * preflight reports, authors' edits, readers' reviews. Reads only; `ModerationService` decides.
 */
@Injectable()
export class ModerationQueueService {
  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(BOOK_EDIT_MODEL) private readonly edits: BookEditModel,
    @InjectModel(REVIEW_MODEL) private readonly reviews: ReviewModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly quotes: PrintQuotesService,
  ) {}

  /** Books waiting for approval, oldest first, with their preflight report when there is one. */
  async pendingBooks(limit: number): Promise<PendingBook[]> {
    const rows = await this.books
      .find(pendingApprovalFilter())
      .sort({ createdAt: 1, _id: 1 })
      .limit(limit)
      // `preflight` is written by the upload pipeline when it has run; read whatever is stored.
      .select({ ...PUBLIC_BOOK_FIELDS, preflight: 1, printCost: 1 })
      .lean<Array<StoredBook & { preflight?: unknown }>>();
    return rows.map((book) => ({
      ...toBookAnswer(book, this.config.publicApiUrl),
      approvalStatus: 'pending' as const,
      submittedAt: (book.createdAt ?? new Date(0)).toISOString(),
      preflight: book.preflight ?? null,
      // The card shows what a copy costs to print and the lowest price that carries it.
      printCost: this.quotes.answerOf(book.printCost),
    }));
  }

  /** Edits waiting for approval, oldest first: the book's fields then and the proposed ones. */
  async pendingEdits(limit: number): Promise<PendingEdit[]> {
    const rows = await this.edits
      .find({ status: 'pending_approval' })
      .sort({ submittedAt: 1, _id: 1 })
      .limit(limit)
      .lean<StoredBookEdit[]>();
    const [books, authors] = await Promise.all([
      this.titles(rows.map((r) => r.book)),
      this.names(rows.map((r) => r.author)),
    ]);
    return rows.map((edit) => ({
      ...toBookEdit(edit),
      bookTitle: books.get(edit.book.toHexString()) ?? '',
      authorName: authors.get(edit.author.toHexString()) ?? '',
    }));
  }

  /**
   * Reviews nobody has approved or rejected yet: reported ones first (each hides a review that was
   * on show), then those by readers who bought the book, then the rest; oldest first within each,
   * so a reader's new review is never buried under an old backlog.
   */
  async pendingReviews(limit: number): Promise<PendingReview[]> {
    const rows = await this.reviews
      .find({ isApproved: false, rejectedAt: null })
      .sort({ reportCount: -1, verifiedPurchase: -1, createdAt: 1, _id: 1 })
      .limit(limit)
      .lean();
    const titles = await this.titles(rows.map((r) => r.book));
    return rows.map((review) => ({
      _id: review._id.toHexString(),
      bookId: review.book.toHexString(),
      bookTitle: titles.get(review.book.toHexString()) ?? '',
      authorName: review.authorName ?? '',
      content: review.content,
      rating: review.rating,
      createdAt: (review.createdAt ?? new Date(0)).toISOString(),
      ...(review.updatedAt && { updatedAt: review.updatedAt.toISOString() }),
      title: review.title ?? '',
      verifiedPurchase: review.verifiedPurchase ?? false,
      reportCount: review.reportCount ?? 0,
      lastReportReason: review.lastReportReason ?? '',
    }));
  }

  private async titles(ids: Types.ObjectId[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.books
      .find({ _id: { $in: ids } })
      .select({ title: 1 })
      .lean();
    return new Map(rows.map((b) => [b._id.toHexString(), b.title]));
  }

  private async names(ids: Types.ObjectId[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.users
      .find({ _id: { $in: ids } })
      .select({ name: 1 })
      .lean();
    return new Map(rows.map((u) => [u._id.toHexString(), u.name]));
  }
}
