import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { notifyChanges } from './change-notifier';

/** A reader's review of a book; shown publicly only once approved (spec §3). */
export const ReviewSchema = new Schema(
  {
    book: { type: Schema.Types.ObjectId, ref: 'Book', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** The reviewer's display name at the time of writing. */
    authorName: { type: String, default: '', trim: true, maxlength: 80 },
    content: { type: String, required: true, trim: true, maxlength: 5000 },
    rating: { type: Number, required: true, min: 1, max: 5 },
    isApproved: { type: Boolean, default: false },
    /** Set when an admin rejects the review (it is then never shown), with the reason. */
    rejectedAt: { type: Date, default: null },
    rejectionReason: { type: String, default: '', maxlength: 1000 },
  },
  { timestamps: true, collection: 'reviews' },
);
ReviewSchema.index({ book: 1, isApproved: 1, createdAt: -1 });
ReviewSchema.index({ isApproved: 1, rejectedAt: 1, createdAt: 1 });

notifyChanges(ReviewSchema, 'Review');

export type ReviewRecord = InferSchemaType<typeof ReviewSchema>;
export type ReviewDocument = HydratedDocument<ReviewRecord>;
export type ReviewModel = Model<ReviewRecord>;
export const REVIEW_MODEL = 'Review';
