import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { PAYOUT_HOLD_REASONS } from '@mechabrim/contracts';

/**
 * How an author is paid (issue 23): one document per author. The details themselves (holder,
 * bank, branch, account, identity number, tax status) are only ever stored sealed with
 * AES-256-GCM (`@mechabrim/server-kit` sealed box, key `PAYOUT_DETAILS_KEY`, the author's id as
 * additional data): nothing here is readable without the key. `payoutHold` is set when the author
 * changes them and cleared by an admin's release; the payout run skips an author on hold.
 */
export const PayoutDetailsSchema = new Schema(
  {
    /** The author's user id. */
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
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
    payoutHold: {
      type: new Schema(
        {
          reason: { type: String, enum: PAYOUT_HOLD_REASONS, required: true },
          since: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    /** The last release of a hold: when, and by which admin. */
    releasedAt: { type: Date, default: null },
    releasedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true, collection: 'payout_details' },
);
PayoutDetailsSchema.index({ user: 1 }, { unique: true });
PayoutDetailsSchema.index({ 'payoutHold.since': 1 }, { sparse: true });

export type PayoutDetailsRecord = InferSchemaType<typeof PayoutDetailsSchema>;
export type PayoutDetailsDocument = HydratedDocument<PayoutDetailsRecord>;
export type PayoutDetailsModel = Model<PayoutDetailsRecord>;
export const PAYOUT_DETAILS_MODEL = 'PayoutDetails';
