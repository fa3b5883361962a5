import { z } from 'zod';

/** Levels the browser logger uses (spec §3 "Client log entry"). */
export const clientLogLevelSchema = z.enum(['debug', 'info', 'warn', 'error']);
export type ClientLogLevel = z.infer<typeof clientLogLevelSchema>;

/** The browser may send any JSON as `data`; it is kept but its size is bounded by the body limit. */
const jsonValue = z.unknown();

/** One entry of the browser log, as `POST /api/logs/client-error` receives it. */
export const clientLogEntrySchema = z.strictObject({
  timestamp: z.iso.datetime({ offset: true }),
  level: clientLogLevelSchema,
  message: z.string().trim().min(1).max(2000),
  context: z.string().max(200).optional(),
  data: jsonValue.optional(),
  url: z.string().max(2000).optional(),
  userId: z.string().max(100).optional(),
  sessionId: z.string().max(100).optional(),
});
export type ClientLogEntry = z.infer<typeof clientLogEntrySchema>;

/** Spec §9: the client keeps at most 100 entries, so a bulk upload carries at most 100. */
export const CLIENT_LOG_BULK_MAX = 100;

/** Body of `POST /api/logs/client-bulk`. */
export const clientLogBulkSchema = z.strictObject({
  logs: z.array(clientLogEntrySchema).min(1).max(CLIENT_LOG_BULK_MAX),
  sessionId: z.string().max(100).optional(),
});
export type ClientLogBulk = z.infer<typeof clientLogBulkSchema>;

/** Answer of both client-log endpoints: the entries were accepted for storage (202). */
export const clientLogAcceptedSchema = z.object({ accepted: z.number().int().nonnegative() });
export type ClientLogAccepted = z.infer<typeof clientLogAcceptedSchema>;
