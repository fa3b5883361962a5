import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectModel } from '@nestjs/mongoose';
import type { Multipart } from '@fastify/multipart';
import type { Queue } from 'bullmq';
import mongoose, { Types } from 'mongoose';
import {
  BOOK_QUEUE_NAMES,
  BOOK_UPLOAD_HE,
  BOOK_UPLOADS_JOB,
  bookUploadJobId,
  type BookFilesAnswer,
  type BookUploadFileField,
  type BookUploadsJob,
} from '@mechabrim/contracts';
import { BOOK_MODEL, approvalOf, type BookModel } from '@mechabrim/db';
import { STORAGE, replacementFileKeys, type StoragePort } from '@mechabrim/storage';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { QueueProducer } from '../infra/queue-producer';
import {
  PREFLIGHT_JOB_OPTIONS,
  STORED_FILE_OF,
  asDomainError,
  assertDecodableImage,
  storeFormFile,
} from './upload-parts';

interface BookFilesRecord {
  _id: Types.ObjectId;
  author: Types.ObjectId;
  deletedAt?: Date | null;
  isAvailable?: boolean | null;
  approvalStatus?: string | null;
  files?: Partial<Record<'uploadId' | 'pdf' | 'coverPdf' | 'coverImage', string>> | null;
}

/**
 * `PUT /api/books/:id/files`: the author of a book that waits for approval or was rejected sends
 * new files (any of the interior, the cover PDF and the cover image). They are stored beside the
 * old ones under a new upload; only when all are stored and checked does the book switch to them,
 * wait for approval again and have its preflight queued. A book on sale keeps its files: what
 * readers buy changes only through a new upload.
 */
@Injectable()
export class BookFilesService {
  private readonly logger = new Logger(BookFilesService.name);

  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @InjectQueue(BOOK_QUEUE_NAMES.bookUploads) private readonly queue: Queue<BookUploadsJob>,
    private readonly producer: QueueProducer,
  ) {}

  async replace(
    id: string,
    user: AuthenticatedUser,
    parts: AsyncIterable<Multipart>,
  ): Promise<BookFilesAnswer> {
    const book = await this.findReplaceableBook(id, user);

    const uploadId = randomUUID();
    const keys = replacementFileKeys(id, uploadId);
    const stored: string[] = [];
    let switched = false;
    try {
      const files = await this.storeFileParts(parts, keys, stored);
      const replaced = (Object.keys(files) as BookUploadFileField[]).sort();
      if (!replaced.length) throw new DomainError('invalid_data', BOOK_UPLOAD_HE.noFiles);
      if (files.coverImage) await assertDecodableImage(this.storage, files.coverImage);

      await this.switchBookToUpload(book, uploadId, files, replaced);
      switched = true;

      const job: BookUploadsJob = { bookId: id, uploadId };
      await this.producer.add(this.queue, BOOK_UPLOADS_JOB, job, {
        ...PREFLIGHT_JOB_OPTIONS,
        jobId: bookUploadJobId(job),
      });
      await this.dropOld(book, replaced);
      this.logger.log({ bookId: id, authorId: user.id, replaced, msg: 'book files replaced' });
      return {
        message: BOOK_UPLOAD_HE.filesReplaced,
        book: {
          _id: id,
          status: 'pending_approval',
          approvalStatus: 'pending',
          replaced,
          preflight: { status: 'pending', uploadId },
        },
      };
    } catch (error) {
      if (!switched) await this.deleteAll(id, stored);
      throw asDomainError(error);
    }
  }

  /** The book, if it exists and this user may still change its files. */
  private async findReplaceableBook(id: string, user: AuthenticatedUser): Promise<BookFilesRecord> {
    const book = await this.books
      .findById(id)
      .select({ author: 1, deletedAt: 1, isAvailable: 1, approvalStatus: 1, files: 1 })
      .lean<BookFilesRecord>();
    if (!book || book.deletedAt) throw new DomainError('not_found', messagesHe.books.notFound);
    if (user.role !== 'admin' && book.author.toHexString() !== user.id)
      throw new DomainError('forbidden', messagesHe.portal.notAuthorizedToEdit);
    if (approvalOf(book) === 'approved')
      throw new DomainError('conflict', BOOK_UPLOAD_HE.filesLocked);
    return book;
  }

  /**
   * Stores each file part under its new key. Every key is pushed to `stored` before its write
   * starts, so the caller can clean up after a failure part-way through.
   */
  private async storeFileParts(
    parts: AsyncIterable<Multipart>,
    keys: ReturnType<typeof replacementFileKeys>,
    stored: string[],
  ): Promise<Partial<Record<BookUploadFileField, string>>> {
    const files: Partial<Record<BookUploadFileField, string>> = {};
    for await (const part of parts) {
      // Text fields have no place here; they are read away and ignored.
      if (part.type === 'field') continue;
      await storeFormFile(this.storage, part, keys, files, stored);
    }
    return files;
  }

  /** Points the book at the new files and sends it back to approval with a pending preflight. */
  private async switchBookToUpload(
    book: BookFilesRecord,
    uploadId: string,
    files: Partial<Record<BookUploadFileField, string>>,
    replaced: BookUploadFileField[],
  ): Promise<void> {
    const set: Record<string, unknown> = {
      'files.uploadId': uploadId,
      status: 'pending_approval',
      approvalStatus: 'pending',
      moderationReason: '',
      isAvailable: false,
      preflight: {
        status: 'pending',
        uploadId,
        pages: null,
        checks: [],
        checkedAt: null,
        durationMs: null,
      },
    };
    for (const field of replaced) set[`files.${STORED_FILE_OF[field]}`] = files[field];
    // Only if no other replacement or upload moved the book on meanwhile.
    const updated = await this.books.updateOne(
      {
        _id: book._id,
        deletedAt: null,
        'files.uploadId': book.files?.uploadId || mongoose.trusted({ $in: ['', null] }),
      },
      { $set: set },
    );
    if (updated.matchedCount === 0) throw new DomainError('conflict', messagesHe.errors.conflict);
  }

  /** The files the book read before (best effort: a leftover file harms nobody). */
  private async dropOld(book: BookFilesRecord, replaced: BookUploadFileField[]): Promise<void> {
    const old = replaced
      .map((field) => book.files?.[STORED_FILE_OF[field]])
      .filter((key): key is string => !!key);
    await this.deleteAll(book._id.toHexString(), old);
  }

  private async deleteAll(bookId: string, keys: string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => this.storage.delete(key)));
    for (const result of results)
      if (result.status === 'rejected')
        this.logger.error({ bookId, err: result.reason as unknown, msg: 'file cleanup failed' });
  }
}
