import { Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Types, type ClientSession, type Connection } from 'mongoose';
import {
  mailJobSchema,
  ORDER_QUEUE_NAMES,
  preflightMailItems,
  storedPreflightChecks,
  type ModerationAnswer,
} from '@mechabrim/contracts';
import {
  BOOK_EDIT_MODEL,
  BOOK_MODEL,
  OUTBOX_MODEL,
  pendingApprovalFilter,
  REVIEW_MODEL,
  USER_MODEL,
  type BookEditModel,
  type BookModel,
  type OutboxModel,
  type ReviewModel,
  type UserModel,
} from '@mechabrim/db';
import type { StoredBookEdit } from '../book-management/book-edit.answer';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { PrintQuotesService, type StoredPrintCost } from '../print/print-quotes.service';
import { refreshBookRating } from '../reviews/book-rating';

const m = messagesHe.moderation;

/** What a decision on a book reads of it to tell its author. */
interface DecidedBook {
  _id: Types.ObjectId;
  title: string;
  author: Types.ObjectId;
  preflight?: unknown;
}

/**
 * The admins' moderation decisions (issue 12, beyond the spec: without it an uploaded book never
 * goes on sale) on books waiting for approval, authors' edits and readers' reviews (what waits is
 * listed by {@link ModerationQueueService}). Every decision is conditional on the item still waiting, so two admins deciding at
 * once decide once.
 */
@Injectable()
export class ModerationService {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(BOOK_EDIT_MODEL) private readonly edits: BookEditModel,
    @InjectModel(REVIEW_MODEL) private readonly reviews: ReviewModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    private readonly quotes: PrintQuotesService,
  ) {}

  /**
   * Approves a waiting book: it goes on sale, and its author is told by mail (the `book-approved`
   * job goes to the outbox in the same transaction, so a decision is never left unmailed).
   */
  async approveBook(id: string): Promise<ModerationAnswer> {
    const printCost = await this.approvalQuote(id);
    const now = new Date();
    await this.connection.transaction(async (session) => {
      const book = await this.books
        .findOneAndUpdate(
          { ...pendingApprovalFilter(), _id: new Types.ObjectId(id) },
          {
            $set: {
              approvalStatus: 'approved',
              isAvailable: true,
              moderationReason: '',
              moderatedAt: now,
              printCost,
            },
          },
          { returnDocument: 'after', session },
        )
        .select({ publishedDate: 1, title: 1, author: 1, preflight: 1 })
        .lean<DecidedBook & { publishedDate?: Date | null }>();
      if (!book) throw await this.bookProblem(id);
      if (!book.publishedDate) {
        await this.books.updateOne(
          { _id: book._id, publishedDate: null },
          { $set: { publishedDate: now } },
          { session },
        );
      }
      await this.mailAuthor(book, 'book-approved', undefined, session);
    });
    return { message: m.bookApproved, status: 'approved' };
  }

  /**
   * The print cost a book goes on sale with: quoted again now (the page count from the upload or,
   * failing that, the preflight's), else the quote stored at upload; none at all, or a price that
   * cannot carry it, refuses the approval with the reason (the admin rejects the book instead).
   */
  private async approvalQuote(id: string): Promise<StoredPrintCost> {
    const book = await this.books
      .findOne({ ...pendingApprovalFilter(), _id: new Types.ObjectId(id) })
      .select({
        price: 1,
        size: 1,
        paperType: 1,
        printingType: 1,
        pages: 1,
        'preflight.pages': 1,
        printCost: 1,
      })
      .lean<{
        price: number;
        size?: string | null;
        paperType?: string | null;
        printingType?: string | null;
        pages?: number | null;
        preflight?: { pages?: number | null } | null;
        printCost?: StoredPrintCost | null;
      }>();
    if (!book) throw await this.bookProblem(id);
    const pages = book.pages ?? book.preflight?.pages ?? book.printCost?.pages ?? null;
    if (!pages) throw new DomainError('conflict', messagesHe.print.approvalNeedsPages);
    const cost = (await this.quotes.quote({ ...book, pages })) ?? book.printCost;
    if (!cost) throw new DomainError('unavailable', messagesHe.print.approvalNeedsQuote);
    try {
      this.quotes.assertPriceCovers(book.price, cost);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const answer = this.quotes.answerOf(cost);
      throw new DomainError(
        'conflict',
        messagesHe.print.approvalPriceTooLow(
          book.price.toFixed(2),
          (answer?.perCopy ?? 0).toFixed(2),
          (answer?.lowestPrice ?? 0).toFixed(2),
        ),
      );
    }
    return cost;
  }

  /** Rejects a waiting book with the reason its author will read, on the site and by mail. */
  async rejectBook(id: string, reason: string): Promise<ModerationAnswer> {
    await this.connection.transaction(async (session) => {
      const book = await this.books
        .findOneAndUpdate(
          { ...pendingApprovalFilter(), _id: new Types.ObjectId(id) },
          {
            $set: {
              approvalStatus: 'rejected',
              isAvailable: false,
              moderationReason: reason,
              moderatedAt: new Date(),
            },
          },
          { returnDocument: 'after', session },
        )
        .select({ title: 1, author: 1, preflight: 1 })
        .lean<DecidedBook>();
      if (!book) throw await this.bookProblem(id);
      await this.mailAuthor(book, 'book-rejected', reason, session);
    });
    return { message: m.bookRejected, status: 'rejected' };
  }

  /** Queues the decision's mail to the book's author through the outbox (mail queue). */
  private async mailAuthor(
    book: DecidedBook,
    template: 'book-approved' | 'book-rejected',
    reason: string | undefined,
    session: ClientSession,
  ): Promise<void> {
    const author = await this.users
      .findById(book.author)
      .select({ name: 1, email: 1 })
      .session(session)
      .lean<{ name: string; email: string }>();
    if (!author) return;
    const job = mailJobSchema.parse({
      template,
      to: author.email,
      bookId: book._id.toHexString(),
      bookTitle: book.title.slice(0, 300),
      authorName: author.name.slice(0, 120),
      report: preflightMailItems(storedPreflightChecks(book.preflight).slice(0, 100)),
      ...(template === 'book-rejected' && reason ? { reason: reason.slice(0, 1000) } : {}),
    });
    await this.outbox.create([{ type: ORDER_QUEUE_NAMES.mail, payload: job }], { session });
  }

  private async bookProblem(id: string): Promise<DomainError> {
    const exists = await this.books.exists({ _id: new Types.ObjectId(id), deletedAt: null });
    return exists
      ? new DomainError('conflict', m.bookNotPending)
      : new DomainError('not_found', messagesHe.books.notFound);
  }

  /**
   * Approves a waiting edit and applies it to the live book, in one transaction: the edit is
   * claimed (still pending) and the book updated together, or neither.
   */
  async approveEdit(id: string): Promise<ModerationAnswer> {
    await this.connection.transaction(async (session) => {
      const edit = await this.edits
        .findOneAndUpdate(
          { _id: new Types.ObjectId(id), status: 'pending_approval' },
          { $set: { status: 'approved', decidedAt: new Date() } },
          { session, returnDocument: 'after' },
        )
        .lean<StoredBookEdit>();
      if (!edit) throw await this.editProblem(id);
      const { title, price, summary, tags } = edit.changes;
      // The edited price must still carry the book's quoted print cost.
      const quoted = await this.books
        .findById(edit.book)
        .select({ printCost: 1 })
        .session(session)
        .lean<{ printCost?: StoredPrintCost | null }>();
      this.quotes.assertPriceCovers(price, quoted?.printCost);
      // The edit form sends the book's description as the summary (spec §3): both show it.
      const applied = await this.books.updateOne(
        { _id: edit.book, deletedAt: null },
        { $set: { title, price, summary, description: summary, tags } },
        { session },
      );
      if (applied.matchedCount !== 1) throw new DomainError('not_found', messagesHe.books.notFound);
    });
    return { message: m.editApproved, status: 'approved' };
  }

  async rejectEdit(id: string, reason: string): Promise<ModerationAnswer> {
    const edit = await this.edits.findOneAndUpdate(
      { _id: new Types.ObjectId(id), status: 'pending_approval' },
      { $set: { status: 'rejected', decidedAt: new Date(), reason } },
    );
    if (!edit) throw await this.editProblem(id);
    return { message: m.editRejected, status: 'rejected' };
  }

  private async editProblem(id: string): Promise<DomainError> {
    return (await this.edits.exists({ _id: new Types.ObjectId(id) }))
      ? new DomainError('conflict', m.editNotPending)
      : new DomainError('not_found', m.editNotFound);
  }

  /**
   * Approves a review: it shows on the book page, the book's rating counts it, and its writer is
   * told by mail (through the outbox, in the decision's transaction) — once per text: approving
   * it again after a report, the text unchanged since it was published, mails nothing. With
   * `seen` (the version the admin read), a review its writer edited since is refused: the admin
   * approves only text they saw.
   */
  async approveReview(id: string, seen?: string): Promise<ModerationAnswer> {
    const review = await this.connection.transaction(async (session) => {
      const decided = await this.reviews
        .findOneAndUpdate(
          {
            _id: new Types.ObjectId(id),
            isApproved: false,
            rejectedAt: null,
            ...(seen !== undefined && { updatedAt: new Date(seen) }),
          },
          { $set: { isApproved: true } },
          { returnDocument: 'before', session },
        )
        .lean();
      if (!decided) throw await this.reviewProblem(id, seen);
      if (!decided.approvalMailedAt) {
        await this.reviews.updateOne(
          { _id: decided._id },
          { $set: { approvalMailedAt: new Date() } },
          { session },
        );
        await this.mailReviewer(decided, 'approved', undefined, session);
      }
      return decided;
    });
    await refreshBookRating(this.reviews, this.books, review.book);
    return { message: m.reviewApproved, status: 'approved' };
  }

  /** Rejects a review with the reason its writer reads by mail and beside the review. */
  async rejectReview(id: string, reason: string): Promise<ModerationAnswer> {
    await this.connection.transaction(async (session) => {
      const decided = await this.reviews
        .findOneAndUpdate(
          { _id: new Types.ObjectId(id), isApproved: false, rejectedAt: null },
          // The writer's last word from us is now the rejection: a later approval is news.
          { $set: { rejectedAt: new Date(), rejectionReason: reason, approvalMailedAt: null } },
          { returnDocument: 'after', session },
        )
        .lean();
      if (!decided) throw await this.reviewProblem(id);
      await this.mailReviewer(decided, 'rejected', reason, session);
    });
    return { message: m.reviewRejected, status: 'rejected' };
  }

  /** Queues the decision's mail to the review's writer (seeded reviews have none). */
  private async mailReviewer(
    review: { book: Types.ObjectId; user?: Types.ObjectId | null; title?: string | null },
    decision: 'approved' | 'rejected',
    reason: string | undefined,
    session: ClientSession,
  ): Promise<void> {
    if (!review.user) return;
    // One after the other: a transaction's session runs one operation at a time.
    const reader = await this.users
      .findById(review.user)
      .select({ name: 1, email: 1 })
      .session(session)
      .lean<{ name: string; email: string }>();
    const book = await this.books
      .findById(review.book)
      .select({ title: 1 })
      .session(session)
      .lean();
    if (!reader?.email || !book) return;
    const job = mailJobSchema.parse({
      template: 'review-decided',
      to: reader.email,
      readerName: reader.name.slice(0, 120),
      bookId: review.book.toHexString(),
      bookTitle: book.title.slice(0, 300),
      reviewTitle: (review.title ?? '').slice(0, 120),
      decision,
      ...(reason ? { reason: reason.slice(0, 1000) } : {}),
    });
    await this.outbox.create([{ type: ORDER_QUEUE_NAMES.mail, payload: job }], { session });
  }

  private async reviewProblem(id: string, seen?: string): Promise<DomainError> {
    const review = await this.reviews
      .findById(new Types.ObjectId(id))
      .select({ isApproved: 1, rejectedAt: 1 })
      .lean();
    if (!review) return new DomainError('not_found', m.reviewNotFound);
    const pending = !review.isApproved && !review.rejectedAt;
    if (pending && seen !== undefined) return new DomainError('conflict', m.reviewChangedSinceSeen);
    return new DomainError('conflict', m.reviewNotPending);
  }
}
