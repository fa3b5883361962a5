import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { BOOK_QUEUE_NAMES, BOOK_SALES_JOB, bookSalesJobSchema } from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  type BookModel,
  type LedgerEntryModel,
} from '@mechabrim/db';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { Types } from 'mongoose';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { reportQueueOutages } from '../queue-connection';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import { countBookSales, type BookSalesCount } from './count-book-sales';

/**
 * `book-sales`: brings a book's `salesCount` up to the copies the ledger holds for it. The split
 * writes a count for each book it sold as an outbox row (ARCHITECTURE.md decision 16), queued
 * deduplicated per book, so a bestseller's hundred sales a second cost one count, not a hundred
 * updates. Idempotent: a count adds only what the ledger gained since the last one, so a retried
 * job, or one handed over both by the split and by the API's relay, adds nothing twice.
 */
@Processor(BOOK_QUEUE_NAMES.bookSales, { ...WORKER_LOCK_SETTINGS })
export class BookSalesProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(BookSalesProcessor.name);

  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    @InjectQueue(BOOK_QUEUE_NAMES.bookSales) private readonly queue: Queue,
  ) {
    super();
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.concurrency;
    reportQueueOutages(this.worker, this.queue, this.logger);
  }

  async process(job: Job): Promise<BookSalesCount> {
    if (job.name !== BOOK_SALES_JOB) throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = bookSalesJobSchema.safeParse(job.data);
    if (!parsed.success) {
      throw new UnrecoverableError(`invalid book-sales payload: ${parsed.error.message}`);
    }
    return countBookSales(this.books, this.ledger, new Types.ObjectId(parsed.data.bookId));
  }
}
