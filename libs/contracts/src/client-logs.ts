import { z } from 'zod';
import { VALIDATION_HE } from './validation-messages.he';

/** Levels the browser logger uses (spec §3 "Client log entry"). */
export const clientLogLevelSchema = z.enum(['debug', 'info', 'warn', 'error']);
export type ClientLogLevel = z.infer<typeof clientLogLevelSchema>;

/** How deeply `data` may nest (an object or array inside another counts one level). */
export const CLIENT_LOG_DATA_MAX_DEPTH = 32;

/**
 * What keeps a JSON value from being stored as is: nesting deeper than `maxDepth`, or a key with
 * a NUL character (MongoDB refuses those). Iterative, so a hostile value cannot overflow the stack.
 */
export function jsonShapeProblem(
  value: unknown,
  maxDepth: number,
): 'too_deep' | 'nul_in_key' | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const current = node.value;
    if (typeof current !== 'object' || current === null) continue;
    if (node.depth >= maxDepth) return 'too_deep';
    if (Array.isArray(current)) {
      for (const child of current as unknown[]) stack.push({ value: child, depth: node.depth + 1 });
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      if (key.includes('\u0000')) return 'nul_in_key';
      stack.push({ value: child, depth: node.depth + 1 });
    }
  }
  return undefined;
}

/** The browser may send any JSON as `data`, nested at most 32 levels, with no NUL in a key. */
const jsonValue = z.unknown().superRefine((value, ctx) => {
  const problem = jsonShapeProblem(value, CLIENT_LOG_DATA_MAX_DEPTH);
  if (problem === 'too_deep')
    ctx.addIssue({ code: 'custom', message: VALIDATION_HE.jsonTooDeep(CLIENT_LOG_DATA_MAX_DEPTH) });
  if (problem === 'nul_in_key')
    ctx.addIssue({ code: 'custom', message: VALIDATION_HE.jsonNulInKey });
});

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
  /** The version of each federated remote the page ran (docs/releases.md). */
  remotes: z
    .record(z.string().max(40), z.string().max(60))
    .refine((remotes) => Object.keys(remotes).length <= 10, {
      message: VALIDATION_HE.tooManyRemotes,
    })
    .optional(),
});
export type ClientLogEntry = z.infer<typeof clientLogEntrySchema>;

/**
 * Entries in one bulk upload. The client keeps at most 100 (spec §9) and sends them in bulks of
 * this size; lower than 100 so one request carries at most 50 × 16 KB.
 */
export const CLIENT_LOG_BULK_MAX = 50;

/** Body of `POST /api/logs/client-bulk`. */
export const clientLogBulkSchema = z.strictObject({
  logs: z.array(clientLogEntrySchema).min(1).max(CLIENT_LOG_BULK_MAX),
  sessionId: z.string().max(100).optional(),
});
export type ClientLogBulk = z.infer<typeof clientLogBulkSchema>;

/** Answer of both client-log endpoints: the entries were accepted for storage (202). */
export const clientLogAcceptedSchema = z.object({ accepted: z.number().int().nonnegative() });
export type ClientLogAccepted = z.infer<typeof clientLogAcceptedSchema>;
