import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  BOOK_QUEUE_NAMES,
  ORDER_QUEUE_NAMES,
  outboxJob,
  type OutboxBullJob,
} from '@mechabrim/contracts';
import { OUTBOX_MODEL, type OutboxModel } from '@mechabrim/db';
import type { Queue } from 'bullmq';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import type { OutboxRowToHandOver } from './split-types';

/**
 * The after-write stage: hands the outbox rows a split just wrote (and those a stopped run left
 * `pending`) to BullMQ at once, as the API's relay would (`outboxJob`: the same job for the same
 * row), then marks them dispatched — so an author's mail and a book's count start within
 * milliseconds and need no relay poll (ARCHITECTURE.md decision 16). A row the API's relay
 * claimed meanwhile is the relay's to mark; a stop between the two steps leaves the row
 * `pending`, and whoever comes next (the job's retry, the relay) adds the same job again. A
 * failure throws: the rows are in MongoDB, and the job's retry hands them over.
 */
@Injectable()
export class OutboxHandover {
  private readonly queues: Record<'mail' | 'book-sales', Queue>;

  constructor(
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @InjectQueue(ORDER_QUEUE_NAMES.mail) mail: Queue,
    @InjectQueue(BOOK_QUEUE_NAMES.bookSales) bookSales: Queue,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
  ) {
    this.queues = { mail, 'book-sales': bookSales };
  }

  async handOver(rows: readonly OutboxRowToHandOver[]): Promise<void> {
    if (rows.length === 0) return;
    const jobs = new Map<'mail' | 'book-sales', OutboxBullJob[]>();
    const handed: OutboxRowToHandOver['_id'][] = [];
    for (const row of rows) {
      // The split writes mails and counts only; any other row, or one that can never make a
      // job, is the relay's to dispatch or set aside.
      if (row.type !== 'mail' && row.type !== 'book-sales') continue;
      const built = outboxJob(
        { id: row._id.toHexString(), type: row.type, payload: row.payload },
        { salesCountDelayMs: this.config.salesCountDelayMs },
      );
      if (!built.ok) continue;
      const list = jobs.get(row.type) ?? [];
      list.push(built.job);
      jobs.set(row.type, list);
      handed.push(row._id);
    }
    for (const [queue, list] of jobs) await this.queues[queue].addBulk(list);
    if (handed.length === 0) return;
    await this.outbox.updateMany(
      { _id: { $in: handed }, status: 'pending' },
      { $set: { status: 'dispatched', dispatchedAt: new Date(), lastError: null } },
    );
  }
}
