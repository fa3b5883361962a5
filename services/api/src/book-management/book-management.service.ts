import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Book, BookEdit, BookEditRequest } from '@mechabrim/contracts';
import {
  approvalOf,
  BOOK_EDIT_MODEL,
  BOOK_MODEL,
  PUBLIC_BOOK_FIELDS,
  type BookEditModel,
  type BookModel,
} from '@mechabrim/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { OWNER_BOOK_FIELDS, toOwnerBookAnswer, type StoredBook } from '../books/book.answer';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { PrintQuotesService } from '../print/print-quotes.service';
import { toBookEdit, type StoredBookEdit } from './book-edit.answer';

const m = messagesHe.portal;

/**
 * What an author does to their own books (spec §6: hide/show, delete, edit), each allowed to the
 * book's author or an admin. An edit never touches the live book: it waits in `book_edits` until
 * an admin approves it (the moderation module applies it).
 */
@Injectable()
export class BookManagementService {
  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(BOOK_EDIT_MODEL) private readonly edits: BookEditModel,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly quotes: PrintQuotesService,
  ) {}

  private get policy() {
    return this.quotes.policy;
  }

  /** The book, if it exists, is not deleted and the user may change it. */
  private async owned(id: string, user: AuthenticatedUser, refusal: string): Promise<StoredBook> {
    const book = await this.books
      .findById(id)
      .select({ ...PUBLIC_BOOK_FIELDS, ...OWNER_BOOK_FIELDS })
      .lean<StoredBook>();
    if (!book || book.deletedAt) throw new DomainError('not_found', messagesHe.books.notFound);
    if (user.role !== 'admin' && book.author.toHexString() !== user.id) {
      throw new DomainError('forbidden', refusal);
    }
    return book;
  }

  private answer(book: StoredBook): Book {
    return toOwnerBookAnswer(book, this.config.publicApiUrl, this.policy);
  }

  /**
   * Hides or shows the book in the shop. Only an approved book can be shown: a book waiting for
   * moderation (or rejected) goes on sale through an admin's approval, never by its author.
   */
  async setAvailability(
    id: string,
    user: AuthenticatedUser,
    isAvailable: boolean,
  ): Promise<{ message: string; book: Book }> {
    const book = await this.owned(id, user, m.notYourBook);
    const approval = approvalOf(book);
    if (isAvailable && approval !== 'approved') {
      throw new DomainError(
        'conflict',
        approval === 'rejected' ? m.rejected(book.moderationReason ?? '') : m.awaitingApproval,
      );
    }
    const updated = await this.books
      .findOneAndUpdate(
        { _id: book._id, deletedAt: null },
        { $set: { isAvailable, approvalStatus: approval } },
        { returnDocument: 'after' },
      )
      .select({ ...PUBLIC_BOOK_FIELDS, ...OWNER_BOOK_FIELDS })
      .lean<StoredBook>();
    if (!updated) throw new DomainError('not_found', messagesHe.books.notFound);
    return { message: isAvailable ? m.shown : m.hidden, book: this.answer(updated) };
  }

  /**
   * Deletes the book: it leaves the shop and the author's lists at once, and its pending edit is
   * dropped. The record stays (`deletedAt`), because orders, the ledger and wishlists name it;
   * orders keep their own copy of the title and cover, so they read as they did.
   */
  async remove(id: string, user: AuthenticatedUser): Promise<{ message: string; book: Book }> {
    const book = await this.owned(id, user, m.notYourBook);
    const now = new Date();
    const deleted = await this.books
      .findOneAndUpdate(
        { _id: book._id, deletedAt: null },
        { $set: { deletedAt: now, isAvailable: false } },
        { returnDocument: 'after' },
      )
      .select({ ...PUBLIC_BOOK_FIELDS, ...OWNER_BOOK_FIELDS })
      .lean<StoredBook>();
    if (!deleted) throw new DomainError('not_found', messagesHe.books.notFound);
    await this.edits.updateMany(
      { book: book._id, status: 'pending_approval' },
      { $set: { status: 'superseded', decidedAt: now } },
    );
    return { message: m.deleted, book: this.answer(deleted) };
  }

  /**
   * Stores an edit for approval (spec §3: status `pending_approval`); the live book is unchanged.
   * A newer edit of the same book supersedes one still waiting.
   */
  async submitEdit(
    id: string,
    user: AuthenticatedUser,
    request: BookEditRequest,
  ): Promise<{ message: string; edit: BookEdit }> {
    const book = await this.owned(id, user, m.notAuthorizedToEdit);
    if (request.originalBookId && request.originalBookId !== id) {
      throw new DomainError('invalid_data', m.wrongBook, [
        { field: 'originalBookId', message: m.wrongBook },
      ]);
    }
    if (request.authorId && user.role !== 'admin' && request.authorId !== user.id) {
      throw new DomainError('forbidden', m.notAuthorizedToEdit);
    }
    await this.checkPrice(book, request.price);
    const now = new Date();
    await this.edits.updateMany(
      { book: book._id, status: 'pending_approval' },
      { $set: { status: 'superseded', decidedAt: now } },
    );
    const created = await this.edits.create({
      book: book._id,
      author: book.author,
      status: 'pending_approval',
      changes: {
        title: request.title,
        price: request.price,
        summary: request.summary,
        tags: request.tags,
      },
      previous: {
        title: book.title,
        price: book.price,
        summary: book.description || book.summary || '',
        tags: book.tags ?? [],
      },
      submittedAt: now,
    });
    return {
      message: m.editSubmitted,
      edit: toBookEdit(created.toObject()),
    };
  }

  /**
   * Quotes the book's print cost again (kept on the book) and refuses an edited price that cannot
   * carry it. With the partner unreachable, the stored quote decides; with none, the approval of
   * the book will.
   */
  private async checkPrice(book: StoredBook, price: number): Promise<void> {
    const options = await this.books
      .findById(book._id)
      .select({ size: 1, paperType: 1, printingType: 1, pages: 1, 'preflight.pages': 1 })
      .lean<{
        size?: string | null;
        paperType?: string | null;
        printingType?: string | null;
        pages?: number | null;
        preflight?: { pages?: number | null } | null;
      }>();
    if (!options) throw new DomainError('not_found', messagesHe.books.notFound);
    const fresh = await this.quotes.quote({
      ...options,
      pages: options.pages ?? options.preflight?.pages ?? null,
    });
    // The new quote is the book's either way: the author's calculator shows it next.
    if (fresh) await this.books.updateOne({ _id: book._id }, { $set: { printCost: fresh } });
    this.quotes.assertPriceCovers(price, fresh ?? book.printCost);
  }

  /** The book's edits, newest first, with their state and any rejection reason. */
  async editsOf(id: string, user: AuthenticatedUser): Promise<BookEdit[]> {
    const book = await this.owned(id, user, m.notAuthorizedToEdit);
    const rows = await this.edits
      .find({ book: book._id })
      .sort({ submittedAt: -1 })
      .limit(50)
      .lean<StoredBookEdit[]>();
    return rows.map(toBookEdit);
  }
}
