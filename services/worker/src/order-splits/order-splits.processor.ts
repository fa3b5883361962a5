import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, OnModuleInit } from '@nestjs/common';
import { ORDER_JOB_NAME, ORDER_QUEUE_NAMES, orderSplitsJobSchema } from '@mechabrim/contracts';
import { Job, UnrecoverableError } from 'bullmq';
import { Types } from 'mongoose';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import { GroupCommit } from './group-commit';
import { SplitReader } from './split-reader';
import type { OrderSplitOutcome, PlannedWrite, ReadResult, SplitRequest } from './split-types';
import { SplitWriter } from './split-writer';

export type { OrderSplitOutcome } from './split-types';

/**
 * The most orders one write takes: 16 is where `npm run bench:order-splits -w bench` stops
 * gaining (each order is 3–20 entries).
 */
export const SPLIT_BATCH_MAX = 16;
/** How long a batch that is not full waits for more jobs once its stage is free. */
export const SPLIT_BATCH_WINDOW_MS = 2;
/** Writes one process runs at once: one while the next batch's is on the wire. */
export const SPLIT_WRITERS = 2;
/** The most orders one read of the read stage takes. */
const READ_BATCH_MAX = 256;

/**
 * `order-splits`: writes a paid order's split to the ledger, and has 'a copy was sold' mailed to
 * its authors and its books' sales counts brought up to the ledger — both as outbox rows, its one
 * path for side effects (ARCHITECTURE.md decision 16). Its stages, each in a file of its own:
 * 1. load (`SplitReader`): the orders of the jobs this process holds in one query, what the
 *    ledger and the outbox already hold of them, their authors and print costs;
 * 2. plan (`planSplit`, pure): the entries by `libs/money`, the mails and counts, less what a run
 *    before this one wrote;
 * 3. write (`SplitWriter`): up to `SPLIT_BATCH_MAX` orders together — entries, claim, reversal
 *    of an order cancelled meanwhile, outbox rows — each step safe to run again (decision 7);
 * 4. after the write (`OutboxHandover`): the rows handed to BullMQ at once.
 * Stages 1 and 3 are group commits: the jobs running at once share their queries.
 */
@Processor(ORDER_QUEUE_NAMES.orderSplits, { ...WORKER_LOCK_SETTINGS })
export class OrderSplitsProcessor extends WorkerHost implements OnModuleInit {
  private readonly reads: GroupCommit<SplitRequest, ReadResult>;
  private readonly writes: GroupCommit<PlannedWrite, OrderSplitOutcome>;

  constructor(
    reader: SplitReader,
    writer: SplitWriter,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
  ) {
    super();
    // Every job this process holds can be in one batch; waiting for more than that is futile.
    this.reads = new GroupCommit((requests) => reader.read(requests), {
      maxBatch: () => Math.min(READ_BATCH_MAX, this.config.splitConcurrency),
      windowMs: SPLIT_BATCH_WINDOW_MS,
    });
    this.writes = new GroupCommit((writes) => writer.write(writes), {
      maxBatch: () => Math.min(SPLIT_BATCH_MAX, this.config.splitConcurrency),
      windowMs: SPLIT_BATCH_WINDOW_MS,
      parallel: SPLIT_WRITERS,
    });
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.splitConcurrency;
    // BullMQ reconnects by itself; an outage is logged by the client-logs worker already.
    this.worker.on('error', () => undefined);
  }

  async process(job: Job): Promise<OrderSplitOutcome> {
    if (job.name !== ORDER_JOB_NAME) throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = orderSplitsJobSchema.safeParse(job.data);
    if (!parsed.success) {
      throw new UnrecoverableError(`invalid order-splits payload: ${parsed.error.message}`);
    }
    const read = await this.reads.submit({
      orderId: new Types.ObjectId(parsed.data.orderId),
      paidAt: parsed.data.paidAt,
    });
    return 'done' in read ? read.done : this.writes.submit(read.write);
  }
}
