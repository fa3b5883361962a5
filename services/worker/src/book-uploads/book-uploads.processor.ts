import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnModuleInit } from '@nestjs/common';
import { BOOK_QUEUE_NAMES, BOOK_UPLOADS_JOB, bookUploadsJobSchema } from '@mechabrim/contracts';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { reportQueueOutages } from '../queue-connection';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import {
  BookPreflight,
  PreflightNotApplicableError,
  type PreflightOutcome,
} from './book-preflight.service';

/** Preflights each uploaded book the API queues: report, excerpt and cover sizes on the book. */
@Processor(BOOK_QUEUE_NAMES.bookUploads, { ...WORKER_LOCK_SETTINGS })
export class BookUploadsProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(BookUploadsProcessor.name);

  constructor(
    private readonly preflight: BookPreflight,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    @InjectQueue(BOOK_QUEUE_NAMES.bookUploads) private readonly queue: Queue,
  ) {
    super();
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.preflight.concurrency;
    reportQueueOutages(this.worker, this.queue, this.logger);
  }

  async process(job: Job): Promise<PreflightOutcome> {
    if (job.name !== BOOK_UPLOADS_JOB) throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = bookUploadsJobSchema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(`invalid book-uploads payload: ${parsed.error.message}`);
    try {
      return await this.preflight.run(parsed.data);
    } catch (error) {
      if (error instanceof PreflightNotApplicableError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
