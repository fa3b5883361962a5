import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import { BOOK_MODEL, type BookModel } from '@mechabrim/db';
import {
  STORAGE,
  StorageNotFoundError,
  bookFileKeys,
  readAll,
  type StoragePort,
} from '@mechabrim/storage';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

/** An excerpt's bytes and their strong entity tag. */
export interface BookExcerpt {
  body: Buffer;
  etag: string;
}

interface ExcerptRow {
  isAvailable?: boolean | null;
  firstListedAt?: Date | null;
  deletedAt?: Date | null;
  files?: { excerpt?: string | null } | null;
}

/**
 * The excerpts readers may open: the first pages the worker cuts from a book's interior at
 * upload (services/worker book-uploads), for books the public sees (on sale, or sold out after
 * being on sale). Only the excerpt's own key is ever read, so the whole interior never leaves.
 */
@Injectable()
export class BookExcerpts {
  private readonly logger = new Logger(BookExcerpts.name);

  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  /** The excerpt of a public book; `not_found` (Hebrew) when there is none to show. */
  async read(id: string): Promise<BookExcerpt> {
    const book = await this.books
      .findById(new Types.ObjectId(id))
      .select({ isAvailable: 1, firstListedAt: 1, deletedAt: 1, 'files.excerpt': 1 })
      .lean<ExcerptRow>();
    const key = book?.files?.excerpt;
    const listed = !!book && !book.deletedAt && (!!book.isAvailable || !!book.firstListedAt);
    if (!listed || !key) throw new DomainError('not_found', messagesHe.books.excerptNotFound);
    // The book names its excerpt; anything but the excerpt's own key (the interior, another
    // book's file) is refused rather than served.
    if (key !== bookFileKeys(id).excerpt) {
      this.logger.warn(`book ${id} names an unexpected excerpt key; not served`);
      throw new DomainError('not_found', messagesHe.books.excerptNotFound);
    }
    let body: Buffer;
    try {
      body = await readAll(await this.storage.get(key));
    } catch (error) {
      if (error instanceof StorageNotFoundError) {
        this.logger.warn(`book ${id}: excerpt recorded but not stored`);
        throw new DomainError('not_found', messagesHe.books.excerptNotFound);
      }
      throw error;
    }
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    return { body, etag };
  }
}
