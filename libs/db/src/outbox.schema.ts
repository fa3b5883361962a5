import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { OUTBOX_QUEUE_NAME_LIST } from '@mechabrim/contracts';

/**
 * Where an outbox row stands: written `pending`, `dispatching` while a relay holds it, then
 * `dispatched`; `failed` when its payload can never make a valid job (kept, with `lastError`, for an
 * admin to see, instead of blocking the rows behind it).
 */
export const OUTBOX_STATUSES = ['pending', 'dispatching', 'dispatched', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * One follow-up job of a database write (ARCHITECTURE.md decision 7): written in the same
 * transaction as the change that calls for it (the order split: after its claim, under ids made
 * from order and line, decision 16), then handed to BullMQ by the API's relay (or the split's own
 * hand-over) as `outboxJob` in `@mechabrim/contracts` builds it. A Redis outage leaves rows
 * `pending`; they are dispatched when it is back.
 */
export const OutboxSchema = new Schema(
  {
    /** The BullMQ queue the job goes to. */
    type: { type: String, enum: OUTBOX_QUEUE_NAME_LIST, required: true },
    /** The job's data, valid for its queue's schema in `@mechabrim/contracts`. */
    payload: { type: Schema.Types.Mixed, required: true },
    status: { type: String, enum: OUTBOX_STATUSES, default: 'pending' },
    attempts: { type: Number, default: 0, min: 0 },
    /** A relay's claim lapses at this time (a relay that died mid-dispatch frees its rows). */
    claimedUntil: { type: Date, default: null },
    /** The claim that holds the row: a relay claims a batch at once and reads back its own rows. */
    claimToken: { type: String, default: null },
    lastError: { type: String, default: null },
    createdAt: { type: Date, required: true, default: () => new Date() },
    dispatchedAt: { type: Date, default: null },
  },
  { collection: 'outbox', minimize: false },
);
OutboxSchema.index({ status: 1, createdAt: 1 });
OutboxSchema.index({ 'payload.orderId': 1 });

export type OutboxRecord = InferSchemaType<typeof OutboxSchema>;
export type OutboxDocument = HydratedDocument<OutboxRecord>;
export type OutboxModel = Model<OutboxRecord>;
export const OUTBOX_MODEL = 'Outbox';
