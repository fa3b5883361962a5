import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnModuleInit } from '@nestjs/common';
import { ORDER_JOB_NAME, ORDER_QUEUE_NAMES, mailJobSchema } from '@mechabrim/contracts';
import { DelayedError, Job, Queue, UnrecoverableError } from 'bullmq';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { reportQueueOutages } from '../queue-connection';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import { MailDataMissingError } from './mail-context';
import { ConfirmationNotSentError, Mailer, type MailOutcome } from './mailer';

/** Tries of an order confirmation that wait for its receipt (the relay's backoff: 5, 10, 20 s). */
const RECEIPT_WAIT_ATTEMPTS = 3;

/**
 * How long a mail waiting for its order's confirmation is put off: half the time it has waited
 * so far, between one second and a minute (a confirmation usually follows within seconds).
 */
export function confirmationWaitDelayMs(queuedAt: number, now: number): number {
  return Math.min(60_000, Math.max(1000, Math.round((now - queuedAt) / 2)));
}

/** Sends the mail jobs the API's outbox (and later other producers) queue. */
@Processor(ORDER_QUEUE_NAMES.mail, { ...WORKER_LOCK_SETTINGS })
export class MailProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(MailProcessor.name);

  constructor(
    private readonly mailer: Mailer,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    @InjectQueue(ORDER_QUEUE_NAMES.mail) private readonly queue: Queue,
  ) {
    super();
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.concurrency;
    reportQueueOutages(this.worker, this.queue, this.logger);
  }

  async process(job: Job, token?: string): Promise<{ outcome: MailOutcome }> {
    if (job.name !== ORDER_JOB_NAME) throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = mailJobSchema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(`invalid mail payload: ${parsed.error.message}`);
    if (!job.id) throw new UnrecoverableError('a mail job needs an id (its outbox row)');
    // An order confirmation waits a few retries for the receipt to attach; after that it goes
    // without it (it says the receipt follows; the orders page links it once issued).
    const attemptsLeft = (job.opts.attempts ?? 1) - job.attemptsMade - 1;
    const waitForReceipt = attemptsLeft > 0 && job.attemptsMade < RECEIPT_WAIT_ATTEMPTS;
    try {
      const outcome = await this.mailer.send(job.id, parsed.data, { waitForReceipt });
      this.logger.log({
        jobId: job.id,
        template: parsed.data.template,
        outcome,
        msg: 'mail job done',
      });
      return { outcome };
    } catch (error) {
      if (error instanceof MailDataMissingError) throw new UnrecoverableError(error.message);
      if (error instanceof ConfirmationNotSentError) {
        // Put off, not failed: waiting for the confirmation uses none of the job's attempts.
        const now = Date.now();
        await job.moveToDelayed(now + confirmationWaitDelayMs(job.timestamp, now), token);
        this.logger.log({ jobId: job.id, template: parsed.data.template, msg: error.message });
        throw new DelayedError();
      }
      throw error;
    }
  }
}
