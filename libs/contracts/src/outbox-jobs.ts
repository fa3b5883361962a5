import type { z } from 'zod';
import {
  BOOK_QUEUE_NAMES,
  ORDER_JOB_NAME,
  ORDER_JOB_SCHEMAS,
  ORDER_QUEUE_NAME_LIST,
  PRINT_BACKOFF_TYPE,
  bookSalesJobSchema,
  bookSalesJobs,
  type BookSalesJob,
  type OrderJob,
  type OrderQueueName,
} from './queues';

/**
 * The queues an outbox row can name (ARCHITECTURE.md decisions 7 and 16): the order queues, and
 * `book-sales`, the count the order split writes beside its mails.
 */
export type OutboxQueueName = OrderQueueName | typeof BOOK_QUEUE_NAMES.bookSales;
export const OUTBOX_QUEUE_NAME_LIST = [...ORDER_QUEUE_NAME_LIST, BOOK_QUEUE_NAMES.bookSales] as [
  OutboxQueueName,
  ...OutboxQueueName[],
];

/** Every outbox queue's payload schema, by queue name. */
export const OUTBOX_JOB_SCHEMAS = {
  ...ORDER_JOB_SCHEMAS,
  'book-sales': bookSalesJobSchema,
} as const satisfies Record<OutboxQueueName, z.ZodType>;

/** A payload of any outbox queue, tagged with its queue (what an outbox row holds). */
export type OutboxJob = OrderJob | { queue: 'book-sales'; payload: BookSalesJob };

/**
 * BullMQ's job id for an outbox row. Prefixed because BullMQ refuses custom ids that are whole
 * numbers, which a hexadecimal ObjectId can be.
 */
export const outboxJobId = (rowId: string) => `outbox-${rowId}`;

/** Retries the worker gets for a job before it lands where an admin sees it (decision 7). */
export const OUTBOX_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: false,
} as const;

/** An outbox row as whoever hands it to BullMQ reads it. */
export interface OutboxRowForJob {
  /** The row's id (hexadecimal). */
  id: string;
  type: OutboxQueueName;
  payload: unknown;
}

/** A row's BullMQ job, for `addBulk` on the queue the row names. */
export interface OutboxBullJob {
  name: string;
  data: unknown;
  opts: object;
}

/**
 * The BullMQ job of an outbox row, or why the row can never make one (its payload fails its
 * queue's schema). One builder for both who hand rows over — the API's relay and the order split's
 * own hand-over (decision 16) — so a row becomes the same job whoever gets to it first:
 * - an order queue's job has the row's id as its job id, so a second hand-over is a no-op;
 * - a `book-sales` count is deduplicated per book instead (`bookSalesJobs`), waiting
 *   `salesCountDelayMs` for more sales; a second one adds nothing, as the count brings the book up
 *   to the ledger and takes nothing twice.
 */
export function outboxJob(
  row: OutboxRowForJob,
  options: { salesCountDelayMs: number },
): { ok: true; job: OutboxBullJob } | { ok: false; error: string } {
  if (row.type === 'book-sales') {
    const parsed = bookSalesJobSchema.safeParse(row.payload);
    if (!parsed.success) return { ok: false, error: parsed.error.message };
    const [job] = bookSalesJobs([parsed.data.bookId], options.salesCountDelayMs);
    return job ? { ok: true, job } : { ok: false, error: 'no book to count' };
  }
  const parsed = ORDER_JOB_SCHEMAS[row.type].safeParse(row.payload);
  if (!parsed.success) return { ok: false, error: parsed.error.message };
  return {
    ok: true,
    job: {
      name: ORDER_JOB_NAME,
      data: parsed.data,
      opts: {
        ...OUTBOX_JOB_OPTIONS,
        // The print handoff's retries are spread with jitter by the worker's own strategy.
        ...(row.type === 'print-jobs' && { backoff: { type: PRINT_BACKOFF_TYPE } }),
        jobId: outboxJobId(row.id),
      },
    },
  };
}
