import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  FOLLOW_DIGEST_JOB,
  FOLLOW_QUEUE_NAMES,
  followDigestsJobSchema,
} from '@mechabrim/contracts';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { reportQueueOutages } from '../queue-connection';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import { FollowDigestService, type DigestTotals } from './follow-digest.service';
import { israelYesterday } from './israel-day';

/** The schedule's id: upserting it again on every start keeps one schedule. */
export const FOLLOW_DIGEST_SCHEDULER_ID = 'follow-digests-daily';

/** 08:00 every morning, Israel time: the mail of the day before. */
export const FOLLOW_DIGEST_SCHEDULE = { pattern: '0 8 * * *', tz: 'Asia/Jerusalem' } as const;

const FOLLOW_DIGEST_JOB_OPTIONS = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 30_000 },
  removeOnComplete: { age: 30 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;

/** `follow-digests`: the daily new-books mail of followed authors (issue 24). */
@Processor(FOLLOW_QUEUE_NAMES.followDigests, { ...WORKER_LOCK_SETTINGS, concurrency: 1 })
export class FollowDigestsProcessor extends WorkerHost implements OnModuleInit, OnModuleDestroy {
  private closing = false;
  private readonly logger = new Logger(FollowDigestsProcessor.name);

  constructor(
    private readonly digests: FollowDigestService,
    @InjectQueue(FOLLOW_QUEUE_NAMES.followDigests) private readonly queue: Queue,
  ) {
    super();
  }

  onModuleInit(): void {
    reportQueueOutages(this.worker, this.queue, this.logger);
    // Not awaited: a worker started while Redis is down still starts; the schedule follows.
    void this.schedule();
  }

  onModuleDestroy(): void {
    this.closing = true;
  }

  private async schedule(attempt = 0): Promise<void> {
    try {
      await this.queue.upsertJobScheduler(FOLLOW_DIGEST_SCHEDULER_ID, FOLLOW_DIGEST_SCHEDULE, {
        name: FOLLOW_DIGEST_JOB,
        data: {},
        opts: FOLLOW_DIGEST_JOB_OPTIONS,
      });
    } catch (error) {
      if (this.closing) return;
      this.logger.warn({
        err: error instanceof Error ? error.message : String(error),
        msg: 'new-books schedule not written yet; trying again',
      });
      const retry = setTimeout(
        () => void this.schedule(attempt + 1),
        Math.min(60_000, 1000 * 2 ** attempt),
      );
      retry.unref();
    }
  }

  async process(job: Job): Promise<DigestTotals> {
    if (job.name !== FOLLOW_DIGEST_JOB)
      throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = followDigestsJobSchema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(`invalid follow-digests payload: ${parsed.error.message}`);
    const totals = await this.digests.run(parsed.data.day ?? israelYesterday(new Date()));
    this.logger.log({ ...totals, msg: 'new-books mail queued' });
    return totals;
  }
}
