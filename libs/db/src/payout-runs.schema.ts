import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { PAYOUT_POLICY_NAMES } from '@mechabrim/money';
import { isDuplicateKeyError } from './duplicate-keys';

export const PAYOUT_RUN_STATUSES = ['running', 'done'] as const;
export type PayoutRunStatus = (typeof PAYOUT_RUN_STATUSES)[number];

const totalsSchema = new Schema(
  {
    /** Authors paid in the run (their payouts `planned`, then `paid` once the batch is sent). */
    paidCount: { type: Number, required: true, default: 0 },
    grossAgorot: { type: Number, required: true, default: 0 },
    withheldAgorot: { type: Number, required: true, default: 0 },
    netAgorot: { type: Number, required: true, default: 0 },
    /** Authors due but held (on hold for review, or without payout details): still owed. */
    heldCount: { type: Number, required: true, default: 0 },
    heldAgorot: { type: Number, required: true, default: 0 },
    /** Authors with a balance the policy did not pay this time (it rolls over). */
    carriedCount: { type: Number, required: true, default: 0 },
    carriedAgorot: { type: Number, required: true, default: 0 },
  },
  { _id: false },
);

/**
 * One bank file of a run. Its file never changes under its key: while no admin has downloaded it,
 * a payout released from a hold rewrites it under a new key; once downloaded, it may be what the
 * bank gets, so it stays as it is, and marking it sent pays exactly the transfers it holds
 * (`payoutIds`, `allocationIds`); what it lacks goes in the run's next file.
 */
const batchSchema = new Schema(
  {
    /**
     * The file's path under `DATA_DIR`: `payouts/<period>.<digest>.msv`, then
     * `<period>-2.<digest>.msv`… (the digest of its content: a key names the same bytes).
     */
    fileKey: { type: String, required: true },
    createdAt: { type: Date, required: true },
    credits: { type: Number, required: true },
    totalAgorot: { type: Number, required: true },
    /** The authors' payouts and the fund's allocations the file transfers (older files: none). */
    payoutIds: { type: [Schema.Types.ObjectId], default: undefined },
    allocationIds: { type: [Schema.Types.ObjectId], default: undefined },
    /** First downloaded by an admin: from then on the file is not rewritten. */
    downloadedAt: { type: Date, default: null },
    sentAt: { type: Date, default: null },
    sentBy: { type: String, default: null },
  },
  { _id: false },
);

/**
 * One payout run (issue 23, ARCHITECTURE.md decision 13): the period it pays, who started it, and
 * its bank batch. One run per period (unique `period`): a second start of the same period,
 * scheduled or by an admin, finds this one and resumes it while it runs. `startedAt` is the run's
 * moment for every decision in it, so a resumed run decides as the first attempt did.
 */
export const PayoutRunSchema = new Schema(
  {
    /** The month paid for, `YYYY-MM` (the month before the run's). */
    period: { type: String, required: true, match: /^\d{4}-(0[1-9]|1[0-2])$/ },
    /** Everything earned before this instant (00:00 in Israel on the run month's 1st) is paid. */
    periodEnd: { type: Date, required: true },
    startedAt: { type: Date, required: true },
    /** `schedule`, or the admin's user id. */
    startedBy: { type: String, required: true },
    policy: { type: String, enum: PAYOUT_POLICY_NAMES, required: true },
    status: { type: String, enum: PAYOUT_RUN_STATUSES, required: true, default: 'running' },
    finishedAt: { type: Date, default: null },
    totals: { type: totalsSchema, default: null },
    /** The Masav credit file of the run's payouts (none when nobody was paid). */
    batch: { type: batchSchema, default: null },
    /**
     * Files of the run already sent to the bank, oldest first, when payouts released from a hold
     * after the sending needed a file of their own (`batch` is then that newer file).
     */
    previousBatches: { type: [batchSchema], default: [] },
  },
  { collection: 'payout_runs', versionKey: false },
);
PayoutRunSchema.index({ period: 1 }, { unique: true });
PayoutRunSchema.index({ startedAt: -1 });

export type PayoutRunRecord = InferSchemaType<typeof PayoutRunSchema>;
export type PayoutRunDocument = HydratedDocument<PayoutRunRecord>;
export type PayoutRunModel = Model<PayoutRunRecord>;
export const PAYOUT_RUN_MODEL = 'PayoutRun';

/**
 * The run of a period: the one already started (whatever its state), or a new one. Two starts
 * at once (the schedule and an admin) meet on the unique period: the loser reads the winner's.
 */
export async function openPayoutRun(
  runs: PayoutRunModel,
  start: {
    period: string;
    periodEnd: Date;
    startedAt: Date;
    startedBy: string;
    policy: PayoutRunRecord['policy'];
  },
): Promise<{ run: PayoutRunDocument; created: boolean }> {
  const existing = await runs.findOne({ period: start.period });
  if (existing) return { run: existing, created: false };
  try {
    const [run] = await runs.create([{ ...start, status: 'running' }]);
    return { run: run as PayoutRunDocument, created: true };
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const winner = await runs.findOne({ period: start.period });
    if (!winner) throw error;
    return { run: winner, created: false };
  }
}
