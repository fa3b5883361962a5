import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { clientLogLevelSchema } from '@mechabrim/contracts';

/** Client log entries are kept for 30 days, then MongoDB's TTL monitor removes them. */
export const CLIENT_LOG_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * And never more than this many (at most 16 KB each, so under 1.6 GB; typical entries are far
 * smaller): the worker removes the oldest beyond it, so a flood within the 30 days cannot grow the
 * collection without bound. Capped collections would do it in the server, but the embedded
 * development server does not support them.
 */
export const CLIENT_LOG_MAX_ENTRIES = 100_000;

/** One browser log entry (spec §3 "Client log entry") as stored. */
export const ClientLogSchema = new Schema(
  {
    /** Content hash: storing the same entry twice (a retried job or request) keeps one. */
    key: { type: String, required: true },
    timestamp: { type: Date, required: true },
    level: { type: String, enum: clientLogLevelSchema.options, required: true },
    message: { type: String, required: true },
    context: { type: String, default: '' },
    data: { type: Schema.Types.Mixed, default: null },
    url: { type: String, default: '' },
    userId: { type: String, default: '' },
    sessionId: { type: String, default: '' },
    /** The version of each remote the page ran (`{ storefront: '8-3f9a1c2e4b' }`), or `{}`. */
    remotes: { type: Schema.Types.Mixed, default: {} },
    ip: { type: String, default: '' },
    userAgent: { type: String, default: '' },
    /** When the server received it; the TTL counts from here (a client clock may lie). */
    receivedAt: { type: Date, required: true, default: () => new Date() },
  },
  { collection: 'client_logs', minimize: false },
);
ClientLogSchema.index({ key: 1 }, { unique: true });
ClientLogSchema.index({ receivedAt: 1 }, { expireAfterSeconds: CLIENT_LOG_TTL_SECONDS });
ClientLogSchema.index({ level: 1, receivedAt: -1 });

export type ClientLogRecord = InferSchemaType<typeof ClientLogSchema>;
export type ClientLogDocument = HydratedDocument<ClientLogRecord>;
export type ClientLogModel = Model<ClientLogRecord>;
export const CLIENT_LOG_MODEL = 'ClientLog';
