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
