import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnModuleInit } from '@nestjs/common';
import { ORDER_JOB_NAME, ORDER_QUEUE_NAMES, receiptsJobSchema } from '@mechabrim/contracts';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { reportQueueOutages } from '../queue-connection';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import { OrderNotPaidError, ReceiptIssuer, type IssuedReceipt } from './receipt-issuer';

/** Issues the tax invoice-receipt of each paid order the API's outbox announces. */
@Processor(ORDER_QUEUE_NAMES.receipts, { ...WORKER_LOCK_SETTINGS })
export class ReceiptsProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(ReceiptsProcessor.name);

  constructor(
    private readonly issuer: ReceiptIssuer,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    @InjectQueue(ORDER_QUEUE_NAMES.receipts) private readonly queue: Queue,
  ) {
    super();
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.concurrency;
    reportQueueOutages(this.worker, this.queue, this.logger);
  }

  async process(job: Job): Promise<IssuedReceipt> {
    if (job.name !== ORDER_JOB_NAME) throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = receiptsJobSchema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(`invalid receipts payload: ${parsed.error.message}`);
    try {
      const receipt = await this.issuer.issue(parsed.data.orderId);
      this.logger.log({ jobId: job.id, ...receipt, msg: 'receipt issued' });
      return receipt;
    } catch (error) {
      // An unpaid or unknown order will not become payable by retrying this job.
      if (error instanceof OrderNotPaidError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
