import { InjectQueue } from '@nestjs/bullmq';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Queue } from 'bullmq';
import {
  ORDER_JOB_NAME,
  ORDER_JOB_SCHEMAS,
  ORDER_QUEUE_NAMES,
  PRINT_BACKOFF_TYPE,
  type OrderQueueName,
} from '@mechabrim/contracts';
import { OUTBOX_MODEL, type OutboxModel } from '@mechabrim/db';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { QueueProducer } from '../infra/queue-producer';

/** Rows handed over per poll at most, so one poll never holds the event loop for long. */
const BATCH = 100;
/** A relay that claimed a row and died frees it after this long. */
const CLAIM_MS = 30_000;

/** Retries the worker gets for a job before it lands where an admin sees it (decision 7). */
const JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: false,
} as const;

/**
 * BullMQ's job id for an outbox row. Prefixed because BullMQ refuses custom ids that are whole
 * numbers, which a hexadecimal ObjectId can be.
 */
export const outboxJobId = (rowId: string) => `outbox-${rowId}`;

/**
 * Hands the outbox to BullMQ. It polls (every `OUTBOX_POLL_INTERVAL_MS`, default 1 s): change
 * streams would need a replica set's oplog, which the embedded server does not have, and a poll
 * of an indexed `status` costs one query per second when idle. Each row is claimed atomically
 * (`findOneAndUpdate` from `pending` to `dispatching`), so two API processes never dispatch the
 * same row at once; the job id is the row's id, so a row dispatched twice (a relay that died
 * after adding the job and before marking the row) still makes one job. While Redis is down rows
 * stay `pending` and go out when it is back.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly queues: Record<OrderQueueName, Queue>;

  constructor(
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly producer: QueueProducer,
    @InjectQueue(ORDER_QUEUE_NAMES.orderSplits) orderSplits: Queue,
    @InjectQueue(ORDER_QUEUE_NAMES.printJobs) printJobs: Queue,
    @InjectQueue(ORDER_QUEUE_NAMES.receipts) receipts: Queue,
    @InjectQueue(ORDER_QUEUE_NAMES.mail) mail: Queue,
  ) {
    this.queues = {
      'order-splits': orderSplits,
      'print-jobs': printJobs,
      receipts,
      mail,
    };
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(
      () => void this.dispatchPending(),
      this.config.payments.outboxPollIntervalMs,
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One poll: dispatches what is pending; answers how many rows went out. Never overlaps itself. */
  dispatchPending(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.dispatchBatch()
      .catch((error: unknown) => {
        // MongoDB unreachable: the next poll tries again.
        this.logger.warn(
          `outbox poll failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async dispatchBatch(): Promise<number> {
    let dispatched = 0;
    for (let i = 0; i < BATCH; i += 1) {
      const now = new Date();
      const row = await this.outbox
        .findOneAndUpdate(
          {
            $or: [{ status: 'pending' }, { status: 'dispatching', claimedUntil: { $lt: now } }],
          },
          {
            $set: { status: 'dispatching', claimedUntil: new Date(now.getTime() + CLAIM_MS) },
            $inc: { attempts: 1 },
          },
          { sort: { createdAt: 1 }, returnDocument: 'after' },
        )
        .lean()
        .exec();
      if (!row) break;
      const rowId = row._id.toHexString();
      const queue = row.type;
      const payload = ORDER_JOB_SCHEMAS[queue].safeParse(row.payload);
      if (!payload.success) {
        // No retry can fix a payload: set it aside so it does not block the rows behind it.
        await this.outbox.updateOne(
          { _id: row._id },
          { $set: { status: 'failed', claimedUntil: null, lastError: payload.error.message } },
        );
        this.logger.error(`outbox row ${rowId} has an invalid ${queue} payload; set aside`);
        continue;
      }
      try {
        await this.producer.add(this.queues[queue], ORDER_JOB_NAME, payload.data, {
          ...JOB_OPTIONS,
          // The print handoff's retries are spread with jitter by the worker's own strategy.
          ...(queue === 'print-jobs' && { backoff: { type: PRINT_BACKOFF_TYPE } }),
          jobId: outboxJobId(rowId),
        });
      } catch (error) {
        await this.outbox.updateOne(
          { _id: row._id, status: 'dispatching' },
          {
            $set: {
              status: 'pending',
              claimedUntil: null,
              lastError: error instanceof Error ? error.message : String(error),
            },
          },
        );
        // Redis is down: stop this poll rather than cycle through every row.
        break;
      }
      await this.outbox.updateOne(
        { _id: row._id, status: 'dispatching' },
        {
          $set: {
            status: 'dispatched',
            dispatchedAt: new Date(),
            claimedUntil: null,
            lastError: null,
          },
        },
      );
      dispatched += 1;
    }
    return dispatched;
  }
}
