import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectModel } from '@nestjs/mongoose';
import type { Multipart } from '@fastify/multipart';
import type { Queue } from 'bullmq';
import { Types } from 'mongoose';
import {
  BOOK_QUEUE_NAMES,
  BOOK_UPLOAD_FILES,
  BOOK_UPLOAD_HE,
  BOOK_UPLOADS_JOB,
  bookUploadFieldsSchema,
  bookUploadJobId,
  type BookUploadAnswer,
  type BookUploadFields,
  type BookUploadFileField,
  type BookUploadsJob,
} from '@mechabrim/contracts';
import { BOOK_MODEL, type BookModel } from '@mechabrim/db';
import { STORAGE, bookFileKeys, type BookFileKeys, type StoragePort } from '@mechabrim/storage';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { validationSummary, zodProblems } from '../common/validation/zod-validation.pipe';
import { QueueProducer } from '../infra/queue-producer';
import { PrintQuotesService, type StoredPrintCost } from '../print/print-quotes.service';
import {
  PREFLIGHT_JOB_OPTIONS,
  asDomainError,
  assertDecodableImage,
  storeFormFile,
} from './upload-parts';

/**
 * `POST /api/books` (spec §3 upload payload, §5 rules): streams the interior PDF, the cover PDF
 * and the cover image to the storage port as they arrive — each checked by its first bytes and
 * cut off past 50 MB — then validates the fields, decodes the image, creates the book pending
 * approval and queues its preflight. Any failure removes every file already stored and the
 * book, so a failed upload leaves nothing behind.
 */
@Injectable()
export class BookUploadsService {
  private readonly logger = new Logger(BookUploadsService.name);

  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @InjectQueue(BOOK_QUEUE_NAMES.bookUploads) private readonly queue: Queue<BookUploadsJob>,
    private readonly producer: QueueProducer,
    private readonly quotes: PrintQuotesService,
  ) {}

  async upload(
    author: AuthenticatedUser,
    parts: AsyncIterable<Multipart>,
  ): Promise<BookUploadAnswer> {
    const bookId = new Types.ObjectId();
    const keys = bookFileKeys(bookId.toHexString());
    const stored: string[] = [];
    let created = false;
    try {
      const { fields, files } = await this.readUploadForm(parts, keys, stored);
      const book = this.validateUploadForm(fields, files);
      await assertDecodableImage(this.storage, keys.coverImage);

      const uploadId = randomUUID();
      // The print cost of a copy, before the book is stored: a price that cannot carry it is
      // refused now. Without a page count, or with the partner unreachable, the quote is pending
      // and taken again at approval (which requires one).
      const printCost = await this.quotes.quote(book);
      this.quotes.assertPriceCovers(book.price, printCost);
      await this.createPendingBook({ bookId, author, book, uploadId, keys, printCost });
      created = true;
      const job: BookUploadsJob = { bookId: bookId.toHexString(), uploadId };
      await this.producer.add(this.queue, BOOK_UPLOADS_JOB, job, {
        ...PREFLIGHT_JOB_OPTIONS,
        jobId: bookUploadJobId(job),
      });
      this.logger.log({ bookId: job.bookId, authorId: author.id, msg: 'book uploaded' });
      return {
        message: BOOK_UPLOAD_HE.uploaded,
        book: {
          _id: job.bookId,
          title: book.title,
          status: 'pending_approval',
          isAvailable: false,
          preflight: { status: 'pending', uploadId },
          printCost: this.quotes.answerOf(printCost),
        },
      };
    } catch (error) {
      await this.undo(bookId, stored, created);
      throw asDomainError(error);
    }
  }

  /**
   * Reads the form's text fields and streams each file part to storage. Every key is pushed to
   * `stored` before its write starts, so the caller can clean up after a failure part-way through.
   */
  private async readUploadForm(
    parts: AsyncIterable<Multipart>,
    keys: BookFileKeys,
    stored: string[],
  ): Promise<{
    fields: Record<string, string>;
    files: Partial<Record<BookUploadFileField, string>>;
  }> {
    const fields: Record<string, string> = {};
    const files: Partial<Record<BookUploadFileField, string>> = {};
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      await storeFormFile(this.storage, part, keys, files, stored);
    }
    return { fields, files };
  }

  /** The parsed fields, or one error listing every invalid field and every missing file. */
  private validateUploadForm(
    fields: Record<string, string>,
    files: Partial<Record<BookUploadFileField, string>>,
  ): BookUploadFields {
    const missing = (Object.keys(BOOK_UPLOAD_FILES) as BookUploadFileField[]).filter(
      (field) => !files[field],
    );
    const parsed = bookUploadFieldsSchema.safeParse(fields);
    const problems = [
      ...(parsed.success ? [] : zodProblems(parsed.error, fields)),
      ...missing.map((field) => ({ field, message: BOOK_UPLOAD_FILES[field].missing })),
    ];
    if (!parsed.success || problems.length)
      throw new DomainError('invalid_data', validationSummary(problems), problems);
    return parsed.data;
  }

  private async createPendingBook({
    bookId,
    author,
    book,
    uploadId,
    keys,
    printCost,
  }: {
    bookId: Types.ObjectId;
    author: AuthenticatedUser;
    book: BookUploadFields;
    uploadId: string;
    keys: BookFileKeys;
    printCost: StoredPrintCost | null;
  }): Promise<void> {
    await this.books.create({
      _id: bookId,
      title: book.title,
      author: new Types.ObjectId(author.id),
      authorName: author.name,
      category: book.category,
      price: book.price,
      description: book.description,
      summary: book.description,
      tags: book.tags,
      isAvailable: false,
      status: 'pending_approval',
      language: book.language,
      size: book.size,
      readingFormat: book.readingFormat,
      paperType: book.paperType,
      printingType: book.printingType,
      pages: book.pages ?? null,
      isbn: book.isbn ?? '',
      printCost,
      files: {
        uploadId,
        pdf: keys.interior,
        coverPdf: keys.coverPdf,
        coverImage: keys.coverImage,
      },
      preflight: {
        status: 'pending',
        uploadId,
        pages: null,
        checks: [],
        checkedAt: null,
        durationMs: null,
      },
    });
  }

  private async undo(bookId: Types.ObjectId, keys: string[], created: boolean): Promise<void> {
    const results = await Promise.allSettled([
      ...keys.map((key) => this.storage.delete(key)),
      ...(created ? [this.books.deleteOne({ _id: bookId })] : []),
    ]);
    for (const result of results)
      if (result.status === 'rejected')
        this.logger.error({
          bookId: bookId.toHexString(),
          err: result.reason as unknown,
          msg: 'upload cleanup failed',
        });
  }
}
