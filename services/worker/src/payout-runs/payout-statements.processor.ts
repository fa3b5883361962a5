import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnModuleInit } from '@nestjs/common';
import {
  PAYOUT_QUEUE_NAMES,
  PAYOUT_STATEMENT_JOB,
  payoutStatementJobSchema,
} from '@mechabrim/contracts';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { reportQueueOutages } from '../queue-connection';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import { PayoutStatements, type StatementsOutcome } from './payout-statements';

/**
 * `payout-statements`: one payout's statement, its PDF then its mail (issue 23), queued by the
 * payout run once the period's money is written. Two at a time: one is drawn on the PDF thread
 * while the other reads or writes. A repeated or duplicated job draws and mails nothing again
 * ({@link PayoutStatements.issueOne}).
 */
@Processor(PAYOUT_QUEUE_NAMES.payoutStatements, { ...WORKER_LOCK_SETTINGS, concurrency: 2 })
export class PayoutStatementsProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(PayoutStatementsProcessor.name);

  constructor(
    private readonly statements: PayoutStatements,
    @InjectQueue(PAYOUT_QUEUE_NAMES.payoutStatements) private readonly queue: Queue,
  ) {
    super();
  }

  onModuleInit(): void {
    reportQueueOutages(this.worker, this.queue, this.logger);
  }

  async process(job: Job): Promise<StatementsOutcome> {
    if (job.name !== PAYOUT_STATEMENT_JOB)
      throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = payoutStatementJobSchema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(`invalid payout statement payload: ${parsed.error.message}`);
    return this.statements.issueOne(parsed.data.payoutId);
  }
}
