import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { COMMUNITY_PROJECT_STATUSES } from '@mechabrim/contracts';

const sealedSchema = new Schema(
  {
    v: { type: Number, required: true },
    iv: { type: String, required: true },
    tag: { type: String, required: true },
    data: { type: String, required: true },
  },
  { _id: false },
);

/**
 * Where a project's money is sent: what the admin's screen shows (holder, bank, branch, masked
 * account), and the account and the recipient's identity or association number sealed with the
 * payout details' key (`PAYOUT_DETAILS_KEY`, the owner's id bound in), as an author's are.
 */
const projectBankSchema = new Schema(
  {
    accountHolder: { type: String, required: true },
    bankCode: { type: String, required: true },
    branch: { type: String, required: true },
    accountMasked: { type: String, required: true },
    sealed: { type: sealedSchema, required: true },
  },
  { _id: false },
);

/**
 * A project of the community fund (issue 23 item 7, the spec's community page): name,
 * description, target and status. Admins manage them; a payout run allocates the fund's balance
 * to the active ones (`community_allocations`), which the community page shows.
 */
export const CommunityProjectSchema = new Schema(
  {
    name: { type: String, required: true },
    description: { type: String, default: '' },
    targetAgorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
    status: { type: String, enum: COMMUNITY_PROJECT_STATUSES, required: true },
    bank: { type: projectBankSchema, default: null },
  },
  { collection: 'community_projects', versionKey: false, timestamps: true },
);
CommunityProjectSchema.index({ status: 1, createdAt: 1 });

export type CommunityProjectRecord = InferSchemaType<typeof CommunityProjectSchema>;
export type CommunityProjectDocument = HydratedDocument<CommunityProjectRecord>;
export type CommunityProjectModel = Model<CommunityProjectRecord>;
export const COMMUNITY_PROJECT_MODEL = 'CommunityProject';

/**
 * An allocation's life: `planned` (decided by a run, booked in the ledger, in the run's bank
 * file), `paid` (the batch was sent), `returned` (the bank returned the transfer: its ledger
 * entry is reversed and the money is the fund's again).
 */
export const COMMUNITY_ALLOCATION_STATUSES = ['planned', 'paid', 'returned'] as const;

/**
 * One project's share of the community fund in one payout run. Unique (period, project): the
 * run writes all of a period's allocations in one transaction, so a repeated or resumed run finds
 * them and never allocates twice. Its ledger entry (`allocationLedgerEntry`) is written with it.
 * The bank details are the project's at the run, sealed again with the allocation's id bound in.
 */
export const CommunityAllocationSchema = new Schema(
  {
    runId: { type: Schema.Types.ObjectId, ref: 'PayoutRun', required: true },
    projectId: { type: Schema.Types.ObjectId, ref: 'CommunityProject', required: true },
    period: { type: String, required: true },
    periodEnd: { type: Date, required: true },
    amountAgorot: { type: Number, required: true, min: 1, validate: Number.isInteger },
    status: { type: String, enum: COMMUNITY_ALLOCATION_STATUSES, required: true },
    bank: { type: projectBankSchema, required: true },
    createdAt: { type: Date, required: true, default: () => new Date() },
    /** When an admin recorded that the bank returned the transfer, and who. */
    returnedAt: { type: Date, default: null },
    returnedBy: { type: String, default: null },
  },
  { collection: 'community_allocations', versionKey: false },
);
CommunityAllocationSchema.index({ period: 1, projectId: 1 }, { unique: true });
CommunityAllocationSchema.index({ runId: 1 });

export type CommunityAllocationRecord = InferSchemaType<typeof CommunityAllocationSchema>;
export type CommunityAllocationModel = Model<CommunityAllocationRecord>;
export const COMMUNITY_ALLOCATION_MODEL = 'CommunityAllocation';
