import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  PAYOUT_BATCH_JOB,
  payoutBatchJobSchema,
  PAYOUT_QUEUE_NAMES,
  PAYOUT_RELEASE_JOB,
  PAYOUT_RUN_JOB,
  payoutReleaseJobSchema,
  PAYOUT_RUN_JOB_OPTIONS,
  payoutRunsJobSchema,
} from '@mechabrim/contracts';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { reportQueueOutages } from '../queue-connection';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import { PayoutBatchStep } from './payout-batch-step';
import { PayoutReleaseStep } from './payout-release';
import { PayoutRunService, type AuthorOutcome, type RunTotals } from './payout-run.service';

/** The schedule's id: upserting it again on every start keeps one schedule. */
export const PAYOUT_RUN_SCHEDULER_ID = 'payout-runs-monthly';

/** 06:00 on the 15th of every month, Israel time (the payout day of spec §9). */
export const PAYOUT_RUN_SCHEDULE = { pattern: '0 6 15 * *', tz: 'Asia/Jerusalem' } as const;

/**
 * `payout-runs`: the monthly payout run, on its schedule or when an admin starts it, the
 * payment of a payout an admin released from its hold (`release`), and the run's next bank file
 * after one was sent without some of its payouts (`batch`). One job at
 * a time per worker; two workers on the same run meet on the unique keys of its steps.
 */
@Processor(PAYOUT_QUEUE_NAMES.payoutRuns, { ...WORKER_LOCK_SETTINGS, concurrency: 1 })
export class PayoutRunsProcessor extends WorkerHost implements OnModuleInit, OnModuleDestroy {
  private closing = false;
  private readonly logger = new Logger(PayoutRunsProcessor.name);

  constructor(
    private readonly runs: PayoutRunService,
    private readonly release: PayoutReleaseStep,
    private readonly batch: PayoutBatchStep,
    @InjectQueue(PAYOUT_QUEUE_NAMES.payoutRuns) private readonly queue: Queue,
  ) {
    super();
  }

  onModuleInit(): void {
    reportQueueOutages(this.worker, this.queue, this.logger);
    // Never awaited: a worker started while Redis is down must start (and report Redis down);
    // the schedule is written once Redis answers.
    void this.schedule();
  }

  /** The monthly run's schedule, written (idempotently) as soon as Redis takes it. */
  private async schedule(attempt = 0): Promise<void> {
    try {
      await this.queue.upsertJobScheduler(PAYOUT_RUN_SCHEDULER_ID, PAYOUT_RUN_SCHEDULE, {
        name: PAYOUT_RUN_JOB,
        data: {},
        opts: PAYOUT_RUN_JOB_OPTIONS,
      });
    } catch (error) {
      if (this.closing) return;
      this.logger.warn({
        err: error instanceof Error ? error.message : String(error),
        msg: 'payout schedule not written yet; trying again',
      });
      const retry = setTimeout(
        () => void this.schedule(attempt + 1),
        Math.min(60_000, 1000 * 2 ** attempt),
      );
      retry.unref();
    }
  }

  onModuleDestroy(): void {
    this.closing = true;
  }

  async process(
    job: Job,
  ): Promise<
    | { period: string; totals: RunTotals | null }
    | { released: AuthorOutcome }
    | { batchWritten: string }
  > {
    if (job.name === PAYOUT_BATCH_JOB) {
      const parsed = payoutBatchJobSchema.safeParse(job.data);
      if (!parsed.success)
        throw new UnrecoverableError(`invalid payout batch payload: ${parsed.error.message}`);
      const run = await this.runs.openRun(parsed.data.runId, new Date());
      if (!run) throw new UnrecoverableError(`payout run ${parsed.data.runId} does not exist`);
      await this.batch.write(run);
      return { batchWritten: run.period };
    }
    if (job.name === PAYOUT_RELEASE_JOB) {
      const released = payoutReleaseJobSchema.safeParse(job.data);
      if (!released.success)
        throw new UnrecoverableError(`invalid payout release payload: ${released.error.message}`);
      return { released: await this.release.pay(released.data.payoutId) };
    }
    if (job.name !== PAYOUT_RUN_JOB) throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = payoutRunsJobSchema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(`invalid payout-runs payload: ${parsed.error.message}`);
    const run = await this.runs.openRun(parsed.data.runId, new Date());
    if (!run) throw new UnrecoverableError(`payout run ${parsed.data.runId ?? ''} does not exist`);
    return { period: run.period, totals: await this.runs.execute(run) };
  }
}
