import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { TAX_STATUSES } from '@mechabrim/contracts';
import { BONUS_RULES } from '@mechabrim/money';

/**
 * A payout's life: `planned` (decided by a run, booked in the ledger, in the run's bank file),
 * `paid` (the batch was sent to the bank), `held` (due, but the author's details wait for an
 * admin's review or were never entered: nothing is booked, the money stays owed and the next
 * run pays it), `returned` (the bank returned the transfer: its ledger entry is reversed).
 */
export const PAYOUT_STATUSES = ['planned', 'paid', 'held', 'returned'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Why a due payout was held. */
export const PAYOUT_HELD_REASONS = ['on-hold', 'no-details'] as const;
export type PayoutHeldReason = (typeof PAYOUT_HELD_REASONS)[number];

const whole = { type: Number, required: true, validate: Number.isInteger } as const;

/** One order line of a statement, as the author can check it against the order. */
const statementLineSchema = new Schema(
  {
    orderId: { type: Schema.Types.ObjectId, required: true },
    orderReference: { type: String, required: true },
    lineIndex: { type: Number, required: true },
    bookId: { type: Schema.Types.ObjectId, default: null },
    bookTitle: { type: String, default: '' },
    copies: whole,
    lineTotalAgorot: whole,
    vatAgorot: whole,
    authorAgorot: whole,
    communityAgorot: whole,
    platformAgorot: whole,
    printAgorot: whole,
    /** The author's share given back in the window (refunds, cancellations, returns). */
    refundsAgorot: whole,
  },
  { _id: false },
);

/** One bonus of a statement: the month it was earned in, its rule and its amount. */
const bonusLineSchema = new Schema(
  {
    month: { type: String, required: true },
    rule: { type: String, enum: BONUS_RULES, required: true },
    amountAgorot: whole,
  },
  { _id: false },
);

/**
 * The statement a payout carries, frozen when the run decided it: the author's ledger lines since
 * their previous statement up to the period's end, the balance carried in, bonuses, withholding,
 * the amount paid and the balance carried over.
 */
const statementSchema = new Schema(
  {
    from: { type: Date, default: null },
    to: { type: Date, required: true },
    lines: { type: [statementLineSchema], default: [] },
    /** The balance before the statement's lines (earlier months not yet paid, or owed back). */
    carriedInAgorot: whole,
    earnedAgorot: whole,
    bonusesAgorot: whole,
    /** The bonuses booked in the statement's window, by month and rule (they sum to the above). */
    bonusLines: { type: [bonusLineSchema], default: [] },
    /** What the author is owed at the period's end: carried in + earned + bonuses. */
    balanceAgorot: whole,
    grossAgorot: whole,
    withheldAgorot: whole,
    netAgorot: whole,
    /** Left owed after the payout (all of the balance when held). */
    carriedOverAgorot: whole,
  },
  { _id: false },
);

/**
 * The bank details the payout was decided for: what the screens show (bank, branch, masked
 * account, tax status), and the account and identity numbers the bank file needs, sealed again
 * with the payout details' key (the payout's id bound in), opened only by the run that writes the
 * file. Nothing readable without the key is stored here either.
 */
const bankSnapshotSchema = new Schema(
  {
    accountHolder: { type: String, required: true },
    bankCode: { type: String, required: true },
    branch: { type: String, required: true },
    accountMasked: { type: String, required: true },
    taxStatus: { type: String, enum: TAX_STATUSES, required: true },
    sealed: {
      type: new Schema(
        {
          v: { type: Number, required: true },
          iv: { type: String, required: true },
          tag: { type: String, required: true },
          data: { type: String, required: true },
        },
        { _id: false },
      ),
      required: true,
    },
  },
  { _id: false },
);

/**
 * One author's payout of one period (issue 23). Unique (author, period): a run that is repeated
 * or resumed after a crash finds the row it wrote and never pays twice. The payout's ledger entry
 * (`payoutLedgerEntry`) is written in the same transaction as the row.
 */
export const PayoutSchema = new Schema(
  {
    runId: { type: Schema.Types.ObjectId, ref: 'PayoutRun', required: true },
    authorId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    period: { type: String, required: true },
    periodEnd: { type: Date, required: true },
    status: { type: String, enum: PAYOUT_STATUSES, required: true },
    heldReason: { type: String, enum: PAYOUT_HELD_REASONS, default: null },
    grossAgorot: whole,
    withheldAgorot: whole,
    netAgorot: whole,
    withholdingPercent: { type: Number, required: true, default: 0 },
    statement: { type: statementSchema, required: true },
    bank: { type: bankSnapshotSchema, default: null },
    createdAt: { type: Date, required: true, default: () => new Date() },
    paidAt: { type: Date, default: null },
    returnedAt: { type: Date, default: null },
    returnedBy: { type: String, default: null },
    /** The statement's PDF under `DATA_DIR` (`payout-statements/<id>.pdf`), once written. */
    statementFileKey: { type: String, default: null },
    /** When the statement's mail was queued (its job id is the payout's: one mail). */
    statementMailedAt: { type: Date, default: null },
  },
  { collection: 'payouts', versionKey: false },
);
PayoutSchema.index({ authorId: 1, period: 1 }, { unique: true });
PayoutSchema.index({ runId: 1, status: 1 });

export type PayoutRecord = InferSchemaType<typeof PayoutSchema>;
export type PayoutDocument = HydratedDocument<PayoutRecord>;
export type PayoutModel = Model<PayoutRecord>;
export const PAYOUT_MODEL = 'Payout';

/** Payouts that moved (or are moving) money: the ones a payout decision subtracts. */
export const PAYOUT_MONEY_STATUSES: readonly PayoutStatus[] = ['planned', 'paid'];
