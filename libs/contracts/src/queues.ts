import { z } from 'zod';
import { clientLogEntrySchema } from './client-logs';

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
} as const;
export type OrderQueueName = (typeof ORDER_QUEUE_NAMES)[keyof typeof ORDER_QUEUE_NAMES];
export const ORDER_QUEUE_NAME_LIST = Object.values(ORDER_QUEUE_NAMES) as [
  OrderQueueName,
  ...OrderQueueName[],
];

const orderIdField = z.string().regex(/^[a-f\d]{24}$/i);

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

/** Mail templates the worker knows. */
export const MAIL_TEMPLATES = ['order-confirmation'] as const;

/** `mail`: one e-mail to one address, drawn from a template with the order's data. */
export const mailJobSchema = z.strictObject({
  template: z.enum(MAIL_TEMPLATES),
  to: z.email(),
  orderId: orderIdField,
});
export type MailJob = z.infer<typeof mailJobSchema>;

/** Every order queue's payload schema, by queue name. */
export const ORDER_JOB_SCHEMAS = {
  'order-splits': orderSplitsJobSchema,
  'print-jobs': printJobsJobSchema,
  receipts: receiptsJobSchema,
  mail: mailJobSchema,
} as const satisfies Record<OrderQueueName, z.ZodType>;

/** A payload of any order queue, tagged with its queue (what an outbox row holds). */
export type OrderJob =
  | { queue: 'order-splits'; payload: OrderSplitsJob }
  | { queue: 'print-jobs'; payload: PrintJobsJob }
  | { queue: 'receipts'; payload: ReceiptsJob }
  | { queue: 'mail'; payload: MailJob };

/** Job name inside each order queue (one kind of job per queue). */
export const ORDER_JOB_NAME = 'paid-order' as const;
