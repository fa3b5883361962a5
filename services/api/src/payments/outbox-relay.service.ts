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
import { Types } from 'mongoose';
import {
  BOOK_QUEUE_NAMES,
  ORDER_QUEUE_NAMES,
  outboxJob,
  outboxJobId,
  type OutboxBullJob,
  type OutboxQueueName,
} from '@mechabrim/contracts';
import { OUTBOX_MODEL, type OutboxModel } from '@mechabrim/db';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { QueueProducer } from '../infra/queue-producer';

/** Rows handed over per poll at most, so one poll never holds the event loop for long. */
const BATCH = 100;
/** A relay that claimed a row and died frees it after this long. */
const CLAIM_MS = 30_000;

/**
 * The relay meets a `book-sales` row only when the order split could not hand its own rows over
 * (ARCHITECTURE.md decision 16): it counts at once, the count being late already.
 */
const RELAYED_SALES_COUNT_DELAY_MS = 0;

export { outboxJobId };

/** What the relay reads of a row it claimed. */
interface ClaimedRow {
  _id: Types.ObjectId;
  type: OutboxQueueName;
  payload: unknown;
}

/**
 * Hands the outbox to BullMQ. It polls (every `OUTBOX_POLL_INTERVAL_MS`, default 1 s): change
 * streams would need a replica set (the embedded server has them, but keeps their history only in
 * memory), and a poll of an indexed `status` costs one query per second when idle. Each row is claimed atomically
 * (`findOneAndUpdate` from `pending` to `dispatching`), so two API processes never dispatch the
 * same row at once; the job id is the row's id, so a row dispatched twice (a relay that died
 * after adding the job and before marking the row) still makes one job (a `book-sales` count is
 * deduplicated per book instead, and takes nothing twice: `outboxJob`). The order split hands its
 * own rows over as it writes them (ARCHITECTURE.md decision 16); the relay takes those it could
 * not. While Redis is down rows stay `pending` and go out when it is back.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private nudged = false;
  private readonly queues: Record<OutboxQueueName, Queue>;

  constructor(
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly producer: QueueProducer,
    @InjectQueue(ORDER_QUEUE_NAMES.orderSplits) orderSplits: Queue,
    @InjectQueue(ORDER_QUEUE_NAMES.printJobs) printJobs: Queue,
    @InjectQueue(ORDER_QUEUE_NAMES.receipts) receipts: Queue,
    @InjectQueue(ORDER_QUEUE_NAMES.mail) mail: Queue,
    @InjectQueue(ORDER_QUEUE_NAMES.refunds) refunds: Queue,
    @InjectQueue(BOOK_QUEUE_NAMES.bookSales) bookSales: Queue,
  ) {
    this.queues = {
      'order-splits': orderSplits,
      'print-jobs': printJobs,
      receipts,
      mail,
      refunds,
      'book-sales': bookSales,
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
        if (this.nudged) {
          this.nudged = false;
          void this.dispatchPending();
        }
      });
    return this.running;
  }

  /**
   * New rows were just committed (a paid notify): dispatch now instead of at the next poll, so a
   * paid order's follow-up work starts within milliseconds. A poll already running may have
   * passed the new rows by, so one more runs after it. The poll stays the safety net (another
   * process's rows, a Redis outage).
   */
  nudge(): void {
    if (!this.timer) return;
    if (this.running) this.nudged = true;
    else void this.dispatchPending();
  }

  /**
   * One batch: claims up to {@link BATCH} rows at once (the oldest pending ones, and any whose
   * claim lapsed) under a fresh claim token, reads back the rows this claim won — another relay
   * racing for the same rows wins each row or loses it whole — sets aside payloads that can never
   * be jobs, adds the rest with one `addBulk` per queue and marks them dispatched. A handful of
   * database round trips per batch instead of three per row.
   */
  private async dispatchBatch(): Promise<number> {
    const batch = await this.claimBatch();
    if (!batch) return 0;
    const { claimToken, rows } = batch;
    const { jobsByQueue, claimed } = await this.buildJobs(rows, claimToken);
    if (claimed.length === 0) return 0;
    try {
      for (const [queue, jobs] of jobsByQueue) {
        await this.producer.addBulk(this.queues[queue], jobs);
      }
    } catch (error) {
      // Redis is down: give the rows back for the next poll. A queue that took its jobs before
      // another failed gets them again then, under the same job ids, so nothing doubles.
      await this.releaseClaim(claimed, claimToken, error);
      return 0;
    }
    await this.markDispatched(claimed, claimToken);
    return claimed.length;
  }

  /** Claims the batch under a fresh token and reads back the rows this claim won; null: none pending. */
  private async claimBatch(): Promise<{ claimToken: string; rows: ClaimedRow[] } | null> {
    const now = new Date();
    const claimable = {
      $or: [
        { status: 'pending' as const },
        { status: 'dispatching' as const, claimedUntil: { $lt: now } },
      ],
    };
    const candidates = await this.outbox
      .find(claimable)
      .sort({ createdAt: 1 })
      .limit(BATCH)
      .select({ _id: 1 })
      .lean()
      .exec();
    if (candidates.length === 0) return null;
    const claimToken = new Types.ObjectId().toHexString();
    await this.outbox.updateMany(
      { _id: { $in: candidates.map((row) => row._id) }, ...claimable },
      {
        $set: {
          status: 'dispatching',
          claimedUntil: new Date(now.getTime() + CLAIM_MS),
          claimToken,
        },
        $inc: { attempts: 1 },
      },
    );
    const rows = await this.outbox
      .find({ claimToken, status: 'dispatching' })
      .sort({ createdAt: 1 })
      .lean()
      .exec();
    return { claimToken, rows };
  }

  /** The claimed rows' jobs, grouped by queue; a row whose payload can never be a job is set aside. */
  private async buildJobs(
    rows: ClaimedRow[],
    claimToken: string,
  ): Promise<{ jobsByQueue: Map<OutboxQueueName, OutboxBullJob[]>; claimed: Types.ObjectId[] }> {
    const jobsByQueue = new Map<OutboxQueueName, OutboxBullJob[]>();
    const claimed: Types.ObjectId[] = [];
    for (const row of rows) {
      const built = outboxJob(
        { id: row._id.toHexString(), type: row.type, payload: row.payload },
        { salesCountDelayMs: RELAYED_SALES_COUNT_DELAY_MS },
      );
      if (!built.ok) {
        // No retry can fix a payload: set it aside so it does not block the rows behind it.
        await this.outbox.updateOne(
          { _id: row._id, claimToken },
          { $set: { status: 'failed', claimedUntil: null, lastError: built.error } },
        );
        this.logger.error(
          `outbox row ${row._id.toHexString()} has an invalid ${row.type} payload; set aside`,
        );
        continue;
      }
      const jobs = jobsByQueue.get(row.type) ?? [];
      jobs.push(built.job);
      jobsByQueue.set(row.type, jobs);
      claimed.push(row._id);
    }
    return { jobsByQueue, claimed };
  }

  private async releaseClaim(
    claimed: Types.ObjectId[],
    claimToken: string,
    error: unknown,
  ): Promise<void> {
    await this.outbox.updateMany(
      { _id: { $in: claimed }, claimToken, status: 'dispatching' },
      {
        $set: {
          status: 'pending',
          claimedUntil: null,
          claimToken: null,
          lastError: error instanceof Error ? error.message : String(error),
        },
      },
    );
  }

  private async markDispatched(claimed: Types.ObjectId[], claimToken: string): Promise<void> {
    await this.outbox.updateMany(
      { _id: { $in: claimed }, claimToken, status: 'dispatching' },
      {
        $set: {
          status: 'dispatched',
          dispatchedAt: new Date(),
          claimedUntil: null,
          claimToken: null,
          lastError: null,
        },
      },
    );
  }
}
