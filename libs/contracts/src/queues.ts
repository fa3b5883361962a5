import { z } from 'zod';
import { clientLogEntrySchema } from './client-logs';
import { FOLLOW_QUEUE_NAMES } from './follows';
import { refundRefSchema } from './fields';
import { mailJobSchema, type MailJob } from './mail-jobs';

/** Names of every BullMQ queue; the API produces, the worker consumes. */
export const QUEUE_NAMES = {
  clientLogs: 'client-logs',
} as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/**
 * A client-log entry as queued: the browser's entry plus a deterministic `key`
 * (a hash of its content) that makes storing it idempotent.
 */
export const queuedClientLogEntrySchema = clientLogEntrySchema.extend({
  key: z.string().regex(/^[a-f0-9]{64}$/),
});
export type QueuedClientLogEntry = z.infer<typeof queuedClientLogEntrySchema>;

/** Payload of a `client-logs` job. */
export const clientLogsJobSchema = z.strictObject({
  receivedAt: z.iso.datetime(),
  /** The sender as the API saw it (stored beside each entry). */
  ip: z.string().max(100).optional(),
  userAgent: z.string().max(500).optional(),
  entries: z.array(queuedClientLogEntrySchema).min(1).max(100),
});
export type ClientLogsJob = z.infer<typeof clientLogsJobSchema>;

/** Job names inside the `client-logs` queue. */
export const CLIENT_LOGS_JOB = 'store-entries' as const;

/**
 * The follow-up work of a paid order (ARCHITECTURE.md decision 10). The API writes one outbox row
 * per job in the same database write that marks the order paid; its relay adds the job with the
 * outbox row's id as the BullMQ job id, so a second dispatch of the same row is a no-op. Each
 * payload names the order; the worker reads the order itself, so a payload never carries money
 * the worker could trust instead of the database.
 */
export const ORDER_QUEUE_NAMES = {
  orderSplits: 'order-splits',
  printJobs: 'print-jobs',
  receipts: 'receipts',
  mail: 'mail',
  refunds: 'refunds',
} as const;
export type OrderQueueName = (typeof ORDER_QUEUE_NAMES)[keyof typeof ORDER_QUEUE_NAMES];
export const ORDER_QUEUE_NAME_LIST = Object.values(ORDER_QUEUE_NAMES) as [
  OrderQueueName,
  ...OrderQueueName[],
];

const orderIdField = z.string().regex(/^[a-f\d]{24}$/i);
const bookIdField = z.string().regex(/^[a-f\d]{24}$/i);

/** `order-splits`: append the paid order's split (author, donation, upkeep) to the ledger. */
export const orderSplitsJobSchema = z.strictObject({
  orderId: orderIdField,
  paidAt: z.iso.datetime(),
});
export type OrderSplitsJob = z.infer<typeof orderSplitsJobSchema>;

/** `print-jobs`: hand the paid order's books to the print service. */
export const printJobsJobSchema = z.strictObject({ orderId: orderIdField });
export type PrintJobsJob = z.infer<typeof printJobsJobSchema>;

/** `receipts`: issue the tax invoice-receipt of the paid order. */
export const receiptsJobSchema = z.strictObject({ orderId: orderIdField });
export type ReceiptsJob = z.infer<typeof receiptsJobSchema>;

/**
 * `refunds`: give back one refund of the order (a cancellation or a return) through the payment
 * port, then issue its credit note and mail the buyer; or (`unappliedTransactionId`) give back a
 * payment that took money without paying the order, which an admin asked to refund. The amount
 * is read from the order.
 */
export const refundsJobSchema = z.union([
  z.strictObject({ orderId: orderIdField, refundRef: refundRefSchema }),
  z.strictObject({
    orderId: orderIdField,
    unappliedTransactionId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  }),
]);
export type RefundsJob = z.infer<typeof refundsJobSchema>;

/** Every order queue's payload schema, by queue name. */
export const ORDER_JOB_SCHEMAS = {
  'order-splits': orderSplitsJobSchema,
  'print-jobs': printJobsJobSchema,
  receipts: receiptsJobSchema,
  mail: mailJobSchema,
  refunds: refundsJobSchema,
} as const satisfies Record<OrderQueueName, z.ZodType>;

/** A payload of any order queue, tagged with its queue (what an outbox row holds). */
export type OrderJob =
  | { queue: 'order-splits'; payload: OrderSplitsJob }
  | { queue: 'print-jobs'; payload: PrintJobsJob }
  | { queue: 'receipts'; payload: ReceiptsJob }
  | { queue: 'mail'; payload: MailJob }
  | { queue: 'refunds'; payload: RefundsJob };

/**
 * Queues of books. `book-uploads`: the API stores the files through the storage port, creates the
 * book pending approval and queues its preflight here; the payload names the book and the upload,
 * and the worker reads the files' keys and options from the book itself. `book-sales`: the split
 * queues a count of each book it sold.
 */
export const BOOK_QUEUE_NAMES = {
  bookUploads: 'book-uploads',
  bookSales: 'book-sales',
} as const;
export type BookQueueName = (typeof BOOK_QUEUE_NAMES)[keyof typeof BOOK_QUEUE_NAMES];
export const BOOK_QUEUE_NAME_LIST = Object.values(BOOK_QUEUE_NAMES) as [
  BookQueueName,
  ...BookQueueName[],
];

/** `book-uploads`: preflight the upload's files, cut the excerpt, size the cover image. */
export const bookUploadsJobSchema = z.strictObject({
  bookId: bookIdField,
  /** The upload's id (a UUID); the preflight of one upload is done once. */
  uploadId: z.uuid(),
});
export type BookUploadsJob = z.infer<typeof bookUploadsJobSchema>;

/** Job name inside the `book-uploads` queue. */
export const BOOK_UPLOADS_JOB = 'preflight' as const;

/** The BullMQ job id of an upload's preflight: a second add of the same upload is a no-op. */
export function bookUploadJobId(job: BookUploadsJob): string {
  return `preflight-${job.bookId}-${job.uploadId}`;
}

/**
 * `book-sales`: bring a book's `salesCount` up to the copies the ledger holds for it. Written by the
 * split as an outbox row for each book it sold (ARCHITECTURE.md decision 16) and queued under the
 * book's deduplication id (`bookSalesDeduplication`), so the sales of many orders are counted by
 * one job.
 */
export const bookSalesJobSchema = z.strictObject({ bookId: bookIdField });
export type BookSalesJob = z.infer<typeof bookSalesJobSchema>;

/** Job name inside the `book-sales` queue. */
export const BOOK_SALES_JOB = 'count-sales' as const;

/**
 * A book's count is queued at most once while one waits, and once more while one runs
 * (BullMQ's `keepLastIfActive`): a sale written while a count runs may come after the count read
 * the ledger, so it gets a count of its own.
 */
export function bookSalesDeduplication(bookId: string) {
  return { id: `book-sales-${bookId}`, keepLastIfActive: true } as const;
}

/**
 * The `book-sales` jobs that count these books, for BullMQ's `addBulk`: each under its book's
 * deduplication id, waiting `delayMs` for more sales to count with it, retried on failure.
 */
export function bookSalesJobs(bookIds: Iterable<string>, delayMs: number) {
  return [...new Set(bookIds)].map((bookId) => ({
    name: BOOK_SALES_JOB,
    data: { bookId } satisfies BookSalesJob,
    opts: {
      delay: delayMs,
      attempts: 8,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: true,
      removeOnFail: { age: 7 * 24 * 3600 },
      deduplication: bookSalesDeduplication(bookId),
    },
  }));
}

/** Job name inside each order queue (one kind of job per queue). */
export const ORDER_JOB_NAME = 'paid-order' as const;

/**
 * The `order-splits` job the print handoff queues once it has stored the partner's actual charge
 * for an order: the split (run again, a no-op for what it wrote) adds the charge's platform
 * adjustments. One per order, under its own id.
 */
export function printChargeSplitJob(orderId: string, paidAt: Date) {
  return {
    name: ORDER_JOB_NAME,
    data: { orderId, paidAt: paidAt.toISOString() } satisfies OrderSplitsJob,
    opts: {
      jobId: `print-charge-${orderId}`,
      attempts: 8,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: false,
    },
  } as const;
}

/**
 * `payout-runs`: the monthly payout run (issue 23). The worker schedules it on the 15th in Israel
 * (no payload: the run of the period it falls in); an admin's start queues the run the API opened
 * (`runId`) under the period's job id, so two starts queue one job. `payout-statements`: each
 * payout's statement (its PDF, then its mail), drawn after the run's money is written.
 */
export const PAYOUT_QUEUE_NAMES = {
  payoutRuns: 'payout-runs',
  payoutStatements: 'payout-statements',
} as const;

/** Payload of a `payout-runs` job: the run to resume, or none (the schedule's). */
export const payoutRunsJobSchema = z.strictObject({
  runId: z
    .string()
    .regex(/^[a-f\d]{24}$/i)
    .optional(),
});
export type PayoutRunsJob = z.infer<typeof payoutRunsJobSchema>;

/** Job name inside the `payout-runs` queue. */
export const PAYOUT_RUN_JOB = 'run' as const;

/**
 * An admin released an author's hold: their payout held by the period's run is paid in that same
 * period (job id {@link payoutReleaseJobId}: one job per held payout).
 */
export const PAYOUT_RELEASE_JOB = 'release' as const;
export const payoutReleaseJobSchema = z.strictObject({
  payoutId: z.string().regex(/^[a-f\d]{24}$/i),
});
export type PayoutReleaseJob = z.infer<typeof payoutReleaseJobSchema>;
export const payoutReleaseJobId = (payoutId: string) => `payout-release-${payoutId}`;

/**
 * An admin marked a run's bank file sent while some of its payouts were not in it (released from
 * a hold after the file was downloaded): the worker writes them the run's next file. The step
 * writes a file once, however often it runs.
 */
export const PAYOUT_BATCH_JOB = 'batch' as const;
export const payoutBatchJobSchema = z.strictObject({
  runId: z.string().regex(/^[a-f\d]{24}$/i),
});
export type PayoutBatchJob = z.infer<typeof payoutBatchJobSchema>;

/**
 * A payout's statement to draw and mail (queue `payout-statements`, job id
 * {@link payoutStatementJobId}: one per payout, that is per author and period). Queued by the run
 * once its payouts and bank file are written, and by the release of a held payout.
 */
export const PAYOUT_STATEMENT_JOB = 'statement' as const;
export const payoutStatementJobSchema = z.strictObject({
  payoutId: z.string().regex(/^[a-f\d]{24}$/i),
});
export type PayoutStatementJob = z.infer<typeof payoutStatementJobSchema>;
export const payoutStatementJobId = (payoutId: string) => `statement-${payoutId}`;

/**
 * A statement's job: retried with backoff (drawing it again writes the same file; the mail's job
 * id is the payout's), removed once done so a statement drawn anew (a released hold) queues again.
 */
export const PAYOUT_STATEMENT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: true,
  removeOnFail: false,
} as const;

/** The job id of an admin's start of a period's run. */
export const payoutRunJobId = (period: string) => `payout-run-${period}`;

/** A run's job: retried with backoff (each step is safe to repeat), kept when it fails. */
export const PAYOUT_RUN_JOB_OPTIONS = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 30_000 },
  removeOnComplete: { age: 90 * 24 * 3600 },
  removeOnFail: false,
} as const;

/** Every queue the API and the worker share, for the operators' board and health reports. */
export const ALL_QUEUE_NAMES: readonly string[] = [
  ...Object.values(QUEUE_NAMES),
  ...ORDER_QUEUE_NAME_LIST,
  ...BOOK_QUEUE_NAME_LIST,
  PAYOUT_QUEUE_NAMES.payoutRuns,
  PAYOUT_QUEUE_NAMES.payoutStatements,
  FOLLOW_QUEUE_NAMES.followDigests,
];

/**
 * The `print-jobs` queue's backoff type: not one of BullMQ's own, so the worker's strategy decides
 * each retry's delay (exponential with jitter, `services/worker/src/print-jobs/print-backoff.ts`).
 */
export const PRINT_BACKOFF_TYPE = 'print-handoff' as const;
